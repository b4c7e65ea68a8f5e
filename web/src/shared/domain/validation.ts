// The checks the shop's forms share: an email address and a Kenyan mobile number. They
// mirror the server's (internal/account/rules.go and internal/account/phone.go) and use its
// words, so a field reads the same whichever side caught the mistake.
import { liveTexts } from '../i18n/i18n';
import { commonMessages } from '../i18n/messages/common';

/** A form's messages by field; a field without a problem has none. */
export type Errors<F extends string> = Partial<Record<F, string>>;

// Read when a form checks itself, so they come in the language shown.
export const EMAIL_MSG = liveTexts(() => {
  const m = commonMessages();
  return { required: m.emailRequired, invalid: m.emailInvalid };
});

export const PHONE_MSG = liveTexts(() => {
  const m = commonMessages();
  return { required: m.phoneRequired, mpesaRequired: m.mpesaPhoneRequired, invalid: m.phoneInvalid };
});

/** A length as the server counts it: in characters (code points), not UTF-16 units. */
export function charLength(s: string): number {
  return [...s].length;
}

// An address as Go's net/mail reads one: dot-atoms either side of a single @ (letters beyond
// ASCII allowed), and a dot in the domain.
const ATEXT = "[A-Za-z0-9!#$%&'*+\\-/=?^_`{|}~\\u0080-\\uFFFF]+";
const DOT_ATOM = `${ATEXT}(?:\\.${ATEXT})*`;
const EMAIL = new RegExp(`^${DOT_ATOM}@${DOT_ATOM}$`);

/** The account rules' message for an email, or undefined when it is fine. */
export function checkEmail(input: string): string | undefined {
  const email = input.trim();
  if (email === '') return EMAIL_MSG.required;
  const domain = email.slice(email.lastIndexOf('@'));
  if (email.length > 254 || !EMAIL.test(email) || !domain.includes('.')) return EMAIL_MSG.invalid;
  return undefined;
}

// Characters a phone number may be written with that carry no digit.
const PHONE_SEPARATORS = /[ \-.()\t\u00a0]/g;

/**
 * Reads a Kenyan mobile number as people write it — 0712 345 678, 0112-345-678,
 * +254 712 345 678, 254712345678 or 712345678 — and returns it as M-Pesa wants it:
 * 254 and nine digits, 7… or 10…/11…. null for anything else. Every form that takes a phone
 * uses this one light check; the server reads the number with libphonenumber's plan and has
 * the last word (internal/phone).
 */
export function normalizePhone(input: string): string | null {
  let s = input.replace(PHONE_SEPARATORS, '');
  if (s.startsWith('+2540')) s = `+254${s.slice(5)}`;
  if (s.startsWith('+')) {
    if (!s.startsWith('+254')) return null;
    s = s.slice(1);
  }
  if (s.length === 12 && s.startsWith('254')) s = s.slice(3);
  else if (s.length === 10 && s.startsWith('0')) s = s.slice(1);
  else if (s.length !== 9) return null;
  if (!/^(?:7\d|1[01])\d{7}$/.test(s)) return null;
  return `254${s}`;
}

/** A phone number written any way normalizePhone reads: `required` when empty, `invalid` when unreadable. */
export function checkPhone(
  value: string,
  required: string = PHONE_MSG.required,
  invalid: string = PHONE_MSG.invalid,
): string | undefined {
  if (value.trim() === '') return required;
  return normalizePhone(value) ? undefined : invalid;
}
