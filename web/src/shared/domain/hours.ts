// Opening hours as data (days 1 Monday … 7 Sunday, 24-hour times), written in each language's
// form as the server writes them (internal/delivery/hours.go FormatHours): the same words.

export interface OpeningHours {
  from: number;
  to: number;
  opens: string;
  closes: string;
}

const DAY_NAMES = {
  en: ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
  sw: ['', 'Jumatatu', 'Jumanne', 'Jumatano', 'Alhamisi', 'Ijumaa', 'Jumamosi', 'Jumapili'],
};
const EVERY_DAY = { en: 'Every day', sw: 'Kila siku' };

/** "18:00" as English writes it, "6:00 PM"; Kiswahili keeps the 24-hour clock. */
function timeIn(hhmm: string, lang: 'en' | 'sw'): string {
  if (lang === 'sw') return hhmm;
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return `${h % 12 || 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** "Mon–Fri 8:00 AM–6:00 PM, Sat 8:00 AM–4:00 PM" / "Jumatatu–Ijumaa 08:00–18:00, Jumamosi 08:00–16:00". */
export function formatHours(rows: readonly OpeningHours[], lang: 'en' | 'sw'): string {
  const names = DAY_NAMES[lang];
  return rows
    .map((r) => {
      const days = r.from === 1 && r.to === 7 ? EVERY_DAY[lang] : r.from === r.to ? names[r.from] : `${names[r.from]}–${names[r.to]}`;
      return `${days} ${timeIn(r.opens, lang)}–${timeIn(r.closes, lang)}`;
    })
    .join(', ');
}
