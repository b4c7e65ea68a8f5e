// The words of the account page's 'Your data' part (docs/product.md, My Account), in the
// catalogue (lib/messages/account.ts). The server's messages for the same mistakes are in
// internal/account and internal/privacy, in the same words.
import { liveTexts } from '../../lib/i18n';
import { accountMessages } from '../../lib/messages/account';

export const DATA_MSG = liveTexts(() => accountMessages().data);
