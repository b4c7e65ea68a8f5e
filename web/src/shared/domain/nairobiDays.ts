// Nairobi days for the back office's filters and reports (UTC+3 all year), apart from dates.ts,
// which the storefront's first load carries.

/** The Nairobi day (YYYY-MM-DD) `offset` days from the one of `now`. */
export function nairobiDay(now = Date.now(), offset = 0): string {
  return new Date(now + 3 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);
}

export type DatePreset = 'today' | 'yesterday' | 'week' | 'month';

/** A preset's first and last Nairobi days, both included; a week starts on Monday. */
export function presetRange(preset: DatePreset, now = Date.now()): { from: string; to: string } {
  const today = nairobiDay(now);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const y = nairobiDay(now, -1);
      return { from: y, to: y };
    }
    case 'week': {
      const weekday = (new Date(now + 3 * 3600_000).getUTCDay() + 6) % 7; // Monday 0
      return { from: nairobiDay(now, -weekday), to: today };
    }
    case 'month':
      return { from: `${today.slice(0, 8)}01`, to: today };
  }
}
