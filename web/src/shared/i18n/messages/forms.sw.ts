import type { FormsMessages } from './forms';

export const forms: FormsMessages = {
  optional: '(si lazima)',
  show: 'Onyesha',
  hide: 'Ficha',
  showField: (label: string) => `Onyesha ${label}`,
  hideField: (label: string) => `Ficha ${label}`,
  newPassword: 'Nenosiri jipya',
  confirmNewPassword: 'Thibitisha nenosiri jipya',
  newPasswordHint: 'Angalau herufi 8, zikiwemo herufi kubwa, herufi ndogo na namba.',
  noCountyMatches: (typed: string) => `Hakuna kaunti inayolingana na “${typed}”`,
  phoneNumber: 'Namba ya simu',
  firstName: 'Jina la kwanza',
  lastName: 'Jina la mwisho',
};
