// The contact and newsletter forms' rules and messages: the same as the server's
// (internal/content/content.go), which checks everything again.
import { charLength, EMAIL_MSG } from './validation';

export const MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 100 characters',
  emailRequired: EMAIL_MSG.required,
  emailInvalid: EMAIL_MSG.invalid,
  subjectRequired: 'Please choose a subject',
  messageRequired: 'Message is required',
  messageTooLong: 'Message must be at most 5000 characters',
} as const;

export const LIMITS = { name: 100, email: 254, message: 5000 } as const;

/** The contact form's subjects (docs/product.md section 5), with what the form shows for each. */
export const SUBJECTS = [
  { value: 'general', label: 'General inquiry' },
  { value: 'order', label: 'Order support' },
  { value: 'custom', label: 'Custom feed formulation' },
  { value: 'wholesale', label: 'Wholesale and bulk orders' },
  { value: 'press', label: 'Press and media' },
] as const;

export type Subject = (typeof SUBJECTS)[number]['value'];

export interface ContactForm {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export type ContactErrors = Partial<Record<keyof ContactForm, string>>;

// One address, no display name: something@domain.tld. Looser than the account forms' check
// (lib/validation.ts): what this lets through, the server refuses with the same message.
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]+$/;

export function checkEmail(email: string): string | undefined {
  const value = email.trim();
  if (value === '') return MESSAGES.emailRequired;
  if (charLength(value) > LIMITS.email || !EMAIL.test(value)) return MESSAGES.emailInvalid;
  return undefined;
}

export function checkContact(form: ContactForm): ContactErrors {
  const errors: ContactErrors = {};
  const name = form.name.trim();
  if (name === '') errors.name = MESSAGES.nameRequired;
  else if (charLength(name) > LIMITS.name) errors.name = MESSAGES.nameTooLong;
  const email = checkEmail(form.email);
  if (email) errors.email = email;
  if (!SUBJECTS.some((s) => s.value === form.subject)) errors.subject = MESSAGES.subjectRequired;
  const message = form.message.trim();
  if (message === '') errors.message = MESSAGES.messageRequired;
  else if (charLength(message) > LIMITS.message) errors.message = MESSAGES.messageTooLong;
  return errors;
}
