// Prices arrive from the API as decimal strings ("1500.00") and are shown as "Ksh 1,500":
// en-KE grouping, no decimals for whole shillings, two decimals otherwise.

const whole = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 });
const cents = new Intl.NumberFormat('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatKsh(value: string | number): string {
  const amount = typeof value === 'number' ? value : Number(value.trim());
  if (!Number.isFinite(amount) || (typeof value === 'string' && value.trim() === '')) {
    return 'Ksh —';
  }
  // Work in whole cents so that 1500.999 shows as 1,501 and not 1,501.00.
  const c = Math.round(amount * 100);
  const formatted = c % 100 === 0 ? whole.format(c / 100) : cents.format(c / 100);
  return `Ksh ${formatted}`;
}
