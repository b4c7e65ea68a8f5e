// The sign-in and sign-up forms' own rules; the messages and the checks the account page
// shares are in shared/domain/accountRules.ts.
import { checkAccountPhone, checkConfirm, checkName, checkNewPassword, MSG } from '../../shared/domain/accountRules';
import { charLength, checkEmail, normalizePhone, type Errors } from '../../shared/domain/validation';
import { authMessages } from './messages';

/** The one "Phone or email" field of sign-in and reset: an address when it has an @, else a Kenyan mobile number. */
export function checkPhoneOrEmail(value: string): string | undefined {
  const v = value.trim();
  const m = authMessages();
  if (v === '') return m.phoneOrEmailRequired;
  if (v.includes('@')) return checkEmail(v);
  return normalizePhone(v) ? undefined : m.phoneOrEmailInvalid;
}

export function checkLoginPassword(pw: string): string | undefined {
  if (pw === '') return MSG.passwordRequired;
  if (charLength(pw) < 6) return MSG.passwordMin6;
  if (charLength(pw) > 128) return MSG.passwordTooLong;
  return undefined;
}

function collect<F extends string>(checks: [F, string | undefined][]): Errors<F> {
  const errors: Errors<F> = {};
  for (const [field, message] of checks) if (message) errors[field] = message;
  return errors;
}

export interface LoginForm {
  email: string;
  password: string;
}

export function validateLogin(f: LoginForm): Errors<keyof LoginForm> {
  return collect<keyof LoginForm>([
    ['email', checkPhoneOrEmail(f.email)],
    ['password', checkLoginPassword(f.password)],
  ]);
}

export interface RegisterForm {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  password: string;
  confirm: string;
  terms: boolean;
}

export function validateRegister(f: RegisterForm): Errors<keyof RegisterForm> {
  return collect<keyof RegisterForm>([
    ['first_name', checkName(f.first_name, MSG.firstName, MSG.firstNameTooLong)],
    ['last_name', checkName(f.last_name, MSG.lastName, MSG.lastNameTooLong)],
    ['email', f.email.trim() === '' ? undefined : checkEmail(f.email)],
    ['phone', checkAccountPhone(f.phone)],
    ['password', checkNewPassword(f.password)],
    ['confirm', checkConfirm(f.password, f.confirm)],
    ['terms', f.terms ? undefined : MSG.terms],
  ]);
}

/** A path to return to after signing in: only a page of this shop, never the sign-in pages. */
export function safeReturnPath(from: unknown): string {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return '/';
  const path = from.split(/[?#]/)[0];
  if (path === '/login' || path === '/register' || path === '/forgot-password' || path === '/reset-password') return '/';
  return from;
}
