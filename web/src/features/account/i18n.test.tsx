import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../shared/api/authToken';
import { accountMessages } from '../../shared/i18n/messages/account';
import { formsMessages } from '../../shared/i18n/messages/forms';
import { inPseudoLanguage, untranslated } from '../../test/i18n';
import { listedOrder, listedTimeline } from '../../test/orders';
import { fakeApi, json, renderAt, signIn, testUser } from '../../test/utils';
import AccountPage from './AccountPage';

inPseudoLanguage();

const paid = {
  ...listedOrder,
  status: 'processing',
  delivery: { kind: 'delivery', option: 'delivery-1', name: 'Home delivery (Nairobi and Kiambu)', fee: '500.00', eta: 'Next day' },
  timeline: listedTimeline,
};
const partPaid = {
  ...paid,
  orderId: 'ORDER-1767225600000-b2',
  status: 'payment_failed',
  amount_paid: '5000.00',
  paybill: { kind: 'paybill', business_number: '174379', account_number: 'ORDER-1767225600000-b2', amount: '3700.00' },
  delivery: { kind: 'pickup', option: 'pickup-1', name: 'Mifugo Bora store, Ruiru', fee: '0.00', eta: '' },
};

/** What the page shows from the API: the customer, the orders, and their date as the language writes it. */
const DATA = [
  testUser.email,
  paid.orderId,
  partPaid.orderId,
  'Dairy Meal',
  'Albendazole 10%',
  '70 Kg',
  '1 litre',
  paid.delivery.name,
  partPaid.delivery.name,
  new Intl.DateTimeFormat('sw-KE', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(paid.created_at)),
];

function renderAccount(orders: () => Response) {
  signIn();
  // In Kiswahili every read asks for it (shared/api/api.ts).
  fakeApi({
    'GET /api/auth/me/?lang=sw': () => json(200, testUser),
    'GET /api/orders/?lang=sw': orders,
    'DELETE /api/auth/me/': () => new Response(null, { status: 204 }),
  });
  renderAt('/account', [{ path: '/account', element: <AccountPage /> }]);
}

afterEach(() => {
  clearSession();
  vi.restoreAllMocks();
});

describe('My Account in another language', () => {
  it('the orders, paid and part paid, with their road and receipt', async () => {
    renderAccount(() => json(200, [paid, partPaid]));
    expect(await screen.findByRole('article', { name: partPaid.orderId })).toBeTruthy();
    expect(untranslated(document.body, DATA)).toEqual([]);
  });

  it('no orders yet', async () => {
    renderAccount(() => json(200, []));
    expect(await screen.findByRole('link', { name: accountMessages().orders.browse })).toBeTruthy();
    expect(untranslated(document.body, DATA)).toEqual([]);
  });

  it('orders that could not be loaded', async () => {
    renderAccount(() => json(404, { error: 'No such API endpoint' }));
    expect((await screen.findByRole('alert')).textContent).toContain(accountMessages().orders.failed);
    expect(untranslated(document.body, DATA)).toEqual([]);
  });

  it('the details and password forms with their messages, the password shown', async () => {
    renderAccount(() => json(200, []));
    const details = screen.getByRole('region', { name: accountMessages().details.title });
    fireEvent.change(within(details).getByLabelText(formsMessages().firstName), { target: { value: '' } });
    fireEvent.click(within(details).getByRole('button', { name: accountMessages().details.save }));
    expect(within(details).getByText(accountMessages().rules.firstName)).toBeTruthy();

    const password = screen.getByRole('region', { name: accountMessages().password.title });
    fireEvent.click(within(password).getByRole('button', { name: accountMessages().password.change }));
    expect(within(password).getByText(accountMessages().rules.currentPassword)).toBeTruthy();
    fireEvent.click(within(password).getByRole('button', { name: formsMessages().showField(accountMessages().password.current.toLowerCase()) }));
    expect(untranslated(document.body, DATA)).toEqual([]);
  });

  it('your data, and the page after the account is deleted', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderAccount(() => json(200, []));
    const form = screen.getByRole('form', { name: accountMessages().data.deleteHeading });
    const submit = () => fireEvent.click(within(form).getByRole('button', { name: accountMessages().data.deleteButton }));
    submit();
    expect(within(form).getByText(accountMessages().rules.currentPassword)).toBeTruthy();
    expect(untranslated(document.body, DATA)).toEqual([]);

    fireEvent.change(within(form).getByLabelText(accountMessages().data.passwordLabel, { selector: 'input' }), { target: { value: 'Kahawa2026' } });
    submit();
    expect(confirm).toHaveBeenCalledWith(accountMessages().data.confirm);
    expect(await screen.findByRole('heading', { level: 1, name: accountMessages().data.deletedTitle })).toBeTruthy();
    expect(untranslated(document.body, DATA)).toEqual([]);
  });
});
