// The Kiswahili dictionary: one chunk, loaded only when Kiswahili is chosen (lib/i18n.ts).
import type { Dictionary } from '../dictionary';
import { app } from './app';
import { common } from './common';
import { forms } from './forms';
import { orders } from './orders';

export const sw: Dictionary = {
  app,
  common,
  forms,
  orders,
};
