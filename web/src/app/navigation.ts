// The main navigation, shared by the header and the footer.
import { appMessages } from '../shared/i18n/messages/app';

export interface NavItem {
  to: string;
  label: string;
}

export function mainNav(): NavItem[] {
  const m = appMessages().nav;
  return [
    { to: '/', label: m.home },
    { to: '/shop', label: m.shop },
    { to: '/about', label: m.about },
    { to: '/contact', label: m.contact },
  ];
}

/** The shop's main categories, by their slugs (the catalogue names each). */
const PRODUCT_CATEGORIES = ['feeds', 'dewormers', 'supplements', 'chemicals', 'dcp'] as const;

export function productLinks(): NavItem[] {
  const m = appMessages().categories;
  return PRODUCT_CATEGORIES.map((slug) => ({ to: `/shop?category=${slug}`, label: m[slug] }));
}
