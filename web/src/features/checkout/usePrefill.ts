import { useEffect, type Dispatch } from 'react';
import { getMe } from '../../shared/api/account';
import type { User } from '../../shared/api/shapes';
import { useSession } from '../../shared/api/useSession';
import type { CheckoutAction } from './checkoutState';
import type { CheckoutForm } from './rules';

/** The form's fields from a user record of the accounts API. */
function customerFields(user: User): Partial<CheckoutForm> {
  return { firstName: user.first_name, lastName: user.last_name, email: user.email, phone: user.phone ?? '', kraPin: user.kra_pin };
}

/**
 * Fills the form with the signed-in customer's details, keeping whatever was typed: at once
 * from the user stored at sign-in, or from GET /api/auth/me/ when none is stored. A guest, or a
 * server that does not answer, leaves the form empty.
 */
export function usePrefill(dispatch: Dispatch<CheckoutAction>) {
  const session = useSession();
  const user = session?.user ?? null;
  const needsUser = session !== null && user === null;

  useEffect(() => {
    if (user) dispatch({ type: 'prefill', values: customerFields(user) });
  }, [user, dispatch]);

  useEffect(() => {
    if (!needsUser) return;
    const controller = new AbortController();
    getMe({ signal: controller.signal }).then(
      (me) => {
        if (!controller.signal.aborted) dispatch({ type: 'prefill', values: customerFields(me) });
      },
      () => {
        // 401/404 or no connection: the customer types their details.
      },
    );
    return () => controller.abort();
  }, [needsUser, dispatch]);
}
