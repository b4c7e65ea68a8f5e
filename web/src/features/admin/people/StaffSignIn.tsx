import { adminApi } from '../../../shared/api/admin';
import type { AdminUser, Me } from '../../../shared/api/shapes';
import { errorText, type NoteState } from '../../../shared/ui/controls';
import { Button } from '../../../shared/ui/Button';

/** Whether me may manage staff sign-ins: the `staff` permission (a missing list reads as the owner's). */
export function canManageStaff(me: Me): boolean {
  const permissions = (me as { permissions?: string[] }).permissions;
  return !permissions || permissions.includes('staff');
}

/**
 * A staff member's sign-in, for the owner: reset their second step (a lost phone: they set it up
 * again after the password) and sign them out on every device. Both are audited by the shop.
 */
export function StaffSignIn({ user, onNote }: { user: AdminUser; onNote: (note: NoteState) => void }) {
  async function resetMfa() {
    if (!window.confirm(`Reset the two-step sign-in of ${user.email}? They set it up again the next time they sign in.`)) return;
    try {
      await adminApi.resetUserMfa(user.id);
      onNote({ kind: 'ok', text: `The two-step sign-in of ${user.email} has been reset.` });
    } catch (err) {
      onNote({ kind: 'error', text: errorText(err, 'The two-step sign-in could not be reset.') });
    }
  }

  async function signOut() {
    if (!window.confirm(`Sign ${user.email} out on every device?`)) return;
    try {
      await adminApi.endUserSessions(user.id);
      onNote({ kind: 'ok', text: `${user.email} has been signed out everywhere.` });
    } catch (err) {
      onNote({ kind: 'error', text: errorText(err, 'The sessions could not be ended.') });
    }
  }

  return (
    <>
      <Button variant="secondary" onClick={() => void resetMfa()} aria-label={`Reset two-step sign-in: ${user.email}`}>
        Reset two-step sign-in
      </Button>
      <Button variant="secondary" onClick={() => void signOut()} aria-label={`Sign out everywhere: ${user.email}`}>
        Sign out everywhere
      </Button>
    </>
  );
}
