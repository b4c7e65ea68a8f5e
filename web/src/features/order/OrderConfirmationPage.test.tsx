import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/api';
import { pickupDelivery, preparedTimeline, testOrder as order, withGuide } from '../../test/orders';
import { advance, fakeClock, renderRouteLoaded } from '../../test/utils';
import { getOrder, retryPayment } from './api';
import OrderConfirmationPage from './OrderConfirmationPage';
import { PAYBILL_POLL_LIMIT_MS, PAYBILL_POLL_MS, POLL_LIMIT_MS, POLL_MS } from './useOrderStatus';

vi.mock('./api', () => ({ getOrder: vi.fn(), retryPayment: vi.fn() }));
const getOrderMock = vi.mocked(getOrder);
const retryMock = vi.mocked(retryPayment);

const renderPage = (search = '?orderId=ORDER-1700000000000') => renderRouteLoaded('/order-confirmation', OrderConfirmationPage, `/order-confirmation${search}`);

fakeClock();
beforeEach(() => {
  getOrderMock.mockReset();
  retryMock.mockReset();
});

describe('OrderConfirmationPage', () => {
  it('waits for the payment with instructions, then shows it received with the receipt', async () => {
    getOrderMock.mockResolvedValueOnce(order('pending_payment')).mockResolvedValueOnce(order('paid', { receipt: 'NLJ7RT61SV', status: 'succeeded' }));
    await renderPage();

    expect(screen.getByRole('heading', { level: 2, name: 'Waiting for your M-Pesa payment…' })).toBeTruthy();
    expect(screen.getByText(/Enter your M-Pesa PIN/)).toBeTruthy();
    expect(screen.queryByText(/Payment received/)).toBeNull();
    expect(screen.getByText('ORDER-1700000000000')).toBeTruthy();
    expect(screen.getByText('High Yield Dairy Meal')).toBeTruthy();
    expect(screen.getAllByText('Ksh 8,400').length).toBeGreaterThan(0);
    expect(screen.getByText('Ruiru, Kiambu 00232')).toBeTruthy();
    // The status is announced as it changes.
    expect(screen.getByRole('heading', { level: 2, name: /Waiting/ }).parentElement?.getAttribute('aria-live')).toBe('polite');

    await advance(POLL_MS);
    expect(screen.getByRole('heading', { level: 2, name: 'Payment received' })).toBeTruthy();
    expect(screen.getByText('NLJ7RT61SV')).toBeTruthy();
  });

  it('tells how to order from any phone when the shop has a USSD code, and not otherwise', async () => {
    getOrderMock.mockResolvedValue(order('paid', { receipt: 'NLJ7RT61SV', status: 'succeeded' }));
    await renderPage();
    expect(screen.queryByText(/order from any phone/)).toBeNull();

    const meta = document.createElement('meta');
    meta.name = 'shop:ussd';
    meta.content = '*384*123#';
    document.head.append(meta);
    try {
      await renderPage();
      expect(screen.getByText('Next time, order from any phone without internet: dial *384*123#.')).toBeTruthy();
    } finally {
      meta.remove();
    }
  });

  it('follows the money: a part payment is the headline, not the last prompt', async () => {
    getOrderMock.mockResolvedValue({
      ...order('payment_failed', { status: 'failed', result_code: 1037, message: 'Your phone did not answer' }),
      amount_paid: '3000.00',
      balance_due: '5400.00',
    });
    await renderPage();
    expect(screen.getByRole('heading', { level: 2, name: 'Ksh\u00a03,000 received: Ksh\u00a05,400 left to pay' })).toBeTruthy();
    expect(screen.queryByText('Your phone did not answer')).toBeNull();
  });

  it('shows every M-Pesa receipt of a paid order, a Paybill one too', async () => {
    getOrderMock.mockResolvedValue({
      ...order('paid', { status: 'failed', receipt: '' }),
      amount_paid: '8400.00',
      balance_due: '0.00',
      receipts: ['TKM0000001', 'TKM0000002'],
    });
    await renderPage();
    expect(screen.getByRole('heading', { level: 2, name: 'Payment received' })).toBeTruthy();
    expect(screen.getByText('M-Pesa receipt numbers')).toBeTruthy();
    expect(screen.getByText('TKM0000001, TKM0000002')).toBeTruthy();
  });

  it('tells a failure in the payment’s words and retries from the phone given', async () => {
    getOrderMock.mockResolvedValue(order('payment_failed', { status: 'failed', result_code: 1032, message: 'You cancelled the payment on your phone' }));
    await renderPage();

    expect(screen.getByRole('heading', { level: 2, name: 'You cancelled the payment on your phone' })).toBeTruthy();
    const phone = screen.getByLabelText('M-Pesa phone number') as HTMLInputElement;
    expect(phone.value).toBe('254700000001');

    fireEvent.change(phone, { target: { value: '07' } });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Please enter a valid Kenyan phone number (e.g. 0712 345 678)')).toBeTruthy();
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(retryMock).not.toHaveBeenCalled();

    retryMock.mockResolvedValue({ success: true, orderId: 'ORDER-1700000000000', checkoutRequestId: 'ws_1', message: '' });
    getOrderMock.mockResolvedValue(order('pending_payment', { phone: '254712345678' }));
    fireEvent.change(phone, { target: { value: '0712 345 678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await advance(0);
    expect(retryMock).toHaveBeenCalledWith('ORDER-1700000000000', '0712 345 678');
    expect(screen.getByRole('heading', { level: 2, name: 'Waiting for your M-Pesa payment…' })).toBeTruthy();
  });

  it('says so when M-Pesa refuses the new request', async () => {
    getOrderMock.mockResolvedValue(order('payment_failed', { status: 'failed', result_code: 1, message: 'Not enough money in your M-Pesa account' }));
    retryMock.mockRejectedValue(new ApiError(502, 'Payment failed. Please try again.'));
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await advance(0);
    expect(screen.getByRole('alert').textContent).toBe('Payment failed. Please try again.');
  });

  it('stops asking after three minutes and offers to check again', async () => {
    getOrderMock.mockResolvedValue(order('pending_payment'));
    await renderPage();
    expect(screen.queryByRole('button', { name: 'Check again' })).toBeNull();

    await advance(POLL_LIMIT_MS + POLL_MS);
    expect(screen.getByText(/We have not heard from M-Pesa yet/)).toBeTruthy();
    const calls = getOrderMock.mock.calls.length;

    getOrderMock.mockResolvedValue(order('paid', { receipt: 'QWE1RT2YUI', status: 'succeeded' }));
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await advance(0);
    expect(getOrderMock.mock.calls.length).toBe(calls + 1);
    expect(screen.getByRole('heading', { level: 2, name: 'Payment received' })).toBeTruthy();
  });

  it('says when the order cannot be found', async () => {
    getOrderMock.mockRejectedValue(new ApiError(404, 'Order not found'));
    await renderPage();
    expect(screen.getByRole('heading', { name: 'We could not find this order' })).toBeTruthy();
  });

  it('says when no order is given', async () => {
    await renderPage('');
    expect(screen.getByRole('heading', { name: 'We could not find this order' })).toBeTruthy();
    expect(getOrderMock).not.toHaveBeenCalled();
  });

  it('offers to try again when the order cannot be loaded', async () => {
    getOrderMock.mockRejectedValueOnce(new ApiError(0, 'Could not reach the shop.')).mockResolvedValueOnce(order('pending_payment'));
    await renderPage();
    expect(screen.getByText('We could not load your order.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await advance(0);
    expect(screen.getByRole('heading', { level: 2, name: 'Waiting for your M-Pesa payment…' })).toBeTruthy();
  });

  it('shows the Paybill steps after a failed prompt and turns to paid by itself', async () => {
    const failed = order('payment_failed', {
      status: 'failed',
      result_code: 1037,
      message: 'Your phone did not answer: is it on and in signal?',
      advice: 'Check your phone is on and has signal. Dial *234# to refresh your SIM, then try again, or pay by Paybill below.',
    });
    getOrderMock.mockResolvedValue(withGuide(failed));
    await renderPage();

    expect(screen.getByText(/Dial \*234# to refresh your SIM/)).toBeTruthy();
    const guide = screen.getByRole('region', { name: 'Or pay from your M-Pesa menu' });
    expect(guide.textContent).toContain('Pay Bill');
    expect(guide.textContent).toContain('Business number: 174379');
    expect(guide.textContent).toContain('Account number: ORDER-1700000000000');
    expect(guide.textContent).toContain('Amount: Ksh\u00a08,400');
    expect(screen.getByRole('button', { name: 'Copy the account number' })).toBeTruthy();
    // 'Try again' stays beside it.
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();

    getOrderMock.mockResolvedValue(order('paid', { receipt: 'TKM0000001', status: 'succeeded' }));
    await advance(PAYBILL_POLL_MS);
    expect(screen.getByRole('heading', { level: 2, name: 'Payment received' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Or pay from your M-Pesa menu' })).toBeNull();
  });

  it('asks for the balance after a part payment, and offers to check again after twenty minutes', async () => {
    getOrderMock.mockResolvedValue(withGuide(order('payment_failed', { status: 'failed', result_code: 1032, message: 'You cancelled' }), '3400.00', '5000.00'));
    await renderPage();
    const guide = screen.getByRole('region', { name: 'Or pay from your M-Pesa menu' });
    expect(guide.textContent).toContain('We have received Ksh\u00a05,000. Still to pay: Ksh\u00a03,400.');
    expect(guide.textContent).toContain('Amount: Ksh\u00a03,400');

    await advance(PAYBILL_POLL_LIMIT_MS + PAYBILL_POLL_MS);
    const calls = getOrderMock.mock.calls.length;
    await advance(PAYBILL_POLL_MS * 3);
    expect(getOrderMock.mock.calls.length).toBe(calls);
    getOrderMock.mockResolvedValue(order('paid', { status: 'succeeded' }));
    fireEvent.click(screen.getByRole('button', { name: 'Paid already? Check again' }));
    await advance(0);
    expect(screen.getByRole('heading', { level: 2, name: 'Payment received' })).toBeTruthy();
  });

  it('offers Paybill while the prompt is awaited, and Buy Goods for a till', async () => {
    getOrderMock.mockResolvedValue({
      ...order('pending_payment'),
      paybill: { kind: 'till', business_number: '5123456', amount: '8400.00' },
    });
    await renderPage();
    const guide = screen.getByRole('region', { name: 'No request on your phone? Pay from your M-Pesa menu' });
    expect(guide.textContent).toContain('Buy Goods and Services');
    expect(guide.textContent).toContain('Till number: 5123456');
    expect(guide.textContent).not.toContain('Account number');
    expect(screen.queryByRole('button', { name: 'Copy the account number' })).toBeNull();
  });

  it('follows a dispatched order step by step, with its courier and tracking number', async () => {
    getOrderMock.mockResolvedValue({
      ...order('dispatched', { receipt: 'NLJ7RT61SV', status: 'succeeded' }),
      courier: 'G4S',
      tracking_number: 'G4S-KBC-20931',
      timeline: [{ status: 'pending_payment', at: '2026-03-02T07:00:00Z' }, ...preparedTimeline, { status: 'dispatched', at: '2026-03-03T06:30:00Z' }],
    });
    await renderPage();
    const steps = screen.getByRole('list', { name: 'Order progress' });
    expect(steps.querySelector('[aria-current="step"]')?.textContent).toContain('Dispatched3 March 2026, 09:30');
    expect(steps.textContent).toContain('With G4S, tracking number G4S-KBC-20931');
    expect(steps.textContent).toContain('Delivered (not yet)');
    expect(screen.getByText('Home delivery (Nairobi and Kiambu)')).toBeTruthy();
  });

  it('shows a pickup order’s point, hours and road to collection', async () => {
    getOrderMock.mockResolvedValue({
      ...order('ready_for_pickup', { receipt: 'NLJ7RT61SV', status: 'succeeded' }),
      shipping: '0.00',
      total: '7900.00',
      delivery: pickupDelivery,
      timeline: [...preparedTimeline, { status: 'ready_for_pickup', at: '2026-03-02T12:00:00Z' }],
    });
    await renderPage();
    expect(screen.getByText(/will call you when it is ready for pickup/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Pickup point' })).toBeTruthy();
    expect(screen.getByText('Open Mon-Fri 8:00 AM-6:00 PM')).toBeTruthy();
    const steps = screen.getByRole('list', { name: 'Order progress' });
    expect([...steps.querySelectorAll('li p:first-child')].map((p) => p.textContent)).toEqual([
      'Paid',
      'Processing',
      'Ready for pickup',
      'Collected (not yet)',
    ]);
  });
});
