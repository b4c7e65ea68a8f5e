import { useSession } from '../shared/api/useSession';
import MfaRequiredPage from '../features/account/MfaRequiredPage';
import AdminRoute from '../features/admin/shell/AdminPage';

/**
 * /admin/*: the back office, or, for an owner or manager who must set up two-step sign-in first
 * (SHOP_REQUIRE_MFA), that set-up alone: the server refuses them everything else until it is on.
 * Sign-in sends them here. A chunk of its own, so the storefront's first load carries none of it.
 */
export default function StaffArea() {
  return useSession()?.user?.mfa_setup_required ? <MfaRequiredPage /> : <AdminRoute />;
}
