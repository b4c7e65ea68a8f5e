import type { AppMessages } from './app';

export const app: AppMessages = {
  tagline: 'Chakula cha mifugo, dawa za minyoo na virutubisho',
  chatFirstMessage: 'Habari Mifugo Bora Feeds, ningependa kuuliza kuhusu bidhaa zenu.',

  skipToContent: 'Ruka hadi maudhui',
  loadingPage: 'Ukurasa unafunguka',
  mainNav: 'Menyu kuu',
  menu: 'Menyu',
  nav: { home: 'Nyumbani', shop: 'Duka', track: 'Fuatilia oda', about: 'Kuhusu sisi', contact: 'Wasiliana nasi' },
  search: { label: 'Tafuta bidhaa', open: 'Fungua utafutaji', go: 'Tafuta' },
  categories: {
    feeds: 'Chakula cha Mifugo',
    dewormers: 'Dawa za Minyoo',
    supplements: 'Virutubisho',
    chemicals: 'Dawa na Kemikali',
    dcp: 'Dicalcium Phosphate (DCP)',
  },
  cart: 'Kikapu',
  cartWithItems: (n: number) => `Kikapu, ${n === 1 ? 'bidhaa 1' : `bidhaa ${n}`}`,

  language: 'Lugha',

  account: {
    signIn: 'Ingia',
    myAccount: 'Akaunti yangu',
    menu: (name: string) => `${name}, menyu ya akaunti`,
    signedInAs: 'Umeingia kama',
    signOut: 'Toka',
  },

  newsletter: {
    title: 'Jarida',
    pitch: 'Vidokezo vya ulishaji, bidhaa mpya na ofa, karibu mara moja kwa mwezi.',
    email: 'Barua pepe',
    subscribe: 'Jiunge',
    subscribing: 'Inajiunga...',
    failed: 'Imeshindikana kujiunga. Tafadhali jaribu tena.',
  },

  footer: {
    products: 'Bidhaa',
    contactUs: 'Wasiliana Nasi',
    phone: 'Simu:',
    email: 'Barua pepe:',
    whatsapp: 'Ongea nasi kwenye WhatsApp',
    navigation: 'Kurasa',
    myAccount: 'Akaunti Yangu',
    company: 'Kampuni Yetu',
    about: (years: number) => `Lishe bora ya mifugo kwa wakulima wa Kenya kwa zaidi ya miaka ${years}, tunaleta mzigo kote nchini.`,
    aboutUs: 'Kuhusu Sisi',
    terms: 'Vigezo na Masharti',
    privacy: 'Sera ya Faragha',
    followUs: 'Tufuate',
    rights: (year: number, name: string) => `© ${year} ${name}. Haki zote zimehifadhiwa.`,
    weAccept: 'Tunapokea',
    paymentMethods: 'Njia za kulipa',
  },

  offline: 'Huna mtandao, unaona bidhaa ulizohifadhi',
  checkoutOffline: 'Huna mtandao. Kukamilisha oda kunahitaji mtandao: kikapu chako kimehifadhiwa, jaribu tena ukirudi mtandaoni.',
  updateReady: 'Toleo jipya la duka liko tayari.',
  reloadToUpdate: 'Fungua upya kusasisha',
  installOffer: 'Nunua haraka zaidi wakati ujao: weka Mifugo Bora Feeds kwenye skrini ya simu yako.',
  install: 'Weka programu',
  notNow: 'Si sasa',
  dataSaver: 'Okoa data',
  dataSaverHint: 'Picha chache, slaidi hazijisogezi na hakuna ramani: unaokoa bando lako.',
  dataSaverOn: 'Imewashwa',
  dataSaverOff: 'Imezimwa',

  error: {
    notFoundTitle: 'Ukurasa haupatikani',
    failedTitle: 'Kuna hitilafu',
    heading: 'Samahani, kuna hitilafu!',
    notFound: 'Hatukupata ukurasa uliokuwa unatafuta.',
    failed: 'Kuna hitilafu wakati wa kuonyesha ukurasa huu. Tafadhali jaribu tena.',
    tryAgain: 'Jaribu tena',
  },
};
