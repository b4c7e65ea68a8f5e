// The Kiswahili dictionary: every part's words (each beside its feature or shared layer, in
// messages.sw.ts) gathered into one chunk, kiswahili-<hash>.js, which `make audit` looks for.
// main.tsx imports it only when Kiswahili is chosen (shared/i18n/i18n.ts); nothing else of the
// app may import a messages.sw.ts file, or its words would ride in an English chunk.
import type { Dictionary } from './dictionary';
import { about } from '../features/about/messages.sw';
import { agent } from '../features/agent/messages.sw';
import { account } from '../shared/i18n/messages/account.sw';
import { app } from '../shared/i18n/messages/app.sw';
import { auth } from '../features/auth/messages.sw';
import { cart } from '../features/cart/messages.sw';
import { checkout } from '../features/checkout/messages.sw';
import { common } from '../shared/i18n/messages/common.sw';
import { components } from '../shared/i18n/messages/components.sw';
import { contact } from '../features/contact/messages.sw';
import { forms } from '../shared/i18n/messages/forms.sw';
import { home } from '../features/home/messages.sw';
import { legal } from '../features/legal/messages.sw';
import { order } from '../features/order/messages.sw';
import { orders } from '../shared/i18n/messages/orders.sw';
import { product } from '../features/product/messages.sw';
import { security } from '../features/account/messages.sw';
import { shop } from '../features/shop/messages.sw';
import { rider } from '../features/rider/messages.sw';
import { track } from '../features/track/messages.sw';

export const sw: Dictionary = {
  about,
  agent,
  account,
  app,
  auth,
  cart,
  checkout,
  common,
  components,
  contact,
  forms,
  home,
  legal,
  order,
  orders,
  product,
  security,
  shop,
  rider,
  track,
};
