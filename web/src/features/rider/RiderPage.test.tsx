import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession } from '../../shared/api/authToken';
import type { RiderDay, RiderDelivery } from '../../shared/api/shapes';
import { fakeApi, json, renderRoute, sentBody, signIn } from '../../test/utils';
import RiderPage from './RiderPage';

afterEach(() => clearSession());

const delivery: RiderDelivery = {
  orderId: 'ORDER-1700000000000',
  status: 'dispatched',
  name: 'Wanjiku Mwangi',
  phone: '254712345678',
  address: 'Plot 4, Eastern Bypass, Ruiru, Kiambu',
  county: 'Kiambu',
  map_url: 'https://www.google.com/maps/search/?api=1&query=Plot+4',
  total: '2350.00',
  amount_due: '2100.00',
  pay_on_delivery: true,
  paid: false,
  paybill: { kind: 'paybill', business_number: '174379', account_number: 'ORDER-1700000000000', amount: '2100.00' },
  outcome: '',
  reason: '',
  collected: '0.00',
  assigned_at: '2026-11-27T06:00:00Z',
  outcome_at: null,
};

const day = (d: RiderDelivery[]): RiderDay => ({
  date: '2026-11-27',
  deliveries: d,
  summary: { delivered: 0, collected: '0.00', refused: 0, open: d.length },
});

describe('the rider’s screen', () => {
  it('lists the day with a tel: link and a map link, and turns green only when the server has the money', async () => {
    signIn();
    let reads = 0;
    const api = fakeApi({
      'GET /api/rider/deliveries/': () => json(200, day([delivery])),
      'POST /api/rider/deliveries/ORDER-1700000000000/collect/': () =>
        json(201, { success: true, checkoutRequestId: 'ws_CO_1', existing: false, message: 'sent' }),
      'GET /api/rider/deliveries/ORDER-1700000000000/': () => {
        reads++;
        return json(200, reads < 2 ? delivery : { ...delivery, paid: true, amount_due: '0.00', paybill: null });
      },
    });
    renderRoute('/rider', RiderPage);
    const card = await screen.findByTestId('delivery');
    expect(within(card).getByRole('link', { name: 'Call 254712345678' }).getAttribute('href')).toBe('tel:+254712345678');
    expect(within(card).getByRole('link', { name: 'Open in the map' }).getAttribute('href')).toBe(delivery.map_url);
    expect(card.textContent).toContain('Ksh\u00a02,100');

    fireEvent.click(within(card).getAllByRole('button', { name: 'Collect payment' })[0]!);
    fireEvent.change(within(card).getByLabelText('Another M-Pesa number (optional)'), { target: { value: '0722 000 111' } });
    fireEvent.click(within(card).getAllByRole('button', { name: 'Collect payment' }).at(-1)!);
    expect(await within(card).findByText(/the M-Pesa request is on the customer’s phone/i)).toBeTruthy();
    expect(sentBody(api, 'POST /api/rider/deliveries/ORDER-1700000000000/collect/')).toEqual({ phone: '0722 000 111' });
    // The Paybill steps, with the order number as the account.
    expect(card.textContent).toContain('174379');
    expect(card.textContent).toContain('Account number (the order number): ORDER-1700000000000');
    expect(card.getAttribute('data-paid')).toBe('false');
    await waitFor(() => expect(card.getAttribute('data-paid')).toBe('true'), { timeout: 7000 });
    expect(card.textContent).toContain('Paid. The shop has the money.');
  }, 15000);

  it('asks for the code of a prepaid delivery and records a refusal with its reason', async () => {
    signIn();
    const prepaid = { ...delivery, pay_on_delivery: false, paid: true, amount_due: '0.00', paybill: null };
    const api = fakeApi({
      'GET /api/rider/deliveries/': () => json(200, day([prepaid])),
      'POST /api/rider/deliveries/ORDER-1700000000000/delivered/': () =>
        json(400, { error: 'Please check', fields: { code: 'That delivery code is not right. Ask the customer to read it from the SMS again.' } }),
      'POST /api/rider/deliveries/ORDER-1700000000000/refused/': () =>
        json(200, { ...prepaid, status: 'cancelled', outcome: 'refused', reason: 'Not at home' }),
    });
    renderRoute('/rider', RiderPage);
    const card = await screen.findByTestId('delivery');
    expect(within(card).queryByRole('button', { name: 'Collect payment' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Delivered' }));
    fireEvent.change(within(card).getByLabelText('Delivery code from the customer’s SMS'), { target: { value: '1234' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Confirm delivered' }));
    expect((await within(card).findByRole('alert')).textContent).toContain('That delivery code is not right');
    expect(sentBody(api, 'POST /api/rider/deliveries/ORDER-1700000000000/delivered/')).toEqual({ code: '1234' });

    fireEvent.click(within(card).getByRole('button', { name: 'Refused' }));
    fireEvent.change(within(card).getByLabelText('Why did the customer refuse?'), { target: { value: 'Not at home' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Record the refusal' }));
    expect(await within(card).findByText('Refused: Not at home')).toBeTruthy();
  });

  it('tells a signed-in non-rider the page is not theirs', async () => {
    signIn();
    fakeApi({ 'GET /api/rider/deliveries/': () => json(403, { error: 'This page is for the shop’s riders only.' }) });
    renderRoute('/rider', RiderPage);
    expect((await screen.findByRole('alert')).textContent).toContain('This page is for the shop’s riders');
  });
});
