// The texts of the form kit (shared/ui/form): what a field says around the farmer's own words.
import { messages } from '../i18n';

const en = {
  optional: '(optional)',
  show: 'Show',
  hide: 'Hide',
  /** label: the field's label, in lower case. */
  /** label: the field's own, in lower case. */
  showField: (label: string) => `Show ${label}`,
  hideField: (label: string) => `Hide ${label}`,
  newPassword: 'New password',
  confirmNewPassword: 'Confirm new password',
  newPasswordHint: 'At least 8 characters, with an upper-case letter, a lower-case letter and a number.',
  noCountyMatches: (typed: string) => `No county matches “${typed}”`,
  phoneNumber: 'Phone number',
  firstName: 'First name',
  lastName: 'Last name',
};

export type FormsMessages = typeof en;
export const formsMessages = () => messages('forms', en);
