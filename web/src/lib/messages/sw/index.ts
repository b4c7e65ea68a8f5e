// The Kiswahili dictionary: one chunk, loaded only when Kiswahili is chosen (lib/i18n.ts).
import type { Dictionary } from '../dictionary';
import { about } from './about';
import { app } from './app';
import { common } from './common';
import { contact } from './contact';
import { legal } from './legal';

export const sw: Dictionary = {
  about,
  app,
  common,
  contact,
  legal,
};
