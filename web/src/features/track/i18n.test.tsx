import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formsMessages } from '../../lib/messages/forms';
import { trackMessages } from '../../lib/messages/track';
import { inPseudoLanguage, untranslated } from '../../test/i18n';
import { fakeApi, json, renderAt } from '../../test/utils';
import TrackPage from './TrackPage';

inPseudoLanguage();

const tracked = {
  orderId: 'ORDER-1795381559464',
  status: 'dispatched',
  created_at: '2026-11-20T07:00:00Z',
  items: [{ product_name: 'High Yield Dairy Meal', size: '70 Kg', sku: 'MB-HDM-70KG', quantity: 2, unit_price: '3950.00', total_price: '7900.00' }],
  subtotal: '7900.00',
  shipping: '300.00',
  total: '8200.00',
  county: 'Kiambu',
  delivery: { kind: 'delivery', option: 'delivery-1', name: 'Home delivery (Nairobi and Kiambu)', fee: '300.00', eta: 'Next day' },
  courier: 'G4S',
  tracking_number: 'G4S-KBC-20931',
  timeline: [
    { status: 'paid', at: '2026-11-20T07:01:00Z' },
    { status: 'dispatched', at: '2026-11-21T06:30:00Z' },
  ],
};
const NOT_FOUND = 'We found no order with this number and phone number. Please check both.';

/** What the page shows from the API, and the form every order number has (the placeholder). */
const DATA = [tracked.orderId, 'High Yield Dairy Meal', '70 Kg', tracked.delivery.name, tracked.courier, tracked.tracking_number, NOT_FOUND, 'ORDER-…'];

function fill(orderId: string, phone: string) {
  fireEvent.change(screen.getByLabelText(trackMessages().orderNumber), { target: { value: orderId } });
  fireEvent.change(screen.getByLabelText(formsMessages().phoneNumber), { target: { value: phone } });
  fireEvent.click(screen.getByRole('button', { name: trackMessages().submit }));
}

describe('the track page in another language', () => {
  it('the form, and its messages when sent empty', () => {
    fakeApi({});
    renderAt('/track', [{ path: '/track', element: <TrackPage /> }]);
    expect(untranslated(document.body, DATA)).toEqual([]);
    fill('', '');
    expect(screen.getByText(trackMessages().orderRequired)).toBeTruthy();
    expect(screen.getByText(trackMessages().phoneRequired)).toBeTruthy();
    expect(untranslated(document.body, DATA)).toEqual([]);
  });

  it('an order found, with its road and lines', async () => {
    fakeApi({ 'POST /api/orders/track/': () => json(200, tracked) });
    renderAt('/track', [{ path: '/track', element: <TrackPage /> }]);
    fill(tracked.orderId, '0712345678');
    expect(await screen.findByRole('heading', { level: 2, name: new RegExp(tracked.orderId) })).toBeTruthy();
    expect(untranslated(document.body, DATA)).toEqual([]);
  });

  it('no order for that number and phone, and no connection', async () => {
    let answer = () => json(404, { error: NOT_FOUND });
    fakeApi({ 'POST /api/orders/track/': () => answer() });
    renderAt('/track', [{ path: '/track', element: <TrackPage /> }]);
    fill('ORDER-1', '0712345678');
    expect((await screen.findByRole('alert')).textContent).toBe(NOT_FOUND);
    expect(untranslated(document.body, DATA)).toEqual([]);

    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    fill('ORDER-1', '0712345678');
    expect(await screen.findByText(trackMessages().failed)).toBeTruthy();
    expect(untranslated(document.body, DATA)).toEqual([]);
  });
});
