import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, getSession } from '../../shared/api/authToken';
import LoginPage from './LoginPage';
import { MSG } from '../../shared/domain/accountRules';
import { fakeApi, json, renderAt, sentBody, testUser } from '../../test/utils';

function renderLogin(from?: string) {
  return renderAt({ pathname: '/login', state: from ? { from } : undefined }, [{ path: '/login', element: <LoginPage /> }]);
}

const email = () => screen.getByLabelText('Phone or email');
const password = () => screen.getByLabelText('Password');
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

afterEach(() => clearSession());

describe('LoginPage', () => {
  it("has docs/product.md's title, fields and links", () => {
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeTruthy();
    // One field for a phone or an email: a plain text box, so both keyboards' characters are there.
    expect(email().getAttribute('type')).toBe('text');
    expect(password().getAttribute('type')).toBe('password');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Create new account' }).getAttribute('href')).toBe('/register');
  });

  it('shows and hides the password', () => {
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password().getAttribute('type')).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password().getAttribute('type')).toBe('password');
  });

  it('checks the fields before sending, and a field’s error clears when it is edited', () => {
    const api = fakeApi({});
    renderLogin();
    submit();
    expect(screen.getByText('Enter your phone number or email')).toBeTruthy();
    expect(screen.getByText(MSG.passwordRequired)).toBeTruthy();
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(email().getAttribute('aria-describedby')).toBe('email-error');
    expect(document.activeElement).toBe(email());

    fireEvent.change(email(), { target: { value: 'wanjiku' } });
    expect(screen.queryByText('Enter your phone number or email')).toBeNull();
    expect(email().getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText(MSG.passwordRequired)).toBeTruthy();

    fireEvent.change(password(), { target: { value: '12345' } });
    submit();
    expect(screen.getByText('Enter a valid email or Kenyan phone number')).toBeTruthy();
    expect(screen.getByText(MSG.passwordMin6)).toBeTruthy();
    expect(api).not.toHaveBeenCalled();
  });

  it("signs in, shows 'Signing in...' meanwhile, and returns to the page the user came from", async () => {
    let answer: (r: Response) => void = () => {};
    const api = fakeApi({
      'POST /api/auth/login/': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderLogin('/shop?category=feeds');
    fireEvent.change(email(), { target: { value: ' wanjiku@farm.co.ke ' } });
    fireEvent.change(password(), { target: { value: 'Maziwa2026' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    submit();

    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    expect(sentBody(api, 'POST /api/auth/login/')).toEqual({ username: 'wanjiku@farm.co.ke', password: 'Maziwa2026', remember: true });

    answer(json(200, { access: 'a', refresh: 'r', user: testUser, expires_in: 900 }));
    expect(await screen.findByText('Shop page')).toBeTruthy();
    expect(getSession()).toMatchObject({ access: 'a', refresh: 'r', remember: true, user: testUser });
    expect(localStorage.getItem('authToken')).toBe('a');
  });

  it('goes home when the user came from nowhere', async () => {
    fakeApi({ 'POST /api/auth/login/': () => json(200, { access: 'a', refresh: 'r', user: testUser, expires_in: 900 }) });
    renderLogin();
    fireEvent.change(email(), { target: { value: 'wanjiku@farm.co.ke' } });
    fireEvent.change(password(), { target: { value: 'Maziwa2026' } });
    submit();
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(getSession()?.remember).toBe(false);
  });

  it("says 'Invalid email or password. Please try again.' for wrong credentials", async () => {
    fakeApi({ 'POST /api/auth/login/': () => json(401, { error: MSG.loginFailed }) });
    renderLogin();
    fireEvent.change(email(), { target: { value: 'wanjiku@farm.co.ke' } });
    fireEvent.change(password(), { target: { value: 'Wrong-2026' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.loginFailed);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(getSession()).toBeNull();
  });

  it('shows the rate limit’s own words', async () => {
    const msg = 'Too many sign-in attempts. Please wait 15 minutes and try again.';
    fakeApi({ 'POST /api/auth/login/': () => json(429, { error: msg }, { 'Retry-After': '900' }) });
    renderLogin();
    fireEvent.change(email(), { target: { value: 'wanjiku@farm.co.ke' } });
    fireEvent.change(password(), { target: { value: 'Wrong-2026' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(msg);
  });

  it("puts the server's field messages on the fields", async () => {
    fakeApi({
      'POST /api/auth/login/': () => json(400, { error: 'Please correct the highlighted fields.', fields: { username: MSG.emailInvalid } }),
    });
    renderLogin();
    fireEvent.change(email(), { target: { value: 'wanjiku@farm.co.ke' } });
    fireEvent.change(password(), { target: { value: 'Maziwa2026' } });
    submit();
    await waitFor(() => expect(email().getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(MSG.emailInvalid)).toBeTruthy();
  });

  it('asks for the second step when two-step sign-in is on, and takes a recovery code instead', async () => {
    let tries = 0;
    const api = fakeApi({
      'POST /api/auth/login/': () => json(200, { mfa_required: true, mfa_token: 'challenge-1' }),
      'POST /api/auth/login/mfa/': () =>
        ++tries === 1
          ? json(400, { error: 'Please correct the highlighted fields.', fields: { code: 'That code is not right.' } })
          : json(200, { access: 'a', refresh: 'r', user: testUser, expires_in: 900 }),
    });
    renderLogin('/shop?category=feeds');
    fireEvent.change(email(), { target: { value: 'wanjiku@farm.co.ke' } });
    fireEvent.change(password(), { target: { value: 'Maziwa2026' } });
    submit();

    expect(await screen.findByRole('heading', { level: 1, name: 'Two-step sign-in' })).toBeTruthy();
    expect(getSession()).toBeNull();
    const code = screen.getByLabelText('Code from the app');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('That code is not right.')).toBeTruthy();
    expect(sentBody(api, 'POST /api/auth/login/mfa/')).toEqual({ mfa_token: 'challenge-1', code: '123456' });

    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    fireEvent.change(screen.getByLabelText('Recovery code'), { target: { value: 'ABCD-EFGH-JKMN-PQRT' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('Shop page')).toBeTruthy();
    expect(sentBody(api, 'POST /api/auth/login/mfa/', 1)).toEqual({ mfa_token: 'challenge-1', code: 'ABCD-EFGH-JKMN-PQRT' });
    expect(getSession()).toMatchObject({ access: 'a', user: testUser });
  });

  it('goes back to the password when the second step took too long', async () => {
    fakeApi({
      'POST /api/auth/login/': () => json(200, { mfa_required: true, mfa_token: 'challenge-1' }),
      'POST /api/auth/login/mfa/': () => json(401, { error: 'Signing in took too long.' }),
    });
    renderLogin();
    fireEvent.change(email(), { target: { value: 'wanjiku@farm.co.ke' } });
    fireEvent.change(password(), { target: { value: 'Maziwa2026' } });
    submit();
    fireEvent.change(await screen.findByLabelText('Code from the app'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeTruthy();
  });
});
