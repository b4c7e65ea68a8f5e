import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, getSession } from '../../shared/api/authToken';
import { Landing, fakeApi, json, renderAt, sentBody, signIn, testUser } from '../../test/utils';
import { MSG } from '../../shared/domain/accountRules';
import { listedOrder as order, listedTimeline } from '../../test/orders';
import AccountPage from './AccountPage';

function renderAccount() {
  return renderAt('/account', [
    { path: '/account', element: <AccountPage /> },
    { path: '/login', element: <Landing name="Login" /> },
  ]);
}

afterEach(() => clearSession());

describe('AccountPage', () => {
  it('sends a visitor who is not signed in to sign in, and back here after', async () => {
    fakeApi({});
    renderAccount();
    expect(await screen.findByText('Login page (from /account)')).toBeTruthy();
  });

  it("lists the user's orders with id, date, status, total and items, each opening its detail", async () => {
    signIn();
    fakeApi({ 'GET /api/auth/me/': () => json(200, testUser), 'GET /api/orders/': () => json(200, [order]) });
    renderAccount();
    expect(screen.getByRole('heading', { level: 1, name: 'My Account' })).toBeTruthy();
    const article = await screen.findByRole('article', { name: order.orderId });
    const text = article.textContent ?? '';
    expect(text).toContain('2 Mar 2026');
    expect(text).toContain('Paid');
    expect(text).toContain('Ksh\u00a08,700');
    expect(within(article).getByRole('list', { name: 'Items' }).textContent).toContain('2 × Dairy Meal (70 Kg)');
    expect(within(article).getByRole('link', { name: `View order ${order.orderId}` }).getAttribute('href')).toBe(
      `/order-confirmation?orderId=${order.orderId}`,
    );
  });

  it('shows what is still to pay on an order paid in part by Paybill', async () => {
    signIn();
    const partPaid = {
      ...order,
      status: 'payment_failed',
      amount_paid: '5000.00',
      balance_due: '3700.00',
      paybill: { kind: 'paybill', business_number: '174379', account_number: order.orderId, amount: '3700.00' },
    };
    fakeApi({ 'GET /api/auth/me/': () => json(200, testUser), 'GET /api/orders/': () => json(200, [partPaid]) });
    renderAccount();
    const unpaid = await screen.findByRole('article', { name: order.orderId });
    expect(unpaid.textContent).toContain('Still to pay: Ksh\u00a03,700 (received Ksh\u00a05,000)');
  });

  it('shows each paid order’s road with the time of every step reached', async () => {
    signIn();
    const pickup = {
      ...order,
      status: 'ready_for_pickup',
      delivery: { kind: 'pickup', option: 'pickup-1', name: 'Mifugo Bora store, Ruiru', fee: '0.00', eta: '' },
      timeline: [...listedTimeline, { status: 'ready_for_pickup', at: '2026-03-03T05:15:00Z' }],
    };
    fakeApi({ 'GET /api/auth/me/': () => json(200, testUser), 'GET /api/orders/': () => json(200, [pickup]) });
    renderAccount();
    const article = await screen.findByRole('article', { name: order.orderId });
    expect(article.textContent).toContain('Collect from: Mifugo Bora store, Ruiru');
    const steps = within(article).getByRole('list', { name: 'Order progress' });
    expect(steps.querySelector('[aria-current="step"]')?.textContent).toContain('Ready for pickup3 March 2026, 08:15');
    expect(steps.textContent).toContain('Collected (not yet)');
  });

  it('says there are no orders yet for an empty list', async () => {
    signIn();
    fakeApi({ 'GET /api/auth/me/': () => json(200, testUser), 'GET /api/orders/': () => json(200, []) });
    renderAccount();
    expect(await screen.findByText(/You have no orders yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse our products' }).getAttribute('href')).toBe('/shop');
  });

  it('treats a 404 from the orders endpoint as a failure, not as no orders', async () => {
    signIn();
    fakeApi({ 'GET /api/auth/me/': () => json(200, testUser), 'GET /api/orders/': () => json(404, { error: 'No such API endpoint' }) });
    renderAccount();
    expect((await screen.findByRole('alert')).textContent).toContain('We could not load your orders.');
    expect(screen.queryByText(/You have no orders yet/)).toBeNull();
  });

  it('offers to try again when the orders cannot be loaded', async () => {
    signIn();
    let fail = true;
    fakeApi({
      'GET /api/auth/me/': () => json(200, testUser),
      'GET /api/orders/': () => (fail ? json(500, { error: 'Something went wrong on our side. Please try again.' }) : json(200, [])),
    });
    renderAccount();
    expect((await screen.findByRole('alert')).textContent).toContain('We could not load your orders.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/You have no orders yet/)).toBeTruthy();
  });

  it('edits the names and phone, taking the phone as Kenyans write it', async () => {
    signIn();
    const api = fakeApi({
      'GET /api/auth/me/': () => json(200, testUser),
      'GET /api/orders/': () => json(200, []),
      'PATCH /api/auth/me/': (body) => json(200, { ...testUser, ...(body as object), phone: '254722000111' }),
    });
    renderAccount();
    const section = screen.getByRole('region', { name: 'Your details' });
    const first = within(section).getByLabelText('First name');
    expect((first as HTMLInputElement).value).toBe('Wanjiku');

    fireEvent.change(first, { target: { value: '' } });
    fireEvent.change(within(section).getByLabelText('Phone number'), { target: { value: '12345' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save changes' }));
    expect(within(section).getByText(MSG.firstName)).toBeTruthy();
    expect(within(section).getByText(MSG.phoneInvalid)).toBeTruthy();

    fireEvent.change(first, { target: { value: 'Wanjiru' } });
    fireEvent.change(within(section).getByLabelText('Phone number'), { target: { value: '0722 000 111' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save changes' }));
    expect((await within(section).findByRole('status')).textContent).toBe('Your details have been saved.');
    expect(sentBody(api, 'PATCH /api/auth/me/')).toEqual({ first_name: 'Wanjiru', last_name: 'Kamau', phone: '0722 000 111', kra_pin: '' });
    expect((within(section).getByLabelText('Phone number') as HTMLInputElement).value).toBe('254722000111');
    expect(getSession()?.user?.first_name).toBe('Wanjiru');
  });

  it('keeps a KRA PIN for tax invoices, refusing one that is not a PIN', async () => {
    signIn();
    const api = fakeApi({
      'GET /api/auth/me/': () => json(200, testUser),
      'GET /api/orders/': () => json(200, []),
      'PATCH /api/auth/me/': (body) => json(200, { ...testUser, ...(body as object), kra_pin: 'P051234567X' }),
    });
    renderAccount();
    const section = screen.getByRole('region', { name: 'Your details' });
    const pin = within(section).getByLabelText(/KRA PIN/);
    fireEvent.change(pin, { target: { value: 'B05123' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save changes' }));
    expect(within(section).getByText(MSG.kraPin)).toBeTruthy();
    fireEvent.change(pin, { target: { value: 'p051234567x' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save changes' }));
    expect((await within(section).findByRole('status')).textContent).toBe('Your details have been saved.');
    expect(sentBody(api, 'PATCH /api/auth/me/')).toMatchObject({ kra_pin: 'p051234567x' });
    expect((pin as HTMLInputElement).value).toBe('P051234567X');
  });

  it('changes the password, showing the server’s word on a wrong current password', async () => {
    signIn();
    let wrong = true;
    const api = fakeApi({
      'GET /api/auth/me/': () => json(200, testUser),
      'GET /api/orders/': () => json(200, []),
      'POST /api/auth/password/change/': () =>
        wrong
          ? json(400, { error: 'Your current password is not correct', fields: { current_password: 'Your current password is not correct' } })
          : json(200, { message: 'Your password has been changed.' }),
    });
    renderAccount();
    const section = screen.getByRole('region', { name: 'Change password' });
    const input = (label: string) => within(section).getByLabelText(label, { selector: 'input' });
    fireEvent.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(within(section).getByText(MSG.currentPassword)).toBeTruthy();
    expect(within(section).getByText(MSG.passwordRequired)).toBeTruthy();

    fireEvent.change(input('Current password'), { target: { value: 'Wrong-2026' } });
    fireEvent.change(input('New password'), { target: { value: 'Kahawa2027' } });
    fireEvent.change(input('Confirm new password'), { target: { value: 'Kahawa2027' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(await within(section).findByText('Your current password is not correct')).toBeTruthy();

    wrong = false;
    fireEvent.change(input('Current password'), { target: { value: 'Kahawa2026' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Change password' }));
    expect((await within(section).findByRole('status')).textContent).toBe('Your password has been changed.');
    expect(sentBody(api, 'POST /api/auth/password/change/', 1)).toEqual({ current_password: 'Kahawa2026', new_password: 'Kahawa2027' });
    expect((input('Current password') as HTMLInputElement).value).toBe('');
  });
});
