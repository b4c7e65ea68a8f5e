// The shape of the whole catalogue: one part per area of the shop, each the type of its English
// texts. The Kiswahili dictionary (sw/index.ts) must match it key for key, so a missing or extra
// text fails the build (docs/i18n.md).
import type { AccountMessages } from './account';
import type { AppMessages } from './app';
import type { AuthMessages } from './auth';
import type { CheckoutMessages } from './checkout';
import type { CommonMessages } from './common';
import type { FormsMessages } from './forms';
import type { OrderMessages } from './order';
import type { OrdersMessages } from './orders';
import type { TrackMessages } from './track';

export interface Dictionary {
  account: AccountMessages;
  app: AppMessages;
  auth: AuthMessages;
  checkout: CheckoutMessages;
  common: CommonMessages;
  forms: FormsMessages;
  order: OrderMessages;
  orders: OrdersMessages;
  track: TrackMessages;
}
