// The main navigation, shared by the header and the footer.
export interface NavItem {
  to: string;
  label: string;
}

export const MAIN_NAV: readonly NavItem[] = [
  { to: '/', label: 'Home' },
  { to: '/shop', label: 'Shop' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
];

export const PRODUCT_LINKS: readonly NavItem[] = [
  { to: '/shop?category=feeds', label: 'Animal Feeds' },
  { to: '/shop?category=dewormers', label: 'Dewormers' },
  { to: '/shop?category=supplements', label: 'Supplements' },
  { to: '/shop?category=chemicals', label: 'Chemicals' },
  { to: '/shop?category=dcp', label: 'Dicalcium Phosphate (DCP)' },
];
