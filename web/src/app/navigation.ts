// The main navigation, shared by the header and the footer.
import { appMessages } from '../lib/messages/app';

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

export function productLinks(): NavItem[] {
  const m = appMessages().categories;
  return [
    { to: '/shop?category=feeds', label: m.feeds },
    { to: '/shop?category=dewormers', label: m.dewormers },
    { to: '/shop?category=supplements', label: m.supplements },
    { to: '/shop?category=chemicals', label: m.chemicals },
    { to: '/shop?category=dcp', label: m.dcp },
  ];
}
