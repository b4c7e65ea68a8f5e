import type { TrackMessages } from './messages';

export const track: TrackMessages = {
  title: 'Fuatilia Oda Yako',
  intro: 'Weka namba ya oda iliyo kwenye SMS au risiti yako, na namba ya simu uliyotoa ulipoagiza.',
  form: 'Fuatilia oda',
  orderNumber: 'Namba ya oda',
  orderRequired: 'Weka namba ya oda yako (ORDER-…)',
  phoneRequired: 'Weka namba ya simu uliyotoa ulipoagiza',
  failed: 'Imeshindikana kufikia duka. Tafadhali angalia mtandao wako kisha ujaribu tena.',
  submit: 'Fuatilia oda',
  looking: 'Tunatafuta…',
  yourOrder: 'Oda yako',
  busy: 'Umejaribu mara nyingi mno. Tafadhali subiri dakika chache, au utupigie simu ukiwa na namba ya oda yako.',
};
