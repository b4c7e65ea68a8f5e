import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/api';
import { useCart } from '../../shared/hooks/CartProvider';
import { getMe } from '../../shared/api/account';
import { BUSINESS } from '../../shared/domain/business';
import { COUNTIES } from '../../shared/domain/delivery';
import { checkoutMessages } from './messages';
import { formsMessages } from '../../shared/i18n/messages/forms';
import { useSession } from '../../shared/api/useSession';
import { dairyMealLine as line, fakeCart as cart, homeDelivery as home, pickupStore as store } from '../../test/checkout';
import { inPseudoLanguage, untranslated } from '../../test/i18n';
import { renderRoute } from '../../test/utils';
import { fetchDeliveryOptions } from './api';
import CheckoutPage from './CheckoutPage';

inPseudoLanguage();

vi.mock('./api', () => ({ initiatePayment: vi.fn(), fetchDeliveryOptions: vi.fn() }));
vi.mock('../../shared/hooks/CartProvider', () => ({ useCart: vi.fn() }));
vi.mock('../../shared/api/useSession', () => ({ useSession: vi.fn() }));
vi.mock('../../shared/api/account', () => ({ getMe: vi.fn() }));
// The failure box is another part of the catalogue's, with its own test: here only the words
// the checkout gives it count.
vi.mock('../../shared/ui/ErrorState', () => ({ ErrorState: ({ title }: { title: string }) => <p role="alert">{title}</p> }));
const optionsMock = vi.mocked(fetchDeliveryOptions);

const customer = { firstName: 'Wanjiku', lastName: 'Kamau', email: 'wanjiku@example.co.ke', phone: '0722111222' };
const shipping = { county: 'Kiambu', delivery: 'delivery-1', address: 'Kamiti Road', city: 'Ruiru' };
const payment = { paymentMethod: 'mpesa', mpesaPhone: '0712345678' };

/** What the screens show from the cart, the delivery options and the form's own values. */
const DATA = [
  line.variant.product.name,
  line.variant.size,
  ...[store, home].flatMap((o) => [o.name, o.eta, o.address ?? '', o.hours ?? '']).filter(Boolean),
  ...COUNTIES,
  ...Object.values({ ...customer, ...shipping, ...payment }),
];

function renderAtStep(step: number, form: object) {
  window.sessionStorage.setItem('checkout:draft', JSON.stringify({ form, step }));
  renderRoute('/checkout', CheckoutPage);
}

beforeEach(() => {
  window.sessionStorage.clear();
  optionsMock.mockReset().mockResolvedValue([store, home]);
  vi.mocked(getMe).mockReset().mockRejectedValue(new ApiError(401, 'Please sign in to continue.'));
  vi.mocked(useSession).mockReturnValue(null);
  vi.mocked(useCart).mockReturnValue(cart([line]));
});

describe('the checkout in another language', () => {
  it('the customer step, with the messages of a form sent empty', async () => {
    renderAtStep(1, {});
    fireEvent.click(screen.getByRole('button', { name: checkoutMessages().next }));
    expect(await screen.findByText(checkoutMessages().rules.firstName)).toBeTruthy();
    expect(untranslated(document.body, DATA)).toEqual([]);
  });

  it('the shipping step before a county, with the delivery options, and with a pickup point chosen', async () => {
    renderAtStep(2, customer);
    expect(screen.getByText(checkoutMessages().delivery.chooseCountyFirst)).toBeTruthy();
    expect(untranslated(document.body, DATA)).toEqual([]);
    fireEvent.change(screen.getByLabelText(checkoutMessages().shipping.findCounty), { target: { value: 'Zz' } });
    expect(screen.getByRole('option', { name: formsMessages().noCountyMatches('Zz') })).toBeTruthy();
    expect(untranslated(document.body, DATA)).toEqual([]);
    fireEvent.change(screen.getByLabelText(checkoutMessages().shipping.findCounty), { target: { value: '' } });

    fireEvent.change(screen.getByLabelText(checkoutMessages().shipping.county), { target: { value: 'Kiambu' } });
    expect(screen.getByRole('status').textContent).toContain('Kiambu');
    expect(untranslated(document.body, DATA)).toEqual([]);

    fireEvent.click(await screen.findByRole('radio', { name: /Mifugo Bora store/ }));
    fireEvent.click(screen.getByRole('button', { name: checkoutMessages().next }));
    expect(await screen.findByRole('heading', { name: new RegExp(checkoutMessages().steps.payment) })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: checkoutMessages().previous }));
    expect(screen.getByText(checkoutMessages().shipping.addressHintPickup)).toBeTruthy();
    expect(untranslated(document.body, DATA)).toEqual([]);
  });

  it('a county without delivery, and options that could not be loaded', async () => {
    optionsMock.mockResolvedValueOnce([]).mockRejectedValueOnce(new ApiError(0, 'offline'));
    renderAtStep(2, { ...customer, county: 'Mandera' });
    expect(await screen.findByText(checkoutMessages().delivery.none('Mandera', BUSINESS.phone))).toBeTruthy();
    expect(untranslated(document.body, DATA)).toEqual([]);

    fireEvent.change(screen.getByLabelText(checkoutMessages().shipping.county), { target: { value: 'Wajir' } });
    expect((await screen.findByRole('alert')).textContent).toBe(checkoutMessages().delivery.failed);
    expect(untranslated(document.body, DATA)).toEqual([]);
  });

  it('the payment step, by M-Pesa and by card', async () => {
    renderAtStep(3, { ...customer, ...shipping, mpesaPhone: '' });
    fireEvent.click(await screen.findByRole('button', { name: checkoutMessages().next }));
    expect(await screen.findByText(/M-Pesa/, { selector: 'p[id$="-error"]' })).toBeTruthy();
    expect(untranslated(document.body, DATA)).toEqual([]);
    fireEvent.click(screen.getByRole('radio', { name: new RegExp(checkoutMessages().payment.card) }));
    expect(untranslated(document.body, DATA)).toEqual([]);
  });

  it('the review, and the note that an order waits for a connection', async () => {
    renderAtStep(4, { ...customer, ...shipping, ...payment });
    expect(await screen.findByText(new RegExp(home.name.replace(/[()]/g, '\\$&')))).toBeTruthy();
    expect(untranslated(document.body, DATA)).toEqual([]);

    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('button', { name: checkoutMessages().completeOrder })).toHaveProperty('disabled', true);
    expect(untranslated(document.body, DATA)).toEqual([]);
    onLine.mockRestore();
  });

  it('the cart while it loads, and when it cannot be loaded', () => {
    vi.mocked(useCart).mockReturnValue(cart([], 'loading'));
    const { unmount } = render(<RouterProvider router={createMemoryRouter([{ path: '/', Component: CheckoutPage }])} />);
    expect(screen.getByRole('status').textContent).toBe(checkoutMessages().loadingCart);
    expect(untranslated(document.body)).toEqual([]);
    unmount();

    vi.mocked(useCart).mockReturnValue({ ...cart([], 'error'), error: new Error('offline') });
    render(<RouterProvider router={createMemoryRouter([{ path: '/', Component: CheckoutPage }])} />);
    expect(screen.getByRole('alert').textContent).toBe(checkoutMessages().cartFailed);
    expect(untranslated(document.body)).toEqual([]);
  });
});
