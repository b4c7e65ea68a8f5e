// Prices arrive from the API as decimal strings ("1500.00") and are shown as "Ksh 1,500":
// en-KE grouping, no decimals for whole shillings, two decimals otherwise. "Ksh" and the amount
// are joined by a no-break space, so no line ever breaks a price in two, whatever the element
// or text it sits in (the server's first view writes prices the same way).
//
// Written out rather than with Intl.NumberFormat: the first Intl formatter a page creates
// loads locale data, which costs a slow phone a noticeable pause before the first render.
// The output is what Intl.NumberFormat('en-KE') gives (money.test.ts holds both to it).

/** 1234567 → "1,234,567". */
function group(n: number): string {
  const digits = String(n);
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ',';
    out += digits[i];
  }
  return out;
}

export function formatKsh(value: string | number): string {
  const amount = typeof value === 'number' ? value : Number(value.trim());
  if (!Number.isFinite(amount) || (typeof value === 'string' && value.trim() === '')) {
    return 'Ksh\u00a0—';
  }
  // Work in whole cents so that 1500.999 shows as 1,501 and not 1,501.00.
  const c = Math.round(Math.abs(amount) * 100);
  const sign = amount < 0 && c > 0 ? '-' : '';
  const shillings = group(Math.floor(c / 100));
  const rest = c % 100;
  return `Ksh\u00a0${sign}${shillings}${rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`}`;
}
