import { useRef, type KeyboardEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Page } from '../../../shared/ui/Page';
import { getAuthToken } from '../../../shared/api/authToken';
import type { Me } from '../../../shared/api/shapes';
import { adminApi } from '../../../shared/api/admin';
import { CategoriesTab } from '../catalogue/CategoriesTab';
import { CouponsTab } from '../money/CouponsTab';
import { DashboardTab } from './DashboardTab';
import { DeliveryTab } from '../delivery/DeliveryTab';
import { AuditTab, MessagesTab, SubscribersTab } from '../people/InboxTabs';
import { ImportExportTab } from '../catalogue/ImportExportTab';
import { OrdersTab } from '../orders/OrdersTab';
import { ProductsTab } from '../catalogue/ProductsTab';
import { ReviewsTab } from '../catalogue/ReviewsTab';
import { ReportsTab } from '../money/ReportsTab';
import { LoadError, mustSignIn } from '../../../shared/ui/controls';
import { useResource } from '../../../shared/hooks/useResource';
import { UsersTab } from '../people/UsersTab';
import { AgentsTab } from '../people/AgentsTab';
import { VatTab } from '../money/VatTab';
import { EtimsTab } from '../money/EtimsTab';
import { PermissionsProvider, allows, permissionsOf, type Permission } from '../../../shared/hooks/permissions';

// /admin (docs/product.md section 2): 'Welcome, Admin' and the tabs. Only the back office's roles
// see it (owner, manager, clerk, storekeeper): a rider is sent to /rider, an agent to /agent, anyone
// else to /login, which brings them back here once staff have signed in. Each tab shows only when
// the user's permissions include its own (docs/product.md, "Roles"). The server checks the role on
// every call too (docs/architecture.md section 3); this only spares a visitor a broken screen.

type Tab = { id: string; label: string; permission?: Permission | readonly Permission[] };

const TABS = [
  { id: 'dashboard', label: 'Dashboard' },
  { id: 'products', label: 'Products', permission: ['catalogue', 'stock'] },
  { id: 'import', label: 'Import/Export', permission: 'catalogue' },
  { id: 'categories', label: 'Categories', permission: 'catalogue' },
  { id: 'orders', label: 'Orders', permission: 'orders' },
  { id: 'reports', label: 'Reports', permission: 'reports' },
  { id: 'delivery', label: 'Delivery', permission: 'delivery' },
  { id: 'coupons', label: 'Coupons', permission: 'prices' },
  { id: 'vat', label: 'VAT', permission: 'prices' },
  { id: 'etims', label: 'eTIMS', permission: 'settings' },
  { id: 'users', label: 'Users', permission: ['customers', 'staff'] },
  { id: 'agents', label: 'Agents', permission: 'agents' },
  { id: 'reviews', label: 'Reviews', permission: 'catalogue' },
  { id: 'messages', label: 'Messages', permission: 'messages' },
  { id: 'subscribers', label: 'Subscribers', permission: 'customers' },
  { id: 'audit', label: 'Audit log', permission: 'settings' },
] as const satisfies readonly Tab[];

type TabId = (typeof TABS)[number]['id'];

/** The roles with screens of their own, and where they go instead of /admin. */
const ELSEWHERE: Partial<Record<Me['role'], string>> = { rider: '/rider', agent: '/agent' };

const toLogin = <Navigate to="/login" replace state={{ from: '/admin' }} />;

export default function AdminPage() {
  const token = getAuthToken();
  const me = useResource<Me | null>(token ?? '', () => (token ? adminApi.me() : Promise.resolve(null)), { cache: false });
  if (mustSignIn(me.error)) return toLogin;
  if (me.error) {
    return (
      <Page title="Admin">
        <LoadError what="your account" error={me.error} onRetry={me.retry} />
      </Page>
    );
  }
  if (!me.data) {
    return (
      <div role="status" className="flex min-h-[50vh] items-center justify-center text-stone-600">
        Loading…
      </div>
    );
  }
  const elsewhere = ELSEWHERE[me.data.role];
  if (elsewhere) return <Navigate to={elsewhere} replace />;
  if (me.data.role === 'customer') return toLogin;
  return (
    <PermissionsProvider permissions={permissionsOf(me.data)}>
      <AdminHome me={me.data} />
    </PermissionsProvider>
  );
}

function AdminHome({ me }: { me: Me }) {
  const [params, setParams] = useSearchParams();
  const held = permissionsOf(me);
  const tabs = TABS.filter((t) => allows(held, 'permission' in t ? t.permission : undefined));
  const current = (tabs.find((t) => t.id === params.get('tab'))?.id ?? 'dashboard') as TabId;
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});

  function select(id: TabId, focus = false) {
    const next = new URLSearchParams();
    if (id !== 'dashboard') next.set('tab', id);
    setParams(next, { replace: true });
    if (focus) refs.current[id]?.focus();
  }

  function onKey(e: KeyboardEvent) {
    const i = tabs.findIndex((t) => t.id === current);
    let j = -1;
    if (e.key === 'ArrowRight') j = (i + 1) % tabs.length;
    else if (e.key === 'ArrowLeft') j = (i - 1 + tabs.length) % tabs.length;
    else if (e.key === 'Home') j = 0;
    else if (e.key === 'End') j = tabs.length - 1;
    if (j < 0) return;
    e.preventDefault();
    select(tabs[j]!.id, true);
  }

  return (
    <Page title="Welcome, Admin">
      <p className="mt-1 text-stone-700">Signed in as {me.email}. Every change here is stored and logged.</p>
      <div
        role="tablist"
        aria-label="Admin sections"
        onKeyDown={onKey}
        className="mt-6 flex gap-1 overflow-x-auto border-b border-stone-300"
      >
        {tabs.map((t) => (
          <button
            key={t.id}
            id={`tab-${t.id}`}
            ref={(el) => {
              refs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            aria-selected={current === t.id}
            aria-controls={`panel-${t.id}`}
            tabIndex={current === t.id ? 0 : -1}
            onClick={() => select(t.id)}
            className={`min-h-11 shrink-0 whitespace-nowrap border-b-2 px-3 text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-earth-500 ${
              current === t.id ? 'border-brand-700 text-brand-900' : 'border-transparent text-stone-700 hover:text-brand-800'
            }`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${current}`} aria-labelledby={`tab-${current}`} tabIndex={0} className="mt-6 focus:outline-none">
        {current === 'dashboard' && <DashboardTab onOpen={(tab) => select(tab)} />}
        {current === 'products' && <ProductsTab />}
        {current === 'import' && <ImportExportTab />}
        {current === 'categories' && <CategoriesTab />}
        {current === 'orders' && <OrdersTab />}
        {current === 'reports' && <ReportsTab />}
        {current === 'delivery' && <DeliveryTab />}
        {current === 'coupons' && <CouponsTab />}
        {current === 'vat' && <VatTab />}
        {current === 'etims' && <EtimsTab />}
        {current === 'users' && <UsersTab me={me} />}
        {current === 'agents' && <AgentsTab />}
        {current === 'reviews' && <ReviewsTab />}
        {current === 'messages' && <MessagesTab />}
        {current === 'subscribers' && <SubscribersTab />}
        {current === 'audit' && <AuditTab />}
      </div>
    </Page>
  );
}
