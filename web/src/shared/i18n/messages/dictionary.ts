// The shape of the whole catalogue: one part per area of the shop, each the type of its English
// texts. The Kiswahili dictionary (sw/index.ts) must match it key for key, so a missing or extra
// text fails the build (docs/i18n.md).
import type { AboutMessages } from './about';
import type { AccountMessages } from './account';
import type { AppMessages } from './app';
import type { AuthMessages } from './auth';
import type { CartMessages } from './cart';
import type { CheckoutMessages } from './checkout';
import type { CommonMessages } from './common';
import type { ComponentsMessages } from './components';
import type { ContactMessages } from './contact';
import type { FormsMessages } from './forms';
import type { HomeMessages } from './home';
import type { LegalMessages } from './legal';
import type { OrderMessages } from './order';
import type { OrdersMessages } from './orders';
import type { ProductMessages } from './product';
import type { ShopMessages } from './shop';
import type { TrackMessages } from './track';

export interface Dictionary {
  about: AboutMessages;
  account: AccountMessages;
  app: AppMessages;
  auth: AuthMessages;
  cart: CartMessages;
  checkout: CheckoutMessages;
  common: CommonMessages;
  components: ComponentsMessages;
  contact: ContactMessages;
  forms: FormsMessages;
  home: HomeMessages;
  legal: LegalMessages;
  order: OrderMessages;
  orders: OrdersMessages;
  product: ProductMessages;
  shop: ShopMessages;
  track: TrackMessages;
}
