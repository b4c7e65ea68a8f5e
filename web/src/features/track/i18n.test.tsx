import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formsMessages } from '../../shared/i18n/messages/forms';
import { trackMessages } from './messages';
import { inPseudoLanguage, untranslated } from '../../test/i18n';
import { trackedOrder as tracked } from '../../test/orders';
import { fakeApi, json, renderAt } from '../../test/utils';
import TrackPage from './TrackPage';

inPseudoLanguage();

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
