import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { PageLoading } from '../shared/ui/PageLoading';
import { HomePage } from '../features/home/HomePage';
import { RootErrorScreen, RouteErrorScreen } from './ErrorScreen';
import { Layout } from './Layout';

// Every page except home is its own chunk, fetched on first visit, so / stays small.
function page(load: () => Promise<{ default: ComponentType }>) {
  return async () => ({ Component: (await load()).default });
}

export const routes: RouteObject[] = [
  // The back office has a frame of its own (no shop header, cart or footer), in its own chunk; its
  // screens, and the delivery notes it prints, are matched inside it, off the first load.
  { path: 'admin/*', errorElement: <RootErrorScreen />, lazy: page(() => import('./StaffArea')) },
  {
    Component: Layout,
    // Only when the layout itself fails; page errors are caught below, inside the layout.
    errorElement: <RootErrorScreen />,
    HydrateFallback: PageLoading,
    children: [
      {
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
          // /rider and /agent, the screens of those roles, and the 404 for any other address.
          { path: '*', lazy: page(() => import('./RoleScreen')) },
        ],
      },
    ],
  },
];
