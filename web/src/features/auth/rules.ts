// The sign-in and account forms' rules, with SPEC.md section 5's messages word for word. The
// server checks the same rules with the same words (internal/account/rules.go), so a field
// reads the same whichever side caught the mistake.
import { checkEmail, normalizePhone } from '../checkout/rules';

export const MSG = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  passwordRequired: 'Password is required',
  passwordMin6: 'Password must be at least 6 characters',
  passwordMin8: 'Password must be at least 8 characters',
  passwordStrength: 'Password must contain at least one uppercase letter, one lowercase letter, and one number',
  passwordTooLong: 'Password must be at most 128 characters',
  firstName: 'First name is required',
  firstNameTooLong: 'First name must be at most 100 characters',
  lastName: 'Last name is required',
  lastNameTooLong: 'Last name must be at most 100 characters',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Please enter a valid Kenyan phone number (254XXXXXXXXX)',
  confirmRequired: 'Please confirm your password',
  confirmMismatch: 'Passwords do not match',
  terms: 'Please accept the Terms and Conditions and the Privacy Policy',
  currentPassword: 'Please enter your current password',
  // SPEC.md section 8.
  emailTaken: 'This email is already registered',
  loginFailed: 'Invalid email or password. Please try again.',
  registerFailed: 'Registration failed. Please try again.',
} as const;

export { checkEmail };

/** A password's length as the server counts it: in characters (code points), not UTF-16 units. */
function length(s: string): number {
  return [...s].length;
}

export function checkLoginPassword(pw: string): string | undefined {
  if (pw === '') return MSG.passwordRequired;
  if (length(pw) < 6) return MSG.passwordMin6;
  if (length(pw) > 128) return MSG.passwordTooLong;
  return undefined;
}

/** Registration, reset and change: 8+ characters with an upper-case letter, a lower-case letter and a digit. */
export function checkNewPassword(pw: string): string | undefined {
  if (pw === '') return MSG.passwordRequired;
  if (length(pw) < 8) return MSG.passwordMin8;
  if (length(pw) > 128) return MSG.passwordTooLong;
  if (!/\p{Lu}/u.test(pw) || !/\p{Ll}/u.test(pw) || !/\p{Nd}/u.test(pw)) return MSG.passwordStrength;
  return undefined;
}

export function checkConfirm(pw: string, confirm: string): string | undefined {
  if (confirm === '') return MSG.confirmRequired;
  return pw === confirm ? undefined : MSG.confirmMismatch;
}

export function checkName(name: string, required: string, tooLong: string): string | undefined {
  const v = name.trim();
  if (v === '') return required;
  return length(v) > 100 ? tooLong : undefined;
}

/** SPEC.md's registration rule: with spaces removed, 254 followed by nine digits. */
export function checkRegisterPhone(phone: string): string | undefined {
  const v = phone.replace(/\s/g, '');
  if (v === '') return MSG.phoneRequired;
  return /^254\d{9}$/.test(v) ? undefined : MSG.phoneInvalid;
}

/** The account page is kinder: any way people write a Kenyan mobile number (0712 345 678, +254...). */
export function checkProfilePhone(phone: string): string | undefined {
  if (phone.trim() === '') return MSG.phoneRequired;
  return normalizePhone(phone) ? undefined : MSG.phoneInvalid;
}

export type Errors<F extends string> = Partial<Record<F, string>>;

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
    ['email', checkEmail(f.email)],
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
    ['email', checkEmail(f.email)],
    ['phone', checkRegisterPhone(f.phone)],
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
