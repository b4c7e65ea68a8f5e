// The contact form's rules: the same as the server's (internal/content/content.go), which
// checks everything again. Their words are in the catalogue (messages.ts).
import { checkEmail, MAX_EMAIL } from '../../shared/domain/contentRules';
import { contactMessages } from './messages';

export const LIMITS = { name: 100, email: MAX_EMAIL, message: 5000 } as const;

/** The contact form's subjects (docs/product.md section 5), as the server takes them. */
const SUBJECTS = ['general', 'order', 'custom', 'wholesale', 'press'] as const;

/** The subjects with what the form shows for each, in the language shown. */
export function subjects(): { value: string; label: string }[] {
  const m = contactMessages().subjects;
  return SUBJECTS.map((value) => ({ value, label: m[value] }));
}

export interface ContactForm {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export type ContactErrors = Partial<Record<keyof ContactForm, string>>;

const length = (s: string) => [...s].length;

export function checkContact(form: ContactForm): ContactErrors {
  const m = contactMessages().errors;
  const errors: ContactErrors = {};
  const name = form.name.trim();
  if (name === '') errors.name = m.nameRequired;
  else if (length(name) > LIMITS.name) errors.name = m.nameTooLong;
  const email = checkEmail(form.email);
  if (email) errors.email = email;
  if (!SUBJECTS.some((s) => s === form.subject)) errors.subject = m.subjectRequired;
  const message = form.message.trim();
  if (message === '') errors.message = m.messageRequired;
  else if (length(message) > LIMITS.message) errors.message = m.messageTooLong;
  return errors;
}
