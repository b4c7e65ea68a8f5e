import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/api';
import { orderMessages } from './messages';
import { inPseudoLanguage, untranslated } from '../../test/i18n';
import { pickupDelivery, preparedTimeline, testOrder, withGuide } from '../../test/orders';
import { advance, fakeClock, renderRouteLoaded } from '../../test/utils';
import { getOrder } from './api';
import OrderConfirmationPage from './OrderConfirmationPage';
import { POLL_LIMIT_MS, POLL_MS } from './useOrderStatus';

inPseudoLanguage();

vi.mock('./api', () => ({ getOrder: vi.fn(), retryPayment: vi.fn() }));
// The shared failure box, copy button and way back to the shop are other parts of the
// catalogue's, with their own tests: here only the words the order page gives them count.
vi.mock('../../shared/ui/ErrorState', () => ({ ErrorState: ({ title }: { title: string }) => <p role="alert">{title}</p> }));
vi.mock('../../shared/ui/CopyButton', () => ({ CopyButton: ({ label }: { label: string }) => <button type="button" aria-label={label} /> }));
vi.mock('../../shared/ui/Page', async (original) => ({ ...(await original<object>()), ContinueShopping: () => null }));
const getOrderMock = vi.mocked(getOrder);

const ADVICE = 'Check your phone is on and has signal. Dial *234# to refresh your SIM, then try again, or pay by Paybill below.';

/** What the page shows of the order itself, as the API gives it. */
const DATA = [
  'ORDER-1700000000000',
  'High Yield Dairy Meal',
  '70 Kg',
  'Wanjiku Kamau',
  'Kamiti Road',
  'Ruiru',
  'Kiambu',
  'Home delivery (Nairobi and Kiambu)',
  'Next day',
  'Mifugo Bora store, Ruiru',
  'Eastern Bypass, Ruiru',
  'Mon-Fri 8:00 AM-6:00 PM',
  'Ready the next working day',
  'NLJ7RT61SV',
  'You cancelled the payment on your phone',
  ADVICE,
];

const renderPage = (search = '?orderId=ORDER-1700000000000') => renderRouteLoaded('/order-confirmation', OrderConfirmationPage, `/order-confirmation${search}`);

fakeClock();
beforeEach(() => {
  getOrderMock.mockReset();
});

describe('the order page in another language', () => {
  it('waits for the payment, with the till road, then stops asking', async () => {
    getOrderMock.mockResolvedValue({ ...testOrder('pending_payment'), paybill: { kind: 'till', business_number: '5123456', amount: '8400.00' } });
    await renderPage();
    expect(screen.getByRole('heading', { level: 2, name: orderMessages().waiting })).toBeTruthy();
    expect(screen.getByRole('region', { name: orderMessages().paybill.titleNoRequest })).toBeTruthy();
    expect(untranslated(document.body, DATA)).toEqual([]);

    await advance(POLL_LIMIT_MS + POLL_MS);
    expect(screen.getByText(orderMessages().notHeard)).toBeTruthy();
    expect(untranslated(document.body, DATA)).toEqual([]);
  });

  it('a failed prompt with its advice, the Paybill steps and what is still to pay', async () => {
    const failed = testOrder('payment_failed', { status: 'failed', result_code: 1032, message: 'You cancelled the payment on your phone', advice: ADVICE });
    getOrderMock.mockResolvedValue(withGuide(failed, '3400.00', '5000.00'));
    await renderPage();
    const guide = screen.getByRole('region', { name: orderMessages().paybill.titleAfterFailure });
    expect(guide.textContent).toContain(orderMessages().paybill.lipaNaMpesa);
    expect(screen.getByRole('button', { name: orderMessages().paybill.copyAccountNumber })).toBeTruthy();
    expect(screen.getByText(ADVICE)).toBeTruthy();
    expect(untranslated(document.body, DATA)).toEqual([]);
  });

  it('a failed prompt without words of its own, and a phone number refused', async () => {
    getOrderMock.mockResolvedValue(testOrder('payment_failed', { status: 'failed', result_code: 1 }));
    await renderPage();
    expect(screen.getByRole('heading', { level: 2, name: orderMessages().paymentFailed })).toBeTruthy();
    const phone = screen.getByLabelText(orderMessages().mpesaPhone);
    fireEvent.change(phone, { target: { value: '07' } });
    fireEvent.click(screen.getByRole('button', { name: orderMessages().tryAgain }));
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(untranslated(document.body, DATA)).toEqual([]);
  });

  it('paid, with the receipt and the road to delivery', async () => {
    getOrderMock.mockResolvedValue({ ...testOrder('processing', { receipt: 'NLJ7RT61SV', status: 'succeeded' }), timeline: preparedTimeline });
    await renderPage();
    expect(screen.getByRole('heading', { level: 2, name: orderMessages().paid })).toBeTruthy();
    expect(untranslated(document.body, DATA)).toEqual([]);
  });

  it('paid for pickup', async () => {
    getOrderMock.mockResolvedValue({ ...testOrder('ready_for_pickup', { receipt: 'NLJ7RT61SV', status: 'succeeded' }), shipping: '0.00', delivery: pickupDelivery });
    await renderPage();
    expect(screen.getByRole('heading', { name: orderMessages().pickupPoint })).toBeTruthy();
    expect(untranslated(document.body, DATA)).toEqual([]);
  });

  it('cancelled', async () => {
    getOrderMock.mockResolvedValue(testOrder('cancelled'));
    await renderPage();
    expect(screen.getByRole('heading', { level: 2, name: orderMessages().cancelled })).toBeTruthy();
    expect(untranslated(document.body, DATA)).toEqual([]);
  });

  it('an order not found', async () => {
    getOrderMock.mockRejectedValue(new ApiError(404, 'Order not found'));
    await renderPage();
    expect(screen.getByRole('heading', { name: orderMessages().notFound.title })).toBeTruthy();
    expect(untranslated(document.body, DATA)).toEqual([]);
  });

  it('an order still loading', async () => {
    getOrderMock.mockReturnValue(new Promise(() => {}));
    await renderPage();
    expect(screen.getByRole('status').textContent).toBe(orderMessages().loading);
    expect(untranslated(document.body, DATA)).toEqual([]);
  });

  it('an order that could not be loaded', async () => {
    getOrderMock.mockRejectedValueOnce(new ApiError(0, 'offline'));
    await renderPage();
    expect(screen.getByRole('alert').textContent).toBe(orderMessages().loadFailed);
    expect(untranslated(document.body, DATA)).toEqual([]);
  });
});
