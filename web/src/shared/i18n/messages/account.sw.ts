import type { AccountMessages } from './account';

export const account: AccountMessages = {
  title: 'Akaunti Yangu',
  signedInAs: 'Umeingia kama',
  backToShop: 'Rudi dukani',

  details: {
    title: 'Taarifa zako',
    phoneHint: 'Mfano 0712 345 678 au 254712345678.',
    kraPin: 'PIN ya KRA',
    kraPinHint: 'Kwa ankara za kodi, mfano P051234567X',
    saved: 'Taarifa zako zimehifadhiwa.',
    failed: 'Hatukuweza kuhifadhi taarifa zako. Tafadhali jaribu tena.',
    save: 'Hifadhi mabadiliko',
    saving: 'Inahifadhi...',
  },

  password: {
    title: 'Badilisha nenosiri',
    current: 'Nenosiri la sasa',
    failed: 'Hatukuweza kubadilisha nenosiri lako. Tafadhali jaribu tena.',
    change: 'Badilisha nenosiri',
    changing: 'Inabadilisha...',
  },

  orders: {
    title: 'Oda zako',
    loading: 'Tunafungua oda zako...',
    failed: 'Hatukuweza kupata oda zako.',
    none: 'Bado huna oda yoyote.',
    browse: 'Angalia bidhaa zetu',
    date: 'Tarehe',
    status: 'Hali',
    total: 'Jumla',
    stillToPay: (amount: string) => `Kiasi kilichobaki: ${amount}`,
    received: (amount: string) => `tumepokea ${amount}`,
    items: 'Bidhaa',
    collectFrom: 'Chukua kutoka',
    delivery: 'Kuletewa',
    view: (orderId: string) => `Angalia oda ${orderId}`,
  },

  confirmPhone: {
    title: 'Thibitisha simu yako',
    intro: (phone: string) =>
      `Oda ulizoweka bila akaunti kwa namba ${phone} zitaingia kwenye akaunti hii ukithibitisha namba. Tutakutumia nambari ya tarakimu 6 kwa SMS.`,
    send: 'Nitumie nambari',
    sending: 'Tunatuma...',
    resend: 'Tuma nambari mpya',
    code: 'Nambari kutoka kwenye SMS',
    codeRequired: 'Andika nambari ya tarakimu 6 iliyo kwenye SMS.',
    confirm: 'Thibitisha',
    confirming: 'Tunathibitisha...',
    failed: 'Imeshindikana kuthibitisha simu yako. Tafadhali jaribu tena.',
    attached: (n: number) => (n === 1 ? 'Oda moja ya awali sasa iko kwenye akaunti yako.' : `Oda ${n} za awali sasa ziko kwenye akaunti yako.`),
  },

  reminders: {
    title: 'Vikumbusho',
    label: 'Nitumie SMS siku chache kabla chakula changu hakijaisha (jibu 1 kuagiza tena, STOP kusitisha)',
    noPhone: 'Weka namba yako ya simu hapo juu ili upate vikumbusho kwa SMS.',
    failed: 'Imeshindikana kuhifadhi chaguo lako. Tafadhali jaribu tena.',
  },

  data: {
    title: 'Data yako',
    intro:
      'Pakua nakala ya kila kitu tunachohifadhi kukuhusu, au ufute akaunti yako. Oda zako zinabaki kwenye hesabu zetu kama sheria inavyotaka, lakini bila jina lako, barua pepe, namba ya simu wala mahali ulipo.',
    download: 'Pakua data yangu',
    downloading: 'Tunaandaa...',
    downloaded: 'Data yako imepakuliwa.',
    downloadFailed: 'Hatukuweza kuandaa data yako. Tafadhali jaribu tena.',
    deleteHeading: 'Futa akaunti yangu',
    deleteWarning:
      'Hili haliwezi kurudishwa nyuma. Utatolewa kwenye akaunti kila mahali, utaondolewa kwenye jarida, na jumbe zako kwetu zitafutwa.',
    passwordLabel: 'Nenosiri lako',
    deleteButton: 'Futa akaunti yangu',
    deleting: 'Tunafuta...',
    deleteFailed: 'Hatukuweza kufuta akaunti yako. Tafadhali jaribu tena.',
    confirm: 'Ufute akaunti yako kabisa? Hili haliwezi kurudishwa nyuma.',
    deletedTitle: 'Akaunti yako imefutwa',
    deletedText: 'Asante kwa kununua kutoka Mifugo Bora Feeds. Umetoka kwenye akaunti, na taarifa zako binafsi zimeondolewa kwenye duka letu.',
  },

  rules: {
    passwordRequired: 'Nenosiri linahitajika',
    passwordMin6: 'Nenosiri liwe na angalau herufi 6',
    passwordMin8: 'Nenosiri liwe na angalau herufi 8',
    passwordStrength: 'Nenosiri liwe na angalau herufi kubwa moja, herufi ndogo moja na namba moja',
    passwordTooLong: 'Nenosiri lisizidi herufi 128',
    firstName: 'Jina la kwanza linahitajika',
    firstNameTooLong: 'Jina la kwanza lisizidi herufi 100',
    lastName: 'Jina la mwisho linahitajika',
    lastNameTooLong: 'Jina la mwisho lisizidi herufi 100',
    phoneInvalid: 'Tafadhali weka namba sahihi ya simu ya Kenya (254XXXXXXXXX)',
    kraPin: 'Andika PIN ya KRA kama P051234567X: A au P, tarakimu tisa na herufi moja',
    confirmRequired: 'Tafadhali thibitisha nenosiri lako',
    confirmMismatch: 'Nenosiri hazilingani',
    terms: 'Tafadhali kubali Vigezo na Masharti pamoja na Sera ya Faragha',
    currentPassword: 'Tafadhali weka nenosiri lako la sasa',
    emailTaken: 'Barua pepe hii tayari imesajiliwa',
    loginFailed: 'Barua pepe au nenosiri si sahihi. Tafadhali jaribu tena.',
    registerFailed: 'Usajili haukufaulu. Tafadhali jaribu tena.',
  },
};
