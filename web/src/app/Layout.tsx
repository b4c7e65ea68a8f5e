import { Outlet, useNavigation } from 'react-router';
import { CartProvider } from '../shared/hooks/CartProvider';
import { appMessages } from '../shared/i18n/messages/app';
import { Footer } from './Footer';
import { Header } from './Header';
import { ScrollToTop } from './ScrollToTop';

/** While the next page loads (its code or data), a thin bar runs along the top. */
function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  if (!busy) return null;
  return (
    <div
      role="progressbar"
      aria-label={appMessages().loadingPage}
      className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-earth-400"
    />
  );
}

export function Layout() {
  return (
    <CartProvider>
      <div className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only rounded-md bg-white px-4 py-2 font-semibold text-brand-800 focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
        >
          {appMessages().skipToContent}
        </a>
        <ScrollToTop />
        <NavigationProgress />
        <Header />
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          <Outlet />
        </main>
        <Footer />
      </div>
    </CartProvider>
  );
}
