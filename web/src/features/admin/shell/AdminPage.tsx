import { useState } from 'react';
import { Link, NavLink, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { getAuthToken } from '../../../shared/api/authToken';
import { logout } from '../../../shared/api/account';
import type { Me } from '../../../shared/api/shapes';
import { adminApi } from '../../../shared/api/admin';
import { pageTitle } from '../../../shared/domain/business';
import { ErrorState } from '../../../shared/ui/ErrorState';
import { mustSignIn } from '../../../shared/ui/controls';
import { useResource } from '../../../shared/hooks/useResource';
import { PermissionsProvider, permissionsOf } from '../../../shared/hooks/permissions';
import { GROUPS, SCREENS, can, type Screen } from './screens';
import DeliveryNotePage from '../delivery/DeliveryNotePage';

// /admin (docs/product.md section 2): the back office in a frame of its own, without the shop's
// header, cart and footer: a side navigation of the screens in screens.tsx, grouped, the signed-in
// person and role, and the screen. Only staff see it: anyone else is sent to /login, which brings
// them back here once signed in. The server checks the role on every call too (docs/architecture.md
// section 3); this only spares a visitor a broken screen.

const STAFF = new Set(['owner', 'manager', 'clerk', 'storekeeper']);

/** /admin/orders/{orderId}/print and /admin/orders/print?ids=…: the delivery notes, without the frame. */
const PRINT = /^orders\/(?:[^/]+\/)?print$/;

export default function AdminRoute() {
  return PRINT.test(useParams()['*'] ?? '') ? <DeliveryNotePage /> : <AdminPage />;
}

function AdminPage() {
  const token = getAuthToken();
  const location = useLocation();
  const me = useResource<Me | null>(token ?? '', () => (token ? adminApi.me() : Promise.resolve(null)), { cache: false });
  const toLogin = <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (mustSignIn(me.error)) return toLogin;
  if (me.error) {
    return (
      <main id="main" className="mx-auto max-w-xl p-8">
        <h1 className="text-2xl font-bold text-brand-900">Back office</h1>
        <ErrorState className="mt-4" title="We could not load your account." error={me.error} onRetry={me.retry} />
      </main>
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
  if (!STAFF.has(me.data.role)) return toLogin;
  return (
    <PermissionsProvider permissions={permissionsOf(me.data)}>
      <Shell me={me.data} />
    </PermissionsProvider>
  );
}

/** The roles with screens of their own, and where they go instead of /admin. */
const ELSEWHERE: Partial<Record<Me['role'], string>> = { rider: '/rider', agent: '/agent' };

const ROLE_LABEL: Record<string, string> = { owner: 'Owner', manager: 'Manager', clerk: 'Clerk', storekeeper: 'Storekeeper' };

function Shell({ me }: { me: Me }) {
  const [params] = useSearchParams();
  const [menuOpen, setMenuOpen] = useState(false);
  const navigate = useNavigate();
  const screens = SCREENS.filter((s) => can(me, s.permission));
  // The screen is the address's first part after /admin/ (its records and filters below it are its
  // own, useSubPath). Matched by hand rather than with <Routes>: that would put more of the router
  // into the storefront's first load, which shares the router's code.
  const first = (useParams()['*'] ?? '').split('/')[0];
  const current = screens.find((s) => s.path === first);
  // The old tabbed page's addresses (/admin?tab=orders) still land on their screen.
  const legacy = params.get('tab');
  if (legacy && SCREENS.some((s) => s.path === legacy)) return <Navigate to={`/admin/${legacy}`} replace />;

  async function signOut() {
    await logout();
    void navigate('/login');
  }

  return (
    <div className="min-h-screen bg-stone-50 lg:flex">
      <a
        href="#main"
        className="sr-only rounded-md bg-white px-4 py-2 font-semibold text-brand-800 focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to content
      </a>
      <header className="border-b border-stone-200 bg-white lg:sticky lg:top-0 lg:flex lg:h-screen lg:w-60 lg:shrink-0 lg:flex-col lg:overflow-y-auto lg:border-r lg:border-b-0">
        <div className="flex items-center justify-between gap-2 px-4 py-3">
          <div className="min-w-0">
            <Link to="/admin" className="font-bold text-brand-900 hover:underline">
              Mifugo Bora back office
            </Link>
            <p className="truncate text-sm text-stone-700" title={me.email}>
              {me.email} · <span className="font-semibold">{ROLE_LABEL[me.role] ?? me.role}</span>
            </p>
          </div>
          <button
            type="button"
            className="inline-flex min-h-11 items-center rounded-md border border-stone-400 px-3 text-sm font-semibold text-stone-900 lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="admin-nav"
            onClick={() => setMenuOpen((v) => !v)}
          >
            Menu
          </button>
        </div>
        <nav
          id="admin-nav"
          aria-label="Back office"
          className={`${menuOpen ? 'block' : 'hidden'} px-2 pb-4 md:grid md:grid-cols-3 md:gap-x-4 lg:block lg:flex-1`}
          onClick={(e) => {
            if ((e.target as HTMLElement).closest('a')) setMenuOpen(false);
          }}
        >
          <NavList screens={screens.filter((s) => s.group === null)} />
          {GROUPS.map((g) => {
            const items = screens.filter((s) => s.group === g.id);
            if (items.length === 0) return null;
            return (
              <div key={g.id} className="mt-3">
                <h2 id={`nav-${g.id}`} className="px-2 text-xs font-bold tracking-wide text-stone-600 uppercase">
                  {g.label}
                </h2>
                <NavList screens={items} labelledBy={`nav-${g.id}`} />
              </div>
            );
          })}
          <div className="mt-4 border-t border-stone-200 px-2 pt-3 text-sm">
            <Link to="/" className="block py-2 font-semibold text-brand-800 underline">
              Open the shop
            </Link>
            <button type="button" onClick={() => void signOut()} className="min-h-11 font-semibold text-stone-800 underline">
              Sign out
            </button>
          </div>
        </nav>
      </header>
      <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none lg:px-8">
        {current ? <ScreenFrame key={current.path} screen={current} me={me} /> : <NotAllowed />}
      </main>
    </div>
  );
}

function NavList({ screens, labelledBy }: { screens: Screen[]; labelledBy?: string }) {
  return (
    <ul aria-labelledby={labelledBy} className="mt-1 space-y-0.5">
      {screens.map((s) => (
        <li key={s.path}>
          <NavLink
            to={s.path === '' ? '/admin' : `/admin/${s.path}`}
            end={s.path === ''}
            className={({ isActive }) =>
              `flex min-h-10 items-center rounded-md px-2 text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-earth-500 ${
                isActive ? 'bg-brand-100 text-brand-900' : 'text-stone-800 hover:bg-stone-100'
              }`
            }
          >
            {s.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function ScreenFrame({ screen, me }: { screen: Screen; me: Me }) {
  const title = screen.path === '' ? 'Dashboard' : screen.label;
  return (
    <>
      <title>{pageTitle(`${title} · Back office`)}</title>
      <h1 className="text-2xl font-bold tracking-tight text-brand-900">{title}</h1>
      <div className="mt-4">{screen.render(me)}</div>
    </>
  );
}

function NotAllowed() {
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-900">Not here</h1>
      <p className="mt-2 text-stone-700">
        This screen does not exist or your role does not open it.{' '}
        <Link to="/admin" className="font-semibold text-brand-800 underline">
          Back to the dashboard
        </Link>
      </p>
    </>
  );
}
