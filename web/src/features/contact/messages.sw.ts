import type { ContactMessages } from './messages';

export const contact: ContactMessages = {
  title: 'Wasiliana Nasi',
  intro: 'Una swali kuhusu ulishaji, oda, bei za jumla au fomula maalum ya chakula? Tupigie simu, tutumie barua pepe au ujumbe.',
  details: 'Maelezo yetu',
  phone: 'Simu',
  email: 'Barua pepe',
  location: 'Mahali',
  hours: 'Saa za kazi',
  replies: 'Majibu',
  repliesWithin: 'Tunajibu ndani ya saa 24.',
  findUs: 'Mahali tulipo',
  ussd: 'Agiza kwa simu yoyote',
  ussdNoData: 'Piga kwenye simu yoyote, bila intaneti.',

  form: {
    title: 'Tutumie ujumbe',
    allRequired: 'Sehemu zote zinahitajika.',
    name: 'Jina',
    email: 'Barua pepe',
    subject: 'Mada',
    message: 'Ujumbe',
    chooseSubject: 'Chagua mada',
    send: 'Tuma Ujumbe',
    sending: 'Inatuma...',
    sent: 'Ujumbe Umetumwa!',
    tryAgain: 'Hitilafu - Jaribu Tena',
    notSent: 'Ujumbe wako haukutumwa. Tafadhali angalia fomu kisha ujaribu tena.',
    submitted: 'Umetumwa',
    willReachOut: 'Tutawasiliana nawe!',
    close: 'Funga',
  },

  subjects: {
    general: 'Maswali ya kawaida',
    order: 'Msaada kuhusu oda',
    custom: 'Fomula maalum ya chakula cha mifugo',
    wholesale: 'Oda za jumla na oda kubwa',
    press: 'Waandishi na vyombo vya habari',
  },

  errors: {
    nameRequired: 'Jina linahitajika',
    nameTooLong: 'Jina lisizidi herufi 100',
    subjectRequired: 'Tafadhali chagua mada',
    messageRequired: 'Ujumbe unahitajika',
    messageTooLong: 'Ujumbe usizidi herufi 5000',
  },
};
