import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { NO_COUPON } from '../../shared/api/coupon';
import type { CartCoupon } from '../../shared/api/shapes';
import { json, stubFetch } from '../../test/utils';
import { COUPON_TEXTS, CouponForm } from './CouponForm';

const fetchMock = stubFetch();

function Harness({ start = NO_COUPON }: { start?: CartCoupon }) {
  const [coupon, setCoupon] = useState(start);
  return (
    <>
      <CouponForm coupon={coupon} onChange={setCoupon} />
      <output aria-label="discount">{coupon.discount}</output>
    </>
  );
}

describe('the cart coupon field', () => {
  it("shows the server's refusal under the field, then applies a good code", async () => {
    fetchMock.mockImplementation(async (_input, init) => {
      const { code } = JSON.parse(String(init?.body)) as { code: string };
      if (code === 'karibu10') return json(200, { code: 'KARIBU10', discount: '260.00' });
      return json(400, { error: "We don't know this code. Please check it and try again.", fields: { code: "We don't know this code. Please check it and try again." } });
    });
    render(<Harness />);
    const field = screen.getByLabelText(COUPON_TEXTS.label);
    fireEvent.change(field, { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: COUPON_TEXTS.apply }));
    expect(await screen.findByText("We don't know this code. Please check it and try again.")).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(field, { target: { value: 'karibu10' } });
    fireEvent.click(screen.getByRole('button', { name: COUPON_TEXTS.apply }));
    expect(await screen.findByText(COUPON_TEXTS.applied('KARIBU10'))).toBeTruthy();
    expect(screen.getByLabelText('discount').textContent).toBe('260.00');
  });

  it('removes the code, and says why a kept code takes nothing off', async () => {
    fetchMock.mockImplementation(async (_input, init) => (init?.method === 'DELETE' ? new Response(null, { status: 204 }) : json(500, {})));
    render(<Harness start={{ code: 'KARIBU10', discount: '0.00', error: 'Spend Ksh 2,000 or more to use this code' }} />);
    expect(screen.getByRole('alert').textContent).toBe('Spend Ksh 2,000 or more to use this code');
    fireEvent.click(screen.getByRole('button', { name: COUPON_TEXTS.remove }));
    expect(await screen.findByLabelText(COUPON_TEXTS.label)).toBeTruthy();
  });
});
