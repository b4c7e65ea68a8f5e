import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { trackedOrder as tracked } from '../../test/orders';
import { fakeApi, json, renderAt, sentBody } from '../../test/utils';
import TrackPage from './TrackPage';

function fill(orderId: string, phone: string) {
  fireEvent.change(screen.getByLabelText(/Order number/), { target: { value: orderId } });
  fireEvent.change(screen.getByLabelText(/Phone number/), { target: { value: phone } });
  fireEvent.click(screen.getByRole('button', { name: 'Track order' }));
}

describe('TrackPage', () => {
  it('finds an order by number and phone and shows its road, courier and lines', async () => {
    const api = fakeApi({ 'POST /api/orders/track/': () => json(200, tracked) });
    renderAt('/track', [{ path: '/track', element: <TrackPage /> }]);
    fill(' order-1795381559464 ', '0712 345 678');
    expect((await screen.findByRole('heading', { level: 2, name: /ORDER-1795381559464/ })).textContent).toBe('ORDER-1795381559464: Dispatched');
    expect(sentBody(api, 'POST /api/orders/track/')).toEqual({ orderId: 'order-1795381559464', phone: '0712 345 678' });
    expect(screen.getByRole('list', { name: 'Order progress' }).textContent).toContain('With G4S, tracking number G4S-KBC-20931');
    expect(screen.getByText('High Yield Dairy Meal')).toBeTruthy();
  });

  it('asks for both fields before asking the shop, and shows its answer to a wrong pair', async () => {
    const api = fakeApi({
      'POST /api/orders/track/': () => json(404, { error: 'We found no order with this number and phone number. Please check both.' }),
    });
    renderAt('/track', [{ path: '/track', element: <TrackPage /> }]);
    fill('', '07');
    expect(screen.getByText('Enter your order number (ORDER-…)')).toBeTruthy();
    expect(screen.getByText('Please enter a valid Kenyan phone number (e.g. 0712 345 678)')).toBeTruthy();
    expect(api).not.toHaveBeenCalled();
    fill('ORDER-1', '0712345678');
    expect((await screen.findByRole('alert')).textContent).toBe('We found no order with this number and phone number. Please check both.');
  });

  it('says to wait when a short link over its limit led here', () => {
    renderAt('/track?busy=1', [{ path: '/track', element: <TrackPage /> }]);
    expect(screen.getByRole('alert').textContent).toBe('Too many tries. Please wait a few minutes, or call us with your order number.');
  });

  it('says nothing of tries when opened plainly', () => {
    renderAt('/track', [{ path: '/track', element: <TrackPage /> }]);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
