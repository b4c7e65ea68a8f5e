// The account page's own calls (docs/architecture.md section 2): the customer's data rights.
import { request } from '../../shared/api/api';
import type { User } from '../../shared/api/shapes';

/** The signed-in customer's data, as the JSON file the shop makes of it (GET /api/auth/me/export/). */
export function exportMyData(): Promise<Blob> {
  return request<Blob>('GET', '/auth/me/export/', undefined, { as: 'blob' });
}

/**
 * Deletes the signed-in customer's account for good (DELETE /api/auth/me/ with the password). The
 * shop ends every session; the caller then forgets this browser's (clearSession), once it has
 * shown that the account is gone.
 */
export function deleteAccount(password: string): Promise<void> {
  return request<void>('DELETE', '/auth/me/', { password });
}

/** Whether the signed-in customer's phone gets a text when a bag runs low. */
export interface RemindersSetting {
  reminders: boolean;
  stopped: boolean;
  phone: string;
}

export function getReminders(): Promise<RemindersSetting> {
  return request<RemindersSetting>('GET', '/account/reminders/');
}

export function setReminders(reminders: boolean): Promise<RemindersSetting> {
  return request<RemindersSetting>('PUT', '/account/reminders/', { reminders });
}

/** Texts a 6-digit code to the signed-in customer's phone (POST /api/auth/phone/send-code/). */
export function sendPhoneCode(): Promise<{ message: string; expires_in: number }> {
  return request('POST', '/auth/phone/send-code/');
}

/** Confirms the phone with the texted code; the guest orders placed with it join the account. */
export function confirmPhone(code: string): Promise<{ message: string; user: User; orders_attached: number }> {
  return request('POST', '/auth/phone/confirm/', { code: code.trim() });
}
