import { describe, expect, it } from 'vitest';
import { formatKsh } from './money';

describe('formatKsh', () => {
  it.each([
    ['1500.00', 'Ksh 1,500'],
    ['1500', 'Ksh 1,500'],
    [1500, 'Ksh 1,500'],
    ['150.00', 'Ksh 150'],
    ['16000.00', 'Ksh 16,000'],
    ['1234567.00', 'Ksh 1,234,567'],
    ['0.00', 'Ksh 0'],
    ['1500.50', 'Ksh 1,500.50'],
    ['99.5', 'Ksh 99.50'],
    [1250.75, 'Ksh 1,250.75'],
    ['1500.999', 'Ksh 1,501'],
  ])('formats %j as %s', (input, expected) => {
    expect(formatKsh(input)).toBe(expected);
  });

  it.each(['', 'abc', 'NaN'])('shows a dash for the unreadable amount %j', (input) => {
    expect(formatKsh(input)).toBe('Ksh —');
  });
});
