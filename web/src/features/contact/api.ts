// The contact form's endpoint (docs/architecture.md section 3).
import { request } from '../../shared/api/api';
import type { Reply } from '../../shared/api/shapes';
import type { ContactForm } from './rules';

export function sendContactMessage(form: ContactForm): Promise<Reply> {
  return request('POST', '/contact/', {
    name: form.name.trim(),
    email: form.email.trim(),
    subject: form.subject,
    message: form.message.trim(),
  });
}
