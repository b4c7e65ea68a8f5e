import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, getSession } from '../../shared/api/authToken';
import RegisterPage from './RegisterPage';
import { MSG } from '../../shared/domain/accountRules';
import { fakeApi, json, renderAt, sentBody, testUser } from '../../test/utils';

function renderRegister() {
  return renderAt('/register', [
    { path: '/register', element: <RegisterPage /> },
    { path: '/login', element: <p>Login page</p> },
  ]);
}

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

function fillValid() {
  type('First name', 'Wanjiku');
  type('Last name', 'Kamau');
  type('Email', 'wanjiku@farm.co.ke');
  type('Phone number', '254 712 345 678');
  type('Password', 'Maziwa2026');
  type('Confirm password', 'Maziwa2026');
  fireEvent.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
}

afterEach(() => clearSession());

describe('RegisterPage', () => {
  it("has docs/product.md's title and links", () => {
    renderRegister();
    expect(screen.getByRole('heading', { level: 1, name: 'Create Your Account' })).toBeTruthy();
    const terms = screen.getByRole('checkbox', { name: /I agree to the/ }).closest('div') as HTMLElement;
    expect(within(terms).getByRole('link', { name: 'Terms and Conditions' }).getAttribute('href')).toBe('/terms');
    expect(within(terms).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(screen.getByRole('link', { name: 'Sign in to existing account' }).getAttribute('href')).toBe('/login');
  });

  it('shows every message of docs/product.md, and a field’s error clears when it is edited', () => {
    const api = fakeApi({});
    renderRegister();
    submit();
    for (const msg of [MSG.firstName, MSG.lastName, MSG.phoneRequired, MSG.passwordRequired, MSG.confirmRequired, MSG.terms]) {
      expect(screen.getByText(msg)).toBeTruthy();
    }
    expect(document.activeElement).toBe(field('First name'));

    type('Email', 'wanjiku');
    expect(screen.queryByText(MSG.emailInvalid)).toBeNull();
    expect(screen.getByText(MSG.firstName)).toBeTruthy();
    type('Phone number', '0212 345 678');
    type('Password', 'maziwa');
    type('Confirm password', 'maziwa2');
    submit();
    expect(screen.getByText(MSG.emailInvalid)).toBeTruthy();
    expect(screen.getByText(MSG.phoneInvalid)).toBeTruthy();
    expect(screen.getByText(MSG.passwordMin8)).toBeTruthy();
    expect(screen.getByText(MSG.confirmMismatch)).toBeTruthy();

    type('Password', 'maziwa2026');
    submit();
    expect(screen.getByText(MSG.passwordStrength)).toBeTruthy();
    expect(field('Password').getAttribute('aria-describedby')).toBe('password-hint password-error');
    expect(api).not.toHaveBeenCalled();
  });

  it("creates the account, shows 'Creating account...', signs in and goes home", async () => {
    let answer: (r: Response) => void = () => {};
    const api = fakeApi({
      'POST /api/auth/register/': () => new Promise<Response>((resolve) => (answer = resolve)),
      'POST /api/auth/login/': () => json(200, { access: 'a', refresh: 'r', user: testUser, expires_in: 900 }),
    });
    renderRegister();
    fillValid();
    submit();
    expect(await screen.findByRole('button', { name: 'Creating account...' })).toBeTruthy();
    expect(sentBody(api, 'POST /api/auth/register/')).toEqual({
      first_name: 'Wanjiku',
      last_name: 'Kamau',
      email: 'wanjiku@farm.co.ke',
      phone: '254712345678',
      password: 'Maziwa2026',
    });
    answer(json(201, testUser));
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(sentBody(api, 'POST /api/auth/login/')).toEqual({ username: 'wanjiku@farm.co.ke', password: 'Maziwa2026', remember: false });
    expect(getSession()?.user).toEqual(testUser);
  });

  it("says 'This email is already registered' on the email field", async () => {
    fakeApi({
      'POST /api/auth/register/': () =>
        json(400, { error: 'An account with this email already exists.', fields: { email: MSG.emailTaken } }),
    });
    renderRegister();
    fillValid();
    submit();
    expect(await screen.findByText(MSG.emailTaken)).toBeTruthy();
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    expect(getSession()).toBeNull();
  });

  it('reads an error that only mentions the email as a taken email (docs/product.md section 8)', async () => {
    fakeApi({ 'POST /api/auth/register/': () => json(400, { error: 'user with this email already exists.' }) });
    renderRegister();
    fillValid();
    submit();
    expect(await screen.findByText(MSG.emailTaken)).toBeTruthy();
  });

  it.each([
    ['a server failure', () => json(500, { error: 'Something went wrong on our side. Please try again.' })],
    ['no connection', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])("says 'Registration failed. Please try again.' on %s", async (_, answer) => {
    fakeApi({ 'POST /api/auth/register/': answer });
    renderRegister();
    fillValid();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.registerFailed);
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeTruthy();
  });
});
