import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ForgotPasswordPage from './ForgotPasswordPage';
import ResetPasswordPage, { LINK_INVALID } from './ResetPasswordPage';
import { MSG } from '../../shared/domain/accountRules';
import { fakeApi, json, renderAt, sentBody } from '../../test/utils';

const SENT = 'If an account exists for that email, we have sent it a link to reset the password. The link works for one hour.';

describe('ForgotPasswordPage', () => {
  it('checks the email, sends it, and shows the same answer whatever the address', async () => {
    const api = fakeApi({ 'POST /api/auth/password/forgot/': () => json(200, { message: SENT }) });
    renderAt('/forgot-password', [{ path: '/forgot-password', element: <ForgotPasswordPage /> }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Enter your phone number or email')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Phone or email'), { target: { value: ' wanjiku@farm.co.ke' } });
    expect(screen.queryByText('Enter your phone number or email')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('status')).textContent).toBe(SENT);
    expect(sentBody(api, 'POST /api/auth/password/forgot/')).toEqual({ email: 'wanjiku@farm.co.ke' });
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
  });
});

describe('ResetPasswordPage', () => {
  const renderReset = (search: string) =>
    renderAt(`/reset-password${search}`, [{ path: '/reset-password', element: <ResetPasswordPage /> }]);

  it('sets a new password with the token from the link', async () => {
    const api = fakeApi({
      'POST /api/auth/password/reset/': () => json(200, { message: 'Your password has been reset. You can now sign in with your new password.' }),
    });
    renderReset('?token=tok_123');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByText(MSG.passwordRequired)).toBeTruthy();
    expect(screen.getByText(MSG.confirmRequired)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('New password', { selector: 'input' }), { target: { value: 'Majani2026' } });
    fireEvent.change(screen.getByLabelText('Confirm new password', { selector: 'input' }), { target: { value: 'Majani2027' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByText(MSG.confirmMismatch)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Confirm new password', { selector: 'input' }), { target: { value: 'Majani2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/password has been reset/);
    expect(sentBody(api, 'POST /api/auth/password/reset/')).toEqual({ token: 'tok_123', password: 'Majani2026' });
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });

  it('says when the link is missing, used or expired, and offers a new one', async () => {
    renderReset('');
    expect(screen.getByRole('alert').textContent).toBe(LINK_INVALID);
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('turns the server’s refusal of the token into the same message', async () => {
    fakeApi({ 'POST /api/auth/password/reset/': () => json(400, { error: LINK_INVALID, fields: { token: LINK_INVALID } }) });
    renderReset('?token=used');
    fireEvent.change(screen.getByLabelText('New password', { selector: 'input' }), { target: { value: 'Majani2026' } });
    fireEvent.change(screen.getByLabelText('Confirm new password', { selector: 'input' }), { target: { value: 'Majani2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(LINK_INVALID);
  });
});
