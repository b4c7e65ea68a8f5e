import { describe, expect, it } from 'vitest';
import { formatHours } from './hours';

// The same words as the server's formatter (internal/delivery/delivery_test.go TestFormatHours).
describe('formatHours', () => {
  const rows = [
    { from: 1, to: 5, opens: '08:00', closes: '18:00' },
    { from: 6, to: 6, opens: '08:30', closes: '13:00' },
  ];
  it('writes English and Kiswahili in their own forms', () => {
    expect(formatHours(rows, 'en')).toBe('Mon–Fri 8:00 AM–6:00 PM, Sat 8:30 AM–1:00 PM');
    expect(formatHours(rows, 'sw')).toBe('Jumatatu–Ijumaa 08:00–18:00, Jumamosi 08:30–13:00');
  });
  it('names every day and midnight hours', () => {
    expect(formatHours([{ from: 1, to: 7, opens: '00:30', closes: '12:00' }], 'en')).toBe('Every day 12:30 AM–12:00 PM');
    expect(formatHours([{ from: 1, to: 7, opens: '07:00', closes: '19:00' }], 'sw')).toBe('Kila siku 07:00–19:00');
  });
});
