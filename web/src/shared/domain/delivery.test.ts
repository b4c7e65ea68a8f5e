import { describe, expect, it } from 'vitest';
import { COUNTIES, feeText, isCounty } from './delivery';
import { formatKsh } from './money';

// internal/delivery's TestWebCounties holds COUNTIES to the server's list.
describe('COUNTIES', () => {
  it('holds the 47 counties once each, in alphabetical order', () => {
    expect(COUNTIES).toHaveLength(47);
    expect(new Set(COUNTIES).size).toBe(47);
    expect([...COUNTIES].sort()).toEqual([...COUNTIES]);
  });

  it('knows a county only by its exact name', () => {
    expect(isCounty('Kiambu')).toBe(true);
    expect(isCounty("Murang'a")).toBe(true);
    expect(isCounty('kiambu')).toBe(false);
    expect(isCounty('Other')).toBe(false);
  });
});

describe('feeText', () => {
  it('says Free for nothing to pay', () => {
    expect(feeText('0.00', formatKsh)).toBe('Free');
    expect(feeText('900.00', formatKsh)).toBe('Ksh\u00a0900');
  });
});
