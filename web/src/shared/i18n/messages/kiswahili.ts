// The Kiswahili dictionary's own chunk (kiswahili-<hash>.js, which `make audit` looks for): what
// shared/i18n/i18n.ts loads when Kiswahili is chosen.
export { sw } from './sw/index';
