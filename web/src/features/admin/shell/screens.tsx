import type { ReactNode } from 'react';
import type { Me } from '../../../shared/api/shapes';
import { allows, permissionsOf, type Permission } from '../../../shared/hooks/permissions';
import { CategoriesTab } from '../catalogue/CategoriesTab';
import { ImportExportTab } from '../catalogue/ImportExportTab';
import { ProductsTab } from '../catalogue/ProductsTab';
import { ReviewsTab } from '../catalogue/ReviewsTab';
import { DeliveryTab } from '../delivery/DeliveryTab';
import { CouponsTab } from '../money/CouponsTab';
import { EtimsTab } from '../money/EtimsTab';
import { PaymentsTab } from '../money/PaymentsTab';
import { ReportsTab } from '../money/ReportsTab';
import { VatTab } from '../money/VatTab';
import { OrdersTab } from '../orders/OrdersTab';
import { AuditTab, MessagesTab, SubscribersTab } from '../people/InboxTabs';
import { UsersTab } from '../people/UsersTab';
import { DashboardTab } from './DashboardTab';

// Every screen of the back office, the only list of them: its address under /admin/, its place in
// the side navigation and the permission that shows it (the server checks the permission again on
// every call). A new screen is one line here. A screen's own records and filters live under its
// address (/admin/orders/ORDER-…, /admin/products/12, /admin/orders?status=paid), read from the URL
// by the screen itself, so reload, Back and a shared link open the same thing.

export type Group = 'orders' | 'catalogue' | 'delivery' | 'money' | 'people' | 'settings';

export const GROUPS: { id: Group; label: string }[] = [
  { id: 'orders', label: 'Orders' },
  { id: 'catalogue', label: 'Catalogue' },
  { id: 'delivery', label: 'Delivery' },
  { id: 'money', label: 'Money' },
  { id: 'people', label: 'People' },
  { id: 'settings', label: 'Settings' },
];

export interface Screen {
  /** Its address under /admin/ ('' for the dashboard). */
  path: string;
  label: string;
  /** Where the side navigation lists it; the dashboard stands above the groups. */
  group: Group | null;
  /** The permission (me.permissions, docs/product.md "Roles") that shows it, any of several; none: every role. */
  permission?: Permission | readonly Permission[];
  render: (me: Me) => ReactNode;
}

export const SCREENS: Screen[] = [
  { path: '', label: 'Dashboard', group: null, render: () => <DashboardTab /> },
  { path: 'orders', label: 'Orders', group: 'orders', permission: 'orders', render: () => <OrdersTab /> },
  { path: 'messages', label: 'Messages', group: 'orders', permission: 'messages', render: () => <MessagesTab /> },
  { path: 'products', label: 'Products', group: 'catalogue', permission: ['catalogue', 'stock'], render: () => <ProductsTab /> },
  { path: 'categories', label: 'Categories', group: 'catalogue', permission: 'catalogue', render: () => <CategoriesTab /> },
  { path: 'import', label: 'Import/Export', group: 'catalogue', permission: 'catalogue', render: () => <ImportExportTab /> },
  { path: 'reviews', label: 'Reviews', group: 'catalogue', permission: 'catalogue', render: () => <ReviewsTab /> },
  { path: 'delivery', label: 'Zones, pickup, couriers', group: 'delivery', permission: 'delivery', render: () => <DeliveryTab /> },
  { path: 'payments', label: 'Payments', group: 'money', permission: 'refunds', render: () => <PaymentsTab /> },
  { path: 'reports', label: 'Reports', group: 'money', permission: 'reports', render: () => <ReportsTab /> },
  { path: 'coupons', label: 'Coupons', group: 'money', permission: 'prices', render: () => <CouponsTab /> },
  { path: 'vat', label: 'VAT', group: 'money', permission: 'prices', render: () => <VatTab /> },
  { path: 'etims', label: 'eTIMS', group: 'money', permission: 'settings', render: () => <EtimsTab /> },
  { path: 'users', label: 'Users', group: 'people', permission: ['customers', 'staff'], render: (me) => <UsersTab me={me} /> },
  { path: 'subscribers', label: 'Subscribers', group: 'people', permission: 'customers', render: () => <SubscribersTab /> },
  { path: 'audit', label: 'Audit log', group: 'settings', permission: 'settings', render: () => <AuditTab /> },
];

/** Whether the signed-in person's permissions (all without the field, before roles) show a screen. */
export function can(me: Me, permission: Screen['permission']): boolean {
  return allows(permissionsOf(me), permission);
}
