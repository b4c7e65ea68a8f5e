// The Kiswahili dictionary: one chunk, loaded only when Kiswahili is chosen (lib/i18n.ts).
import type { Dictionary } from '../dictionary';
import { about } from './about';
import { app } from './app';
import { cart } from './cart';
import { common } from './common';
import { components } from './components';
import { contact } from './contact';
import { home } from './home';
import { legal } from './legal';
import { product } from './product';
import { shop } from './shop';

export const sw: Dictionary = {
  about,
  app,
  cart,
  common,
  components,
  contact,
  home,
  legal,
  product,
  shop,
};
