// The Kiswahili dictionary: one chunk, loaded only when Kiswahili is chosen (lib/i18n.ts).
import type { Dictionary } from '../dictionary';
import { app } from './app';
import { checkout } from './checkout';
import { common } from './common';
import { forms } from './forms';
import { orders } from './orders';

export const sw: Dictionary = {
  app,
  checkout,
  common,
  forms,
  orders,
};
