import { describe, expect, it } from 'vitest';
import { orderTotals } from './orders';

describe('orderTotals', () => {
  it('adds Ksh 500 shipping to the sum of the lines', () => {
    expect(orderTotals([{ total_price: '1500.00' }, { total_price: '3200.50' }])).toEqual({
      subtotal: 4700.5,
      shipping: 500,
      total: 5200.5,
    });
    expect(orderTotals([{ total_price: '0.10' }, { total_price: '0.20' }]).subtotal).toBe(0.3);
    expect(orderTotals([])).toEqual({ subtotal: 0, shipping: 500, total: 500 });
  });
});
