// The Kiswahili dictionary: one chunk, loaded only when Kiswahili is chosen (shared/i18n/i18n.ts).
import type { Dictionary } from '../dictionary';
import { about } from './about';
import { account } from './account';
import { app } from './app';
import { auth } from './auth';
import { cart } from './cart';
import { checkout } from './checkout';
import { common } from './common';
import { components } from './components';
import { contact } from './contact';
import { forms } from './forms';
import { home } from './home';
import { legal } from './legal';
import { order } from './order';
import { orders } from './orders';
import { product } from './product';
import { shop } from './shop';
import { track } from './track';

export const sw: Dictionary = {
  about,
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
  shop,
  track,
};
