import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NoteState } from '../../../shared/ui/controls';
import { fakeApi, json, testUser } from '../../../test/utils';
import { canManageStaff, StaffSignIn } from './StaffSignIn';

afterEach(() => vi.restoreAllMocks());

const clerk = { ...testUser, id: 12, email: 'kamau@mifugobora.co.ke', role: 'clerk' as const };

describe('StaffSignIn', () => {
  it("resets a staff member's second step and signs them out everywhere", async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const api = fakeApi({
      'DELETE /api/admin/users/12/mfa/': () => json(204, null),
      'DELETE /api/admin/users/12/sessions/': () => json(204, null),
    });
    const notes: NoteState[] = [];
    render(<StaffSignIn user={clerk} onNote={(n) => notes.push(n)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Reset two-step sign-in: kamau@mifugobora.co.ke' }));
    await waitFor(() => expect(notes).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere: kamau@mifugobora.co.ke' }));
    await waitFor(() => expect(notes).toHaveLength(2));
    expect(notes.map((n) => n?.kind)).toEqual(['ok', 'ok']);
    expect(api.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`)).toEqual([
      'DELETE /api/admin/users/12/mfa/',
      'DELETE /api/admin/users/12/sessions/',
    ]);
  });

  it('is for those with the staff permission (no list: the owner)', () => {
    expect(canManageStaff({ ...testUser, permissions: undefined } as unknown as typeof testUser)).toBe(true);
    expect(canManageStaff({ ...testUser, permissions: ['orders'] } as typeof testUser)).toBe(false);
    expect(canManageStaff({ ...testUser, permissions: ['staff'] } as typeof testUser)).toBe(true);
  });
});
