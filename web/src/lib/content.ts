// The shop's own endpoints for the newsletter and the contact form (docs/architecture.md section 3).
import { request } from './api';
import type { ContactForm } from './contentRules';

export interface Reply {
  message: string;
}

/** Signs an address up; signing up again is answered the same way, not as an error. */
export function subscribe(email: string): Promise<Reply> {
  return request('POST', '/newsletter/', { email: email.trim() });
}

export function sendContactMessage(form: ContactForm): Promise<Reply> {
  return request('POST', '/contact/', {
    name: form.name.trim(),
    email: form.email.trim(),
    subject: form.subject,
    message: form.message.trim(),
  });
}
