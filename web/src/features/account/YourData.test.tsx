import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../shared/domain/accountRules';
import { clearSession, getSession } from '../../shared/api/authToken';
import { MY_DATA_FILENAME } from '../../shared/ui/download';
import { Landing, fakeApi, json, renderAt, sentBody, signIn, testUser } from '../../test/utils';
import AccountPage from './AccountPage';
import { DATA_MSG } from './rules';

function renderAccount() {
  return renderAt('/account', [
    { path: '/account', element: <AccountPage /> },
    { path: '/login', element: <Landing name="Login" /> },
  ]);
}

const base = { 'GET /api/auth/me/': () => json(200, testUser), 'GET /api/orders/': () => json(200, []) };
let saved: string[] = [];

beforeEach(() => {
  saved = [];
  URL.createObjectURL = vi.fn(() => 'blob:my-data');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

afterEach(() => {
  clearSession();
  vi.restoreAllMocks();
});

describe('Your data', () => {
  it('downloads the customer’s data as a file, saying so, and says when it cannot', async () => {
    signIn();
    let fail = true;
    fakeApi({
      ...base,
      'GET /api/auth/me/export/': () =>
        fail ? json(429, { error: 'You have downloaded your data many times in a short while. Please wait 5 minutes and try again.' }) : json(200, { profile: testUser }),
    });
    renderAccount();
    const region = screen.getByRole('region', { name: 'Your data' });
    expect(region.textContent).toContain(DATA_MSG.intro);
    fireEvent.click(within(region).getByRole('button', { name: DATA_MSG.download }));
    expect((await within(region).findByRole('alert')).textContent).toContain('Please wait 5 minutes');
    expect(saved).toEqual([]);

    fail = false;
    fireEvent.click(within(region).getByRole('button', { name: DATA_MSG.download }));
    expect((await within(region).findByRole('status')).textContent).toBe(DATA_MSG.downloaded);
    expect(saved).toEqual([MY_DATA_FILENAME]);
  });

  it('deletes the account only with the password and a confirmation, then says it is gone', async () => {
    signIn();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    let wrong = true;
    const api = fakeApi({
      ...base,
      'DELETE /api/auth/me/': () =>
        wrong
          ? json(400, { error: 'Your current password is not correct', fields: { password: 'Your current password is not correct' } })
          : new Response(null, { status: 204 }),
    });
    renderAccount();
    const form = screen.getByRole('form', { name: DATA_MSG.deleteHeading });
    const submit = () => fireEvent.click(within(form).getByRole('button', { name: DATA_MSG.deleteButton }));
    submit();
    expect(within(form).getByText(MSG.currentPassword)).toBeTruthy();
    expect(confirm).not.toHaveBeenCalled();

    fireEvent.change(within(form).getByLabelText(DATA_MSG.passwordLabel, { selector: 'input' }), { target: { value: 'Wrong-2026' } });
    submit();
    expect(confirm).toHaveBeenCalledWith(DATA_MSG.confirm);
    expect(api.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(0);

    confirm.mockReturnValue(true);
    submit();
    expect(await within(form).findByText('Your current password is not correct')).toBeTruthy();
    expect(getSession()).not.toBeNull();

    wrong = false;
    fireEvent.change(within(form).getByLabelText(DATA_MSG.passwordLabel, { selector: 'input' }), { target: { value: 'Kahawa2026' } });
    submit();
    expect(await screen.findByRole('heading', { level: 1, name: DATA_MSG.deletedTitle })).toBeTruthy();
    expect(sentBody(api, 'DELETE /api/auth/me/', 1)).toEqual({ password: 'Kahawa2026' });
    expect(getSession()).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the shop' }).getAttribute('href')).toBe('/');
  });

  it('shows the shop’s reason when the account cannot be deleted yet', async () => {
    signIn();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const reason = 'An order of this account is waiting for its M-Pesa payment. Please try again once it is paid or has failed.';
    fakeApi({ ...base, 'DELETE /api/auth/me/': () => json(409, { error: reason }) });
    renderAccount();
    const form = screen.getByRole('form', { name: DATA_MSG.deleteHeading });
    fireEvent.change(within(form).getByLabelText(DATA_MSG.passwordLabel, { selector: 'input' }), { target: { value: 'Kahawa2026' } });
    fireEvent.click(within(form).getByRole('button', { name: DATA_MSG.deleteButton }));
    expect((await within(form).findByRole('alert')).textContent).toBe(reason);
    expect(getSession()).not.toBeNull();
  });
});
