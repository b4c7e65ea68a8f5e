import type { AuthMessages } from './messages';

export const auth: AuthMessages = {
  email: 'Barua pepe',
  password: 'Nenosiri',
  signIn: 'Ingia',

  login: {
    title: 'Karibu Tena',
    intro: 'Ingia kwenye akaunti yako ili ulipe haraka na ufuatilie oda zako.',
    remember: 'Nikumbuke',
    forgot: 'Umesahau nenosiri?',
    submit: 'Ingia',
    busy: 'Inaingia...',
    newHere: 'Mara yako ya kwanza Mifugo Bora?',
    register: 'Fungua akaunti mpya',
  },

  mfa: {
    title: 'Kuingia kwa hatua mbili',
    intro: 'Fungua programu yako ya uthibitisho kisha uandike namba 6 inazoonyesha kwa Mifugo Bora Feeds.',
    introRecovery: 'Andika mojawapo ya misimbo ya dharura uliyohifadhi ulipowasha kuingia kwa hatua mbili. Kila msimbo unafanya kazi mara moja tu.',
    code: 'Namba kutoka kwenye programu',
    recoveryCode: 'Msimbo wa dharura',
    codeRequired: 'Andika namba 6 kutoka kwenye programu yako.',
    recoveryRequired: 'Andika msimbo wa dharura.',
    useRecovery: 'Tumia msimbo wa dharura badala yake',
    useApp: 'Tumia namba ya programu badala yake',
    submit: 'Thibitisha na uingie',
    busy: 'Tunaangalia...',
    failed: 'Hatukuweza kuangalia namba. Tafadhali jaribu tena.',
    startOver: 'Anza tena kwa nenosiri lako',
  },

  register: {
    title: 'Fungua Akaunti Yako',
    intro: 'Agiza chakula cha mifugo na virutubisho, tukuletee popote Kenya, na ufuatilie kila oda.',
    form: 'Fungua akaunti',
    phoneHint: 'Anza na 254, mfano 254712345678.',
    confirm: 'Thibitisha nenosiri',
    agree: 'Nakubali',
    terms: 'Vigezo na Masharti',
    and: 'pamoja na',
    privacy: 'Sera ya Faragha',
    submit: 'Fungua Akaunti',
    busy: 'Tunafungua akaunti...',
    haveAccount: 'Tayari una akaunti?',
    signInExisting: 'Ingia kwenye akaunti yako',
  },

  forgot: {
    title: 'Umesahau Nenosiri',
    intro: 'Weka barua pepe uliyojisajili nayo. Tutakutumia kiungo cha kuchagua nenosiri jipya.',
    form: 'Umesahau nenosiri',
    submit: 'Tuma kiungo',
    busy: 'Inatuma...',
    failed: 'Hatukuweza kutuma kiungo. Tafadhali jaribu tena.',
    noEmail: 'Hujapata barua pepe? Angalia folda ya spam, au omba tena baada ya dakika chache.',
    backToSignIn: 'Rudi kuingia',
    remembered: 'Umelikumbuka?',
  },

  reset: {
    title: 'Weka Nenosiri Jipya',
    intro: 'Chagua nenosiri jipya la akaunti yako.',
    form: 'Weka nenosiri jipya',
    submit: 'Badilisha nenosiri',
    busy: 'Inabadilisha...',
    failed: 'Hatukuweza kubadilisha nenosiri. Tafadhali jaribu tena.',
    linkInvalid: 'Kiungo hiki si sahihi au muda wake umekwisha. Tafadhali omba kingine.',
    askAgain: 'Omba kiungo kipya',
  },
};
