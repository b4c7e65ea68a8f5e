// The shape of the whole catalogue: one part per area of the shop, each the type of its English
// texts (a feature's messages.ts, or shared/i18n/messages/ for the parts the shared layers and
// several features read). The Kiswahili dictionary (kiswahili.ts) must match it key for key, so a missing or extra
// text fails the build (docs/i18n.md).
import type { AboutMessages } from '../features/about/messages';
import type { AgentMessages } from '../features/agent/messages';
import type { AccountMessages } from '../shared/i18n/messages/account';
import type { AppMessages } from '../shared/i18n/messages/app';
import type { AuthMessages } from '../features/auth/messages';
import type { CartMessages } from '../features/cart/messages';
import type { CheckoutMessages } from '../features/checkout/messages';
import type { CommonMessages } from '../shared/i18n/messages/common';
import type { ComponentsMessages } from '../shared/i18n/messages/components';
import type { ContactMessages } from '../features/contact/messages';
import type { FormsMessages } from '../shared/i18n/messages/forms';
import type { HomeMessages } from '../features/home/messages';
import type { LegalMessages } from '../features/legal/messages';
import type { OrderMessages } from '../features/order/messages';
import type { OrdersMessages } from '../shared/i18n/messages/orders';
import type { ProductMessages } from '../features/product/messages';
import type { RiderMessages } from '../features/rider/messages';
import type { SecurityMessages } from '../features/account/messages';
import type { ShopMessages } from '../features/shop/messages';
import type { TrackMessages } from '../features/track/messages';

export interface Dictionary {
  about: AboutMessages;
  agent: AgentMessages;
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
  rider: RiderMessages;
  security: SecurityMessages;
  shop: ShopMessages;
  track: TrackMessages;
}
