import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates';

describe('formatDate', () => {
  it.each([
    ['2025-08-14', true, '14 August 2025'],
    ['2025-08-14', false, 'August 2025'],
    ['2025-12-31T22:30:00Z', true, '1 January 2026'], // already the next day in Nairobi
    ['2025-03-01T05:00:00+03:00', true, '1 March 2025'],
    ['not a date', true, ''],
  ])('%s (day: %s) is %j', (iso, withDay, expected) => {
    expect(formatDate(iso, withDay)).toBe(expected);
  });
});

describe('formatDateTime', () => {
  it('reads the time in Nairobi', () => {
    expect(formatDateTime('2026-03-02T07:05:00Z')).toBe('2 March 2026, 10:05');
    expect(formatDateTime('2025-12-31T22:30:00Z')).toBe('1 January 2026, 01:30');
    expect(formatDateTime('soon')).toBe('');
  });
});
