import { describe, expect, it } from 'vitest';
import { orderTimeline, orderTotals } from './orders';

describe('orderTotals', () => {
  it('adds the chosen delivery fee to the sum of the lines', () => {
    expect(orderTotals([{ total_price: '1500.00' }, { total_price: '3200.50' }], '900.00')).toEqual({
      subtotal: 4700.5,
      discount: 0,
      shipping: 900,
      total: 5600.5,
    });
    expect(orderTotals([{ total_price: '0.10' }, { total_price: '0.20' }], 0.1).total).toBe(0.4);
    expect(orderTotals([{ total_price: '3950.00' }], 0)).toEqual({ subtotal: 3950, discount: 0, shipping: 0, total: 3950 });
  });

  it('leaves shipping out until a delivery option is chosen', () => {
    expect(orderTotals([{ total_price: '1500.00' }])).toEqual({ subtotal: 1500, discount: 0, shipping: null, total: 1500 });
    expect(orderTotals([])).toEqual({ subtotal: 0, discount: 0, shipping: null, total: 0 });
  });

  it('takes a coupon discount off before delivery, in cents', () => {
    expect(orderTotals([{ total_price: '2600.00' }], '400.00', '260.00')).toEqual({ subtotal: 2600, discount: 260, shipping: 400, total: 2740 });
    expect(orderTotals([{ total_price: '0.30' }], null, '0.10').total).toBe(0.2);
  });
});

describe('orderTimeline', () => {
  const timeline = [
    { status: 'pending_payment' as const, at: '2026-03-02T07:00:00Z' },
    { status: 'paid' as const, at: '2026-03-02T07:01:00Z' },
    { status: 'processing' as const, at: '2026-03-02T09:00:00Z' },
  ];

  const delivery = { kind: 'delivery' as const };

  it('follows a delivery order to its door', () => {
    expect(orderTimeline({ delivery, timeline }).map((s) => [s.label, s.at])).toEqual([
      ['Paid', '2026-03-02T07:01:00Z'],
      ['Processing', '2026-03-02T09:00:00Z'],
      ['Dispatched', undefined],
      ['Delivered', undefined],
    ]);
  });

  it('follows a pickup order to its collection', () => {
    const pickup = { kind: 'pickup' as const };
    const steps = orderTimeline({ delivery: pickup, timeline: [...timeline, { status: 'ready_for_pickup', at: '2026-03-03T08:00:00Z' }] });
    expect(steps.map((s) => s.label)).toEqual(['Paid', 'Processing', 'Ready for pickup', 'Collected']);
    expect(steps[2]?.at).toBe('2026-03-03T08:00:00Z');
    expect(steps[3]?.at).toBeUndefined();
  });

  it('ends with the refund an order had', () => {
    const steps = orderTimeline({ delivery, timeline: [...timeline, { status: 'partially_refunded', at: '2026-03-04T10:00:00Z' }] });
    expect(steps.map((s) => [s.label, s.at]).slice(-2)).toEqual([
      ['Delivered', undefined],
      ['Partly refunded', '2026-03-04T10:00:00Z'],
    ]);
  });
});
