// The words of the account page's 'Your data' part (docs/product.md, My Account), in the
// catalogue (shared/i18n/messages/account.ts). The server's messages for the same mistakes are in
// internal/account and internal/privacy, in the same words.
import { liveTexts } from '../../shared/i18n/i18n';
import { accountMessages } from '../../shared/i18n/messages/account';

export const DATA_MSG = liveTexts(() => accountMessages().data);
