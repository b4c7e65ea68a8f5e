import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession } from '../../shared/api/authToken';
import { accountMessages } from '../../shared/i18n/messages/account';
import { authMessages } from './messages';
import { formsMessages } from '../../shared/i18n/messages/forms';
import { inPseudoLanguage, untranslated } from '../../test/i18n';
import { fakeApi, json, renderAt } from '../../test/utils';
import ForgotPasswordPage from './ForgotPasswordPage';
import LoginPage from './LoginPage';
import RegisterPage from './RegisterPage';
import ResetPasswordPage from './ResetPasswordPage';

inPseudoLanguage();

// The server's own answers, shown as they come.
const SENT = 'If an account exists for that email, we have sent it a link to reset the password. The link works for one hour.';
const RESET = 'Your password has been reset. You can now sign in with your new password.';

const submit = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

afterEach(() => clearSession());

describe('signing in and up in another language', () => {
  it('the sign-in page, with its messages, a failed sign-in and the password shown', async () => {
    fakeApi({ 'POST /api/auth/login/': () => json(401, { error: 'Invalid credentials' }) });
    renderAt('/login', [{ path: '/login', element: <LoginPage /> }]);
    expect(untranslated(document.body)).toEqual([]);

    submit(authMessages().login.submit);
    expect(screen.getByText(accountMessages().rules.passwordRequired)).toBeTruthy();
    expect(untranslated(document.body)).toEqual([]);

    fireEvent.change(screen.getByLabelText(authMessages().phoneOrEmail), { target: { value: 'wanjiku@farm.co.ke' } });
    fireEvent.change(screen.getByLabelText(authMessages().password), { target: { value: 'Maziwa2026' } });
    fireEvent.click(screen.getByRole('button', { name: formsMessages().showField(authMessages().password.toLowerCase()) }));
    submit(authMessages().login.submit);
    expect((await screen.findByRole('alert')).textContent).toBe(accountMessages().rules.loginFailed);
    expect(untranslated(document.body)).toEqual([]);
  });

  it('the sign-up page, and every message of a form sent empty', () => {
    renderAt('/register', [{ path: '/register', element: <RegisterPage /> }]);
    expect(untranslated(document.body)).toEqual([]);
    submit(authMessages().register.submit);
    expect(screen.getByText(accountMessages().rules.terms)).toBeTruthy();
    expect(screen.getByText(accountMessages().rules.confirmRequired)).toBeTruthy();
    expect(untranslated(document.body)).toEqual([]);
  });

  it('asking for a reset link, and the answer', async () => {
    fakeApi({ 'POST /api/auth/password/forgot/': () => json(200, { message: SENT }) });
    renderAt('/forgot-password', [{ path: '/forgot-password', element: <ForgotPasswordPage /> }]);
    submit(authMessages().forgot.submit);
    expect(screen.getByText(authMessages().phoneOrEmailRequired)).toBeTruthy();
    expect(untranslated(document.body)).toEqual([]);

    fireEvent.change(screen.getByLabelText(authMessages().phoneOrEmail), { target: { value: 'wanjiku@farm.co.ke' } });
    submit(authMessages().forgot.submit);
    expect((await screen.findByRole('status')).textContent).toBe(SENT);
    expect(untranslated(document.body, [SENT])).toEqual([]);
  });

  it('a reset link without its token', () => {
    renderAt('/reset-password', [{ path: '/reset-password', element: <ResetPasswordPage /> }]);
    expect(screen.getByRole('alert').textContent).toBe(authMessages().reset.linkInvalid);
    expect(untranslated(document.body)).toEqual([]);
  });

  it('choosing a new password, and the answer', async () => {
    fakeApi({ 'POST /api/auth/password/reset/': () => json(200, { message: RESET }) });
    renderAt('/reset-password?token=tok_123', [{ path: '/reset-password', element: <ResetPasswordPage /> }]);
    submit(authMessages().reset.submit);
    expect(screen.getByText(accountMessages().rules.passwordRequired)).toBeTruthy();
    expect(untranslated(document.body)).toEqual([]);

    fireEvent.change(screen.getByLabelText(formsMessages().newPassword, { selector: 'input' }), { target: { value: 'Majani2026' } });
    fireEvent.change(screen.getByLabelText(formsMessages().confirmNewPassword, { selector: 'input' }), { target: { value: 'Majani2026' } });
    submit(authMessages().reset.submit);
    expect((await screen.findByRole('status')).textContent).toBe(RESET);
    expect(untranslated(document.body, [RESET])).toEqual([]);
  });
});
