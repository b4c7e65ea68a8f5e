import { describe, expect, it } from 'vitest';
import { formatKsh } from './money';

describe('formatKsh', () => {
  it.each([
    ['1500.00', 'Ksh\u00a01,500'],
    ['1500', 'Ksh\u00a01,500'],
    [1500, 'Ksh\u00a01,500'],
    ['150.00', 'Ksh\u00a0150'],
    ['16000.00', 'Ksh\u00a016,000'],
    ['1234567.00', 'Ksh\u00a01,234,567'],
    ['0.00', 'Ksh\u00a00'],
    ['1500.50', 'Ksh\u00a01,500.50'],
    ['99.5', 'Ksh\u00a099.50'],
    [1250.75, 'Ksh\u00a01,250.75'],
    ['1500.999', 'Ksh\u00a01,501'],
  ])('formats %j as %s', (input, expected) => {
    expect(formatKsh(input)).toBe(expected);
  });

  it.each(['', 'abc', 'NaN'])('shows a dash for the unreadable amount %j', (input) => {
    expect(formatKsh(input)).toBe('Ksh\u00a0—');
  });

  it('never lets a line break between Ksh and the amount', () => {
    expect(formatKsh('3950.00')).not.toMatch(/Ksh /);
    expect(formatKsh('3950.00')).toBe('Ksh\u00a03,950');
  });

  it('writes what Intl.NumberFormat en-KE writes', () => {
    const whole = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 });
    const cents = new Intl.NumberFormat('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (const c of [0, 1, 99, 100, 1050, 99_999, 100_000, 123_456_78, 1_000_000_00, 987_654_321_01, -150_000]) {
      const expected = c % 100 === 0 ? whole.format(c / 100) : cents.format(c / 100);
      expect(formatKsh((c / 100).toFixed(2))).toBe(`Ksh\u00a0${expected}`);
    }
  });
});
