// What the installable app, the offline mode and the data saver say to the customer: in one
// place, so that a catalogue of translations can take them later.
export const APP_TEXTS = {
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
} as const;
