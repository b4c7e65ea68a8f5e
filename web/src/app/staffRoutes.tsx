import type { PatchRoutesOnNavigationFunctionArgs } from 'react-router';
import { RootErrorScreen } from './ErrorScreen';
import { page, PAGES } from './page';

/** Adds the routes the storefront's first load leaves out (./routes.tsx). */
export function addStaffRoutes(patch: PatchRoutesOnNavigationFunctionArgs['patch']) {
  // The back office has a frame of its own (no shop header, cart or footer), in its own chunk; its
  // screens, and the delivery notes it prints, are matched inside it.
  patch(null, [{ path: 'admin/*', errorElement: <RootErrorScreen />, lazy: page(() => import('./StaffArea')) }]);
  // /rider and /agent, the screens of those roles, and the 404 for any other address.
  patch(PAGES, [{ path: '*', lazy: page(() => import('./RoleScreen')) }]);
}
