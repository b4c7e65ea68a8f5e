// The shape of the whole catalogue: one part per area of the shop, each the type of its English
// texts. The Kiswahili dictionary (sw/index.ts) must match it key for key, so a missing or extra
// text fails the build (docs/i18n.md).
import type { AboutMessages } from './about';
import type { AppMessages } from './app';
import type { CartMessages } from './cart';
import type { CommonMessages } from './common';
import type { ComponentsMessages } from './components';
import type { ContactMessages } from './contact';
import type { HomeMessages } from './home';
import type { LegalMessages } from './legal';
import type { ProductMessages } from './product';
import type { ShopMessages } from './shop';

export interface Dictionary {
  about: AboutMessages;
  app: AppMessages;
  cart: CartMessages;
  common: CommonMessages;
  components: ComponentsMessages;
  contact: ContactMessages;
  home: HomeMessages;
  legal: LegalMessages;
  product: ProductMessages;
  shop: ShopMessages;
}
