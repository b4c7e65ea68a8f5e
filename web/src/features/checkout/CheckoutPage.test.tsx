import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/api';
import { useCart } from '../../shared/hooks/CartProvider';
import { loadOrderToken } from '../../shared/api/orders';
import type { Session } from '../../shared/api/authToken';
import { getMe } from '../../shared/api/account';
import type { User } from '../../shared/api/shapes';
import { useSession } from '../../shared/api/useSession';
import { dairyMealLine as line, fakeCart as cart, homeDelivery as home, pickupStore as store } from '../../test/checkout';
import { fetchDeliveryOptions, initiatePayment } from './api';
import CheckoutPage from './CheckoutPage';

vi.mock('./api', () => ({ initiatePayment: vi.fn(), fetchDeliveryOptions: vi.fn() }));
vi.mock('../../shared/hooks/CartProvider', () => ({ useCart: vi.fn() }));
vi.mock('../../shared/api/useSession', () => ({ useSession: vi.fn() }));
vi.mock('../../shared/api/account', () => ({ getMe: vi.fn() }));
const initiateMock = vi.mocked(initiatePayment);
const optionsMock = vi.mocked(fetchDeliveryOptions);

const meMock = vi.mocked(getMe);
const useSessionMock = vi.mocked(useSession);
const useCartMock = vi.mocked(useCart);

const achieng: User = {
  id: 9,
  username: 'achieng@example.com',
  email: 'achieng@example.com',
  first_name: 'Achieng',
  last_name: 'Otieno',
  phone: '254733444555',
  phone_confirmed: true,
  role: 'customer',
  kra_pin: '',
  date_joined: '2026-02-01T08:00:00Z',
  permissions: [],
};

function session(user: User | null): Session {
  return { access: 'tok', refresh: 'ref', user, expiresAt: 0, remember: true };
}

function renderCheckout() {
  const router = createMemoryRouter(
    [
      { path: '/checkout', Component: CheckoutPage },
      { path: '/cart', element: <h1>Cart page</h1> },
      { path: '/order-confirmation', element: <h1>Confirmation page</h1> },
    ],
    { initialEntries: ['/checkout'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const input = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

/** Fills the customer step and opens Shipping. */
async function fillToShipping() {
  type('First name', 'Wanjiku');
  type('Last name', 'Kamau');
  type('Email', 'wanjiku@example.co.ke');
  type('Phone number', '0722111222');
  click('Next');
  await screen.findByRole('heading', { name: /Shipping/ });
}

/** Fills the three steps and opens the review. */
async function fillToReview(mpesaPhone = '0712345678') {
  await fillToShipping();
  fireEvent.change(screen.getByLabelText('County'), { target: { value: 'Kiambu' } });
  fireEvent.click(await screen.findByRole('radio', { name: /Home delivery/ }));
  type('Address', 'Kamiti Road');
  type('City / Town', 'Ruiru');
  click('Next');
  await screen.findByRole('heading', { name: /Payment/ });
  type('M-Pesa phone number', mpesaPhone);
  click('Next');
  await screen.findByRole('heading', { name: /Review/ });
}

/** Fills the checkout and completes the order, which the payment API refuses with err; returns the watched window.alert. */
async function completeRefused(err: ApiError) {
  const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
  initiateMock.mockRejectedValue(err);
  renderCheckout();
  await fillToReview();
  click('Complete Order');
  return alert;
}

beforeEach(() => {
  window.sessionStorage.clear();
  initiateMock.mockReset();
  optionsMock.mockReset().mockResolvedValue([store, home]);
  meMock.mockReset().mockRejectedValue(new ApiError(401, 'Please sign in to continue.'));
  useSessionMock.mockReturnValue(null);
  useCartMock.mockReturnValue(cart([line]));
});

describe('CheckoutPage', () => {
  it('marks the current step and shows the order summary', async () => {
    renderCheckout();
    const steps = await screen.findByRole('navigation', { name: 'Checkout steps' });
    expect(steps.querySelector('[aria-current="step"]')?.textContent).toBe('1Customer Info');
    const summary = screen.getByRole('complementary', { name: 'Order Summary' });
    expect(summary.textContent).toContain('High Yield Dairy Meal');
    expect(summary.textContent).toContain('SubtotalKsh\u00a07,900');
    expect(summary.textContent).toContain('ShippingChoose a delivery option');
    expect(summary.textContent).toContain('Total before deliveryKsh\u00a07,900');
  });

  it('offers the county’s delivery options as radio cards, and the summary shows the one chosen', async () => {
    renderCheckout();
    await fillToShipping();
    expect(screen.getByText('Choose your county to see how your order can reach you.')).toBeTruthy();
    // Typing part of the name narrows the counties to one, and chooses it.
    type('Type to find your county', 'kiam');
    expect((screen.getByLabelText('County') as HTMLSelectElement).value).toBe('Kiambu');
    expect(screen.getByRole('status').textContent).toBe('Finding delivery options for Kiambu…');
    const pickup = await screen.findByRole('radio', { name: /Mifugo Bora store, Ruiru/ });
    expect(optionsMock).toHaveBeenCalledWith('Kiambu', expect.anything());
    expect(pickup.closest('label')?.textContent).toContain('Free');
    expect(pickup.closest('label')?.textContent).toContain('Open Mon-Fri 8:00 AM-6:00 PM');
    click('Next');
    expect(await screen.findByText('Please choose a delivery option.')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Home delivery/ }));
    const summary = screen.getByRole('complementary', { name: 'Order Summary' });
    expect(summary.textContent).toContain('ShippingKsh\u00a0900');
    expect(summary.textContent).toContain('TotalKsh\u00a08,800');
    fireEvent.click(pickup);
    expect(summary.textContent).toContain('ShippingKsh\u00a00');
    expect(summary.textContent).toContain('TotalKsh\u00a07,900');
  });

  it('offers to try again when the delivery options cannot be loaded, and says when there are none', async () => {
    const customer = { firstName: 'Halima', lastName: 'Abdi', email: 'halima@example.co.ke', phone: '0722111222', county: 'Mandera' };
    window.sessionStorage.setItem('checkout:draft', JSON.stringify({ form: customer, step: 2 }));
    optionsMock.mockRejectedValueOnce(new ApiError(0, 'Could not reach the shop.')).mockResolvedValueOnce([]);
    renderCheckout();
    expect((await screen.findByRole('alert')).textContent).toContain('We could not load the delivery options.');
    click('Try again');
    expect(await screen.findByText(/We have no delivery option for Mandera yet/)).toBeTruthy();
  });

  it('starts the M-Pesa payment, keeps the order token and opens the confirmation', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    initiateMock.mockResolvedValue({
      success: true,
      orderId: 'ORDER-42',
      checkoutRequestId: 'ws_CO_1',
      message: 'Payment initiated! Please check your phone for M-Pesa prompt.',
      orderToken: 'tok-42',
    });
    const router = renderCheckout();
    await fillToReview();
    click('Complete Order');
    expect(screen.getByRole('button', { name: 'Processing...' })).toHaveProperty('disabled', true);
    await screen.findByRole('heading', { name: 'Confirmation page' });

    const payload = initiateMock.mock.calls[0]?.[0];
    expect(payload).toMatchObject({
      phone: '0712345678',
      amount: 8800,
      customerInfo: { name: 'Wanjiku Kamau', firstName: 'Wanjiku', lastName: 'Kamau', email: 'wanjiku@example.co.ke', phone: '0722111222', kraPin: '' },
      shippingAddress: { address: 'Kamiti Road', city: 'Ruiru', county: 'Kiambu', postalCode: '' },
      delivery: { option: 'delivery-1' },
      items: [line],
    });
    expect(payload?.orderId).toMatch(/^ORDER-\d+$/);
    expect(alert).not.toHaveBeenCalled();
    expect(router.state.location.search).toBe('?orderId=ORDER-42');
    expect(loadOrderToken('ORDER-42')).toBe('tok-42');
    expect(window.localStorage.getItem('orderToken:ORDER-42')).toBe('tok-42');
  });

  it('shows the server’s field messages on the step they belong to', async () => {
    await completeRefused(
      new ApiError(400, 'Please check the highlighted fields (1).', {
        mpesaPhone: 'Please enter a valid Kenyan phone number (e.g. 0712 345 678)',
      }),
    );
    await screen.findByRole('heading', { name: /Payment/ });
    expect(input('M-Pesa phone number').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please enter a valid Kenyan phone number (e.g. 0712 345 678)')).toBeTruthy();
  });

  it('says when M-Pesa is not available, in the server’s words', async () => {
    const alert = await completeRefused(new ApiError(503, 'M-Pesa payments are not available right now. Please try again later or call us to order.'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'M-Pesa payments are not available right now. Please try again later or call us to order.',
    );
    expect(alert).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Complete Order' })).toHaveProperty('disabled', false);
  });

  it('offline, says an order needs a connection and holds Complete Order until it is back', async () => {
    renderCheckout();
    await fillToReview();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('button', { name: 'Complete Order' })).toHaveProperty('disabled', true);
    expect(screen.getByText(/Completing an order needs a connection/)).toBeTruthy();
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.getByRole('button', { name: 'Complete Order' })).toHaveProperty('disabled', false);
    expect(screen.queryByText(/Completing an order needs a connection/)).toBeNull();
    expect(initiateMock).not.toHaveBeenCalled();
  });

  it('says in the page that the payment failed when the connection drops', async () => {
    const alert = await completeRefused(new ApiError(0, 'Could not reach the shop.'));
    expect((await screen.findByRole('alert')).textContent).toBe('Payment failed. Please try again.');
    expect(alert).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: /Review/ })).toBeTruthy();
  });

  it('fills in the signed-in customer’s details from the session', async () => {
    useSessionMock.mockReturnValue(session(achieng));
    renderCheckout();
    await screen.findByDisplayValue('Achieng');
    expect(input('Last name').value).toBe('Otieno');
    expect(input('Email').value).toBe('achieng@example.com');
    expect(input('Phone number').value).toBe('254733444555');
    expect(meMock).not.toHaveBeenCalled();
  });

  it('asks the server who is signed in when the session holds no user, keeping what was typed', async () => {
    window.sessionStorage.setItem('checkout:draft', JSON.stringify({ form: { firstName: 'Achi' }, step: 1 }));
    useSessionMock.mockReturnValue(session(null));
    meMock.mockResolvedValue(achieng);
    renderCheckout();
    await screen.findByDisplayValue('achieng@example.com');
    expect(input('First name').value).toBe('Achi');
    expect(input('Last name').value).toBe('Otieno');
  });

  it('leaves a guest’s form empty', async () => {
    renderCheckout();
    await screen.findByRole('heading', { name: /Customer Info/ });
    expect(meMock).not.toHaveBeenCalled();
    expect(input('First name').value).toBe('');
  });

  it('keeps what was typed through a reload of the page', async () => {
    const first = renderCheckout();
    type('First name', 'Wanjiku');
    first.dispose();
    renderCheckout();
    expect((await screen.findAllByLabelText('First name')).at(-1)).toHaveProperty('value', 'Wanjiku');
  });

  it('sends an empty cart to the cart page', async () => {
    useCartMock.mockReturnValue(cart([]));
    renderCheckout();
    await screen.findByRole('heading', { name: 'Cart page' });
  });

  it('waits for the cart, and offers to try again when it cannot be loaded', async () => {
    useCartMock.mockReturnValue(cart([], 'loading'));
    const { unmount } = render(
      <RouterProvider router={createMemoryRouter([{ path: '/checkout', Component: CheckoutPage }], { initialEntries: ['/checkout'] })} />,
    );
    expect(await screen.findByText('Loading your cart…')).toBeTruthy();
    unmount();

    const failed = cart([], 'error');
    useCartMock.mockReturnValue({ ...failed, error: new Error('Could not reach the shop.') });
    renderCheckout();
    click('Try again');
    expect(failed.reload).toHaveBeenCalled();
  });
});
