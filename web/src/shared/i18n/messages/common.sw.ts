import type { CommonMessages } from './common';

export const common: CommonMessages = {
  networkError: 'Imeshindikana kufikia duka. Tafadhali angalia mtandao wako kisha ujaribu tena.',
  unreadableAnswer: 'Duka limetuma jibu lisilosomeka.',
  months: ['Januari', 'Februari', 'Machi', 'Aprili', 'Mei', 'Juni', 'Julai', 'Agosti', 'Septemba', 'Oktoba', 'Novemba', 'Desemba'],
  emailRequired: 'Barua pepe inahitajika',
  emailInvalid: 'Tafadhali weka barua pepe sahihi',
  phoneRequired: 'Namba ya simu inahitajika',
  mpesaPhoneRequired: 'Namba ya simu ya M-Pesa inahitajika',
  phoneInvalid: 'Tafadhali weka namba sahihi ya simu ya Kenya (mfano 0712 345 678)',
};
