// The Kiswahili dictionary: one chunk, loaded only when Kiswahili is chosen (lib/i18n.ts).
import type { Dictionary } from '../dictionary';
import { account } from './account';
import { app } from './app';
import { auth } from './auth';
import { checkout } from './checkout';
import { common } from './common';
import { forms } from './forms';
import { order } from './order';
import { orders } from './orders';
import { track } from './track';

export const sw: Dictionary = {
  account,
  app,
  auth,
  checkout,
  common,
  forms,
  order,
  orders,
  track,
};
