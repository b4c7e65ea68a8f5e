// The email rule of the newsletter and contact forms, with the server's words
// (internal/content/content.go), which checks again. The footer's newsletter form puts this
// file in the home page's first bundle: the contact form's own rules live with that page.
import { liveTexts } from '../i18n/i18n';
import { commonMessages } from '../i18n/messages/common';

// The account forms' words too: read when a form checks itself, so they come in the language shown.
export const MESSAGES = liveTexts(() => {
  const m = commonMessages();
  return { emailRequired: m.emailRequired, emailInvalid: m.emailInvalid };
});

/** The longest address the shop stores, in characters. */
export const MAX_EMAIL = 254;

// One address, no display name: something@domain.tld. Looser than the account forms' check
// (shared/domain/validation.ts): what this lets through, the server refuses with the same message.
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]+$/;

export function checkEmail(email: string): string | undefined {
  const value = email.trim();
  if (value === '') return MESSAGES.emailRequired;
  if ([...value].length > MAX_EMAIL || !EMAIL.test(value)) return MESSAGES.emailInvalid;
  return undefined;
}
