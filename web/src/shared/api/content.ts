// The newsletter's endpoint (docs/architecture.md section 3).
import { request } from './api';
import type { Reply } from './shapes';

/** Signs an address up; signing up again is answered the same way, not as an error. */
export function subscribe(email: string): Promise<Reply> {
  return request('POST', '/newsletter/', { email: email.trim() });
}
