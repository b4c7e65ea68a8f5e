import { describe, expect, it } from 'vitest';
import { COUPON_MSG, couponTerms, payloadOf, validateCoupon } from './CouponsTab';
import { checkRate, VAT_RATE_MSG } from './VatTab';

const form = {
  code: 'KARIBU10',
  kind: 'percent' as const,
  value: '10',
  min_subtotal: '2000',
  product_ids: '3, 12',
  category_ids: '',
  starts_at: '',
  ends_at: '',
  max_uses: '100',
  max_uses_per_phone: '',
  active: true,
};

describe('the coupon form', () => {
  it('checks what the server checks, in its words', () => {
    expect(validateCoupon(form)).toEqual({});
    expect(validateCoupon({ ...form, code: '10% off', value: '101', product_ids: '3;4', max_uses: '0' })).toEqual({
      code: COUPON_MSG.code,
      value: COUPON_MSG.percent,
      product_ids: COUPON_MSG.ids,
      max_uses: COUPON_MSG.limit,
    });
    expect(validateCoupon({ ...form, starts_at: '2026-12-01T10:00', ends_at: '2026-12-01T09:00' }).ends_at).toBe(COUPON_MSG.endsBefore);
  });

  it('sends ids as numbers and empty limits as null', () => {
    expect(payloadOf(form)).toMatchObject({ code: 'KARIBU10', product_ids: [3, 12], category_ids: [], max_uses: 100, max_uses_per_phone: null, starts_at: null });
  });

  it('words a code', () => {
    expect(couponTerms({ kind: 'percent', value: '10', min_subtotal: '2000.00' })).toBe('10% off from Ksh\u00a02,000');
    expect(couponTerms({ kind: 'fixed', value: '200.00', min_subtotal: '0.00' })).toBe('Ksh\u00a0200 off');
  });

  it('checks a VAT rate', () => {
    expect(checkRate('16')).toBeUndefined();
    expect(checkRate('8.5')).toBeUndefined();
    expect(checkRate('101')).toBe(VAT_RATE_MSG);
    expect(checkRate('1.234')).toBe(VAT_RATE_MSG);
  });
});
