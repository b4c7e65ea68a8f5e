import { describe, expect, it } from 'vitest';
import { MSG, checkAccountPhone, checkConfirm, checkNewPassword } from '../../shared/domain/accountRules';
import { checkEmail } from '../../shared/domain/validation';
import { checkLoginPassword, safeReturnPath, validateLogin, validateRegister, type RegisterForm } from './rules';

describe('messages', () => {
  it('are docs/product.md’s, word for word', () => {
    expect(MSG).toMatchObject({
      emailRequired: 'Email is required',
      emailInvalid: 'Please enter a valid email',
      passwordRequired: 'Password is required',
      passwordMin6: 'Password must be at least 6 characters',
      passwordMin8: 'Password must be at least 8 characters',
      passwordStrength: 'Password must contain at least one uppercase letter, one lowercase letter, and one number',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      phoneRequired: 'Phone number is required',
      phoneInvalid: 'Please enter a valid Kenyan phone number (254XXXXXXXXX)',
      confirmRequired: 'Please confirm your password',
      confirmMismatch: 'Passwords do not match',
      emailTaken: 'This email is already registered',
      loginFailed: 'Invalid email or password. Please try again.',
      registerFailed: 'Registration failed. Please try again.',
    });
  });
});

describe('login', () => {
  it.each([
    [{ email: '', password: 'secret1' }, { email: 'Enter your phone number or email' }],
    [{ email: '   ', password: 'secret1' }, { email: 'Enter your phone number or email' }],
    [{ email: 'wanjiku', password: 'secret1' }, { email: 'Enter a valid email or Kenyan phone number' }],
    [{ email: '0712 345 678', password: 'secret1' }, {}],
    [{ email: '+254 712 345 678', password: 'secret1' }, {}],
    [{ email: 'wanjiku@farm', password: 'secret1' }, { email: MSG.emailInvalid }],
    [{ email: 'Wanjiku <w@farm.co.ke>', password: 'secret1' }, { email: MSG.emailInvalid }],
    [{ email: 'w@farm.co.ke', password: '' }, { password: MSG.passwordRequired }],
    [{ email: 'w@farm.co.ke', password: '12345' }, { password: MSG.passwordMin6 }],
    [{ email: 'w@farm.co.ke', password: '123456' }, {}],
    [{ email: '', password: '' }, { email: 'Enter your phone number or email', password: MSG.passwordRequired }],
  ])('%j gives %j', (form, errors) => {
    expect(validateLogin(form)).toEqual(errors);
  });
});

describe('register', () => {
  const valid: RegisterForm = {
    first_name: 'Wanjiku',
    last_name: 'Kamau',
    email: 'wanjiku@farm.co.ke',
    phone: '254 712 345 678',
    password: 'Maziwa2026',
    confirm: 'Maziwa2026',
    terms: true,
  };

  it('accepts a good form', () => {
    expect(validateRegister(valid)).toEqual({});
  });

  it.each<[Partial<RegisterForm>, Partial<Record<keyof RegisterForm, string>>]>([
    [{ first_name: ' ' }, { first_name: MSG.firstName }],
    [{ last_name: '' }, { last_name: MSG.lastName }],
    [{ email: '' }, {}],
    [{ email: 'farm.co.ke' }, { email: MSG.emailInvalid }],
    [{ phone: '' }, { phone: MSG.phoneRequired }],
    [{ phone: '0712345678' }, {}],
    [{ phone: '+254 712 345 678' }, {}],
    [{ phone: 'garbage' }, { phone: MSG.phoneInvalid }],
    [{ phone: '25471234567' }, { phone: MSG.phoneInvalid }],
    [{ password: '', confirm: '' }, { password: MSG.passwordRequired, confirm: MSG.confirmRequired }],
    [{ password: 'Maz1', confirm: 'Maz1' }, { password: MSG.passwordMin8 }],
    [{ password: 'maziwa2026', confirm: 'maziwa2026' }, { password: MSG.passwordStrength }],
    [{ password: 'MAZIWA2026', confirm: 'MAZIWA2026' }, { password: MSG.passwordStrength }],
    [{ password: 'MaziwaBora', confirm: 'MaziwaBora' }, { password: MSG.passwordStrength }],
    [{ confirm: '' }, { confirm: MSG.confirmRequired }],
    [{ confirm: 'Maziwa2027' }, { confirm: MSG.confirmMismatch }],
    [{ terms: false }, { terms: MSG.terms }],
  ])('%j gives %j', (change, errors) => {
    expect(validateRegister({ ...valid, ...change })).toEqual(errors);
  });

  it('counts characters as the server does', () => {
    expect(checkNewPassword('Ábcdéf1')).toBe(MSG.passwordMin8);
    expect(checkNewPassword('Ábcdéfg1')).toBeUndefined();
    expect(checkNewPassword('Aa1' + 'x'.repeat(126))).toBe(MSG.passwordTooLong);
    expect(checkLoginPassword('😀😀😀😀😀')).toBe(MSG.passwordMin6);
  });

  it('sign-up and the account page take any Kenyan way of writing a mobile number', () => {
    for (const ok of ['0712 345 678', '+254 712 345 678', '254712345678', ' 254 7123 45678 ', '254112345678', '0712-345-678']) {
      expect(checkAccountPhone(ok)).toBeUndefined();
    }
    expect(checkAccountPhone('')).toBe(MSG.phoneRequired);
    expect(checkAccountPhone('0212 345 678')).toBe(MSG.phoneInvalid);
  });

  it('confirmation', () => {
    expect(checkConfirm('a', '')).toBe(MSG.confirmRequired);
    expect(checkConfirm('a', 'b')).toBe(MSG.confirmMismatch);
    expect(checkConfirm('a', 'a')).toBeUndefined();
    expect(checkEmail('ok@farm.co.ke')).toBeUndefined();
  });
});

describe('return path after sign-in', () => {
  it.each([
    [undefined, '/'],
    ['/shop?category=feeds', '/shop?category=feeds'],
    ['/account', '/account'],
    ['https://evil.example/', '/'],
    ['//evil.example/', '/'],
    ['/\\evil.example', '/'],
    ['/login', '/'],
    ['/register?x=1', '/'],
    [42, '/'],
  ])('%s goes to %s', (from, want) => {
    expect(safeReturnPath(from)).toBe(want);
  });
});
