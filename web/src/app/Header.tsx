import { Link, NavLink } from 'react-router';
import { CloseIcon, LeafLogo, MenuIcon } from '../shared/ui/icons';
import { HeaderAccount } from '../features/auth/HeaderAccount';
import { useCart } from '../shared/hooks/CartProvider';
import { BUSINESS } from '../shared/domain/business';
import { useMenu } from '../shared/hooks/useMenu';
import { AppNotices } from './AppNotices';
import { HeaderSearch } from './HeaderSearch';
import { CartLink } from './CartLink';
import { appMessages } from '../shared/i18n/messages/app';
import { LanguageSwitch } from '../shared/ui/LanguageSwitch';
import { mainNav } from './navigation';

const MENU_ID = 'main-menu';


export function Header() {
  const { count: cartCount } = useCart();
  const { open, buttonRef, toggle } = useMenu();
  const m = appMessages();

  return (
    <header className="sticky top-0 z-40 border-b border-earth-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-1 px-3 sm:gap-2 sm:px-4">
        <Link to="/" className="flex min-h-11 min-w-0 items-center gap-2 rounded-md text-base font-bold text-brand-800 sm:text-lg">
          <LeafLogo className="h-8 w-8 shrink-0" />
          <span className="truncate">{BUSINESS.name}</span>
        </Link>

        <nav aria-label={m.mainNav} className="ml-auto">
          <ul
            id={MENU_ID}
            className={
              open
                ? 'absolute inset-x-0 top-full flex flex-col border-b border-earth-200 bg-white px-4 py-2 shadow-lg md:static md:flex-row md:border-0 md:p-0 md:shadow-none'
                : 'hidden md:flex md:items-center md:gap-1'
            }
          >
            {mainNav().map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === '/'}
                  className={({ isActive }) =>
                    `block rounded-md px-3 py-3 font-medium md:py-2 ${
                      isActive ? 'text-brand-700 underline decoration-2 underline-offset-8' : 'text-stone-800 hover:bg-brand-50 hover:text-brand-800'
                    }`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
            {/* On phones the switch sits in the menu; wider screens have room for it in the header. */}
            <li className="border-t border-earth-200 px-3 py-2 md:hidden">
              <LanguageSwitch />
            </li>
          </ul>
        </nav>

        <div className="hidden md:block">
          <LanguageSwitch />
        </div>
        <HeaderSearch m={m.search} />
        <HeaderAccount />
        <CartLink count={cartCount} />

        <button
          ref={buttonRef}
          type="button"
          className="inline-flex h-11 min-w-11 items-center justify-center gap-1.5 rounded-md px-2 font-medium text-stone-800 hover:bg-brand-50 md:hidden"
          aria-expanded={open}
          aria-controls={MENU_ID}
          onClick={toggle}
        >
          {open ? <CloseIcon /> : <MenuIcon />}
          {/* On the narrowest phones the icon alone carries the name, to keep the header on one line. */}
          <span className="max-[374px]:sr-only">{m.menu}</span>
        </button>
      </div>
      <AppNotices />
    </header>
  );
}
