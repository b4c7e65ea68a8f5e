import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router';
import { PageLoading } from '../shared/ui/PageLoading';
import { HomePage } from '../features/home/HomePage';
import { RootErrorScreen, RouteErrorScreen } from './ErrorScreen';
import { Layout } from './Layout';
import { page, PAGES } from './page';

// Every page except home is its own chunk, fetched on first visit, so / stays small.
export const routes: RouteObject[] = [
  {
    Component: Layout,
    // Only when the layout itself fails; page errors are caught below, inside the layout.
    errorElement: <RootErrorScreen />,
    HydrateFallback: PageLoading,
    children: [
      {
        id: PAGES,
        errorElement: <RouteErrorScreen />,
        children: [
          { index: true, Component: HomePage },
          { path: 'home', Component: HomePage },
          { path: 'shop', lazy: page(() => import('../features/shop/ShopPage')) },
          { path: 'products/:slug', lazy: page(() => import('../features/product/ProductPage')) },
          { path: 'about', lazy: page(() => import('../features/about/AboutPage')) },
          { path: 'contact', lazy: page(() => import('../features/contact/ContactPage')) },
          { path: 'cart', lazy: page(() => import('../features/cart/CartPage')) },
          { path: 'checkout', lazy: page(() => import('../features/checkout/CheckoutPage')) },
          { path: 'login', lazy: page(() => import('../features/auth/LoginPage')) },
          { path: 'register', lazy: page(() => import('../features/auth/RegisterPage')) },
          { path: 'forgot-password', lazy: page(() => import('../features/auth/ForgotPasswordPage')) },
          { path: 'reset-password', lazy: page(() => import('../features/auth/ResetPasswordPage')) },
          { path: 'terms', lazy: page(() => import('../features/legal/TermsPage')) },
          { path: 'privacy', lazy: page(() => import('../features/legal/PrivacyPage')) },
          { path: 'order-confirmation', lazy: page(() => import('../features/order/OrderConfirmationPage')) },
          { path: 'track', lazy: page(() => import('../features/track/TrackPage')) },
          { path: 'account', lazy: page(() => import('../features/account/AccountPage')) },
        ],
      },
    ],
  },
];

// The back office and the roles' screens are not named above: the first address none of the
// routes matches (/admin…, /rider, /agent, or one the shop does not have) loads their routes
// (./staffRoutes.tsx), so a storefront's first load carries none of their entries.
export const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = async ({ patch }) =>
  (await import('./staffRoutes')).addStaffRoutes(patch);
