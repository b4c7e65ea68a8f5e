import { useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useCart } from '../../shared/hooks/CartProvider';
import { logout } from '../../shared/api/account';
import type { LoginState } from './LoginPage';
import { appMessages } from '../../shared/i18n/messages/app';
import { useMenu } from '../../shared/hooks/useMenu';
import { useSession } from '../../shared/api/useSession';

const MENU_ID = 'account-menu';
const AUTH_PAGES = ['/login', '/register', '/forgot-password', '/reset-password'];

function PersonIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />
    </svg>
  );
}

const buttonClass =
  'inline-flex h-11 min-w-11 items-center justify-center gap-1.5 rounded-md px-2 font-medium text-stone-800 hover:bg-brand-50 hover:text-brand-800';

/**
 * The header's account corner. Signed out: a Sign in link that remembers the page. Signed in:
 * the user's name, opening 'My account' and 'Sign out'.
 */
export function HeaderAccount() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const cart = useCart();
  const wrapRef = useRef<HTMLDivElement>(null);
  const { open, buttonRef, toggle, close } = useMenu(wrapRef);
  const m = appMessages().account;

  if (!session) {
    const here = location.pathname + location.search;
    const state: LoginState | undefined = AUTH_PAGES.includes(location.pathname) ? undefined : { from: here };
    return (
      <Link to="/login" state={state} className={buttonClass}>
        <PersonIcon />
        <span className="max-sm:sr-only">{m.signIn}</span>
      </Link>
    );
  }

  const user = session.user;
  const name = user?.first_name || user?.email || m.myAccount;
  const fullName = user ? `${user.first_name} ${user.last_name}`.trim() || user.email : '';

  async function signOut() {
    close();
    await logout();
    // Signed out, the cart shown is the guest's again.
    void cart.reload();
    navigate('/');
  }

  return (
    <div ref={wrapRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        className={buttonClass}
        aria-label={m.menu(name)}
        aria-expanded={open}
        aria-controls={MENU_ID}
        onClick={toggle}
      >
        <PersonIcon />
        <span className="max-w-32 truncate max-sm:sr-only">{name}</span>
      </button>
      <div
        id={MENU_ID}
        hidden={!open}
        className="absolute right-0 top-full z-50 mt-1 w-64 rounded-md border border-earth-200 bg-white p-2 shadow-lg"
      >
        <p className="border-b border-earth-200 px-3 pt-1 pb-2 text-sm text-stone-700">
          {m.signedInAs} <strong className="block truncate text-stone-900">{fullName}</strong>
          {user?.email && <span className="block truncate">{user.email}</span>}
        </p>
        <ul className="pt-1">
          <li>
            <Link to="/account" className="block rounded px-3 py-3 font-medium text-stone-800 hover:bg-brand-50">
              {m.myAccount}
            </Link>
          </li>
          <li>
            <button
              type="button"
              onClick={() => void signOut()}
              className="block w-full rounded px-3 py-3 text-left font-medium text-stone-800 hover:bg-brand-50"
            >
              {m.signOut}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
