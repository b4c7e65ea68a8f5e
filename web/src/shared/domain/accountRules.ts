// The account forms' messages and the checks that sign-up, password reset and the account
// page share, with docs/product.md section 5's messages word for word (in the catalogue,
// shared/i18n/messages/account.ts). The server checks the same rules with the same words
// (internal/account/rules.go), so a field reads the same whichever side caught the mistake.
import { liveTexts } from '../i18n/i18n';
import { accountMessages } from '../i18n/messages/account';
import { charLength, checkPhone, EMAIL_MSG, PHONE_MSG } from './validation';

export const MSG = liveTexts(() => ({
  ...accountMessages().rules,
  emailRequired: EMAIL_MSG.required,
  emailInvalid: EMAIL_MSG.invalid,
  phoneRequired: PHONE_MSG.required,
}));

/** Registration, reset and change: 8+ characters with an upper-case letter, a lower-case letter and a digit. */
export function checkNewPassword(pw: string): string | undefined {
  if (pw === '') return MSG.passwordRequired;
  if (charLength(pw) < 8) return MSG.passwordMin8;
  if (charLength(pw) > 128) return MSG.passwordTooLong;
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
  return charLength(v) > 100 ? tooLong : undefined;
}

/** A KRA PIN as eTIMS takes a buyer's, in any case: A or P, nine digits, a letter; empty is none. */
export function checkKraPin(pin: string, message: string): string | undefined {
  const v = pin.trim().toUpperCase();
  return v === '' || /^[AP]\d{9}[A-Z]$/.test(v) ? undefined : message;
}

/** Sign-up and the account page: any way people write a Kenyan mobile number (0712 345 678, +254...), the one rule of validation.ts. */
export function checkAccountPhone(phone: string): string | undefined {
  return checkPhone(phone, MSG.phoneRequired, MSG.phoneInvalid);
}
