// The texts of the frame around every page: header, menu, footer, notices about the app itself,
// the error screen, and the business's own words.
import { messages } from '../i18n';

const en = {
  tagline: 'Animal feeds, dewormers & supplements in Kenya',
  chatFirstMessage: 'Hello Mifugo Bora Feeds, I would like to ask about your products.',

  skipToContent: 'Skip to content',
  loadingPage: 'Loading page',
  mainNav: 'Main',
  menu: 'Menu',
  nav: { home: 'Home', shop: 'Shop', track: 'Track order', about: 'About', contact: 'Contact' },
  search: { label: 'Search products', open: 'Open search', go: 'Search' },
  categories: {
    feeds: 'Animal Feeds',
    dewormers: 'Dewormers',
    supplements: 'Supplements',
    chemicals: 'Chemicals',
    dcp: 'Dicalcium Phosphate (DCP)',
  },
  cart: 'Cart',
  cartWithItems: (n: number) => `Cart, ${n} ${n === 1 ? 'item' : 'items'}`,

  language: 'Language',

  account: {
    signIn: 'Sign in',
    myAccount: 'My account',
    menu: (name: string) => `${name}, account menu`,
    signedInAs: 'Signed in as',
    signOut: 'Sign out',
  },

  newsletter: {
    title: 'Newsletter',
    pitch: 'Feeding tips, new products and offers, about once a month.',
    email: 'Email address',
    subscribe: 'Subscribe',
    subscribing: 'Subscribing...',
    failed: 'Could not subscribe. Please try again.',
  },

  footer: {
    products: 'Products',
    contactUs: 'Contact Us',
    phone: 'Phone:',
    email: 'Email:',
    whatsapp: 'Chat with us on WhatsApp',
    navigation: 'Navigation',
    myAccount: 'My Account',
    company: 'Our Company',
    about: (years: number) => `Quality livestock nutrition for Kenyan farmers for over ${years} years, with delivery across the country.`,
    aboutUs: 'About Us',
    terms: 'Terms & Conditions',
    privacy: 'Privacy Policy',
    followUs: 'Follow us',
    rights: (year: number, name: string) => `© ${year} ${name}. All rights reserved.`,
    weAccept: 'We accept',
    paymentMethods: 'Payment methods',
  },

  offline: 'You are offline, showing saved products',
  checkoutOffline: 'You are offline. Completing an order needs a connection: your cart is kept, try again when you are back online.',
  updateReady: 'A new version of the shop is ready.',
  reloadToUpdate: 'Reload to update',
  installOffer: 'Shop faster next time: add Mifugo Bora Feeds to your home screen.',
  install: 'Install the app',
  notNow: 'Not now',
  dataSaver: 'Data saver',
  dataSaverHint: 'Fewer pictures, no moving slides and no map: saves your bundles.',
  dataSaverOn: 'On',
  dataSaverOff: 'Off',

  error: {
    notFoundTitle: 'Page not found',
    failedTitle: 'Something went wrong',
    heading: 'Unexpected Application Error!',
    notFound: 'We could not find the page you were looking for.',
    failed: 'Something went wrong while showing this page. Please try again.',
    tryAgain: 'Try again',
  },
};

export type AppMessages = typeof en;
export const appMessages = () => messages('app', en);
