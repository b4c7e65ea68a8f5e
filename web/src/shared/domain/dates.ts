// Dates as the shop shows them: "15 November 2025", or "November 2025" without the day.
// Written out rather than with Intl.DateTimeFormat, whose first use loads locale data and
// costs a slow phone a pause (see money.ts). Month names follow the language shown.
import { commonMessages } from '../i18n/messages/common';

/** An ISO date or timestamp in Kenyan time (UTC+3, no daylight saving). */
export function formatDate(iso: string, withDay = true): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  const d = new Date(t + 3 * 3600_000); // East Africa Time, read with the UTC getters
  const month = `${commonMessages().months[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
  return withDay ? `${d.getUTCDate()} ${month}` : month;
}

/** An ISO timestamp as a day and a time in Kenyan time: "2 March 2026, 10:05". */
export function formatDateTime(iso: string): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  const d = new Date(t + 3 * 3600_000);
  const time = `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
  return `${formatDate(iso)}, ${time}`;
}

