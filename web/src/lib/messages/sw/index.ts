// The Kiswahili dictionary: one chunk, loaded only when Kiswahili is chosen (lib/i18n.ts).
import type { Dictionary } from '../dictionary';
import { app } from './app';
import { cart } from './cart';
import { common } from './common';
import { components } from './components';
import { home } from './home';
import { product } from './product';
import { shop } from './shop';

export const sw: Dictionary = {
  app,
  cart,
  common,
  components,
  home,
  product,
  shop,
};
