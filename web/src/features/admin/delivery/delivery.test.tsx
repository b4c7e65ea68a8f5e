import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession } from '../../../shared/api/authToken';
import type { Zone } from '../../../shared/api/shapes';
import { testOrder } from '../../../test/orders';
import { fakeApi, json, renderAt, signIn } from '../../../test/utils';
import DeliveryNotePage from './DeliveryNotePage';
import { validatePickup } from './PickupPointsPanel';
import { MSG } from '../../../shared/domain/adminRules';
import { validateZone, zoneFee, ZonesPanel } from './ZonesPanel';

afterEach(() => clearSession());

const near: Zone = {
  id: 1,
  name: 'Nairobi and Kiambu',
  name_sw: 'Nairobi na Kiambu',
  eta_sw: 'Kesho yake',
  counties: ['Kiambu', 'Nairobi'],
  base_fee: '250.00',
  included_kg: 5,
  per_kg_fee: '10.00',
  eta: 'Next day',
  free_over: '15000.00',
  pay_on_delivery: false,
};
const far: Zone = { ...near, id: 2, name: 'Far north', counties: ['Turkana'], base_fee: '1200.00', per_kg_fee: '60.00', free_over: null };

describe('zone rules', () => {
  it('prices a weight as the server does: each further kg or part of one', () => {
    const z = { base_fee: '250', included_kg: '5', per_kg_fee: '10' };
    expect(zoneFee(z, 1)).toBe(250);
    expect(zoneFee(z, 5)).toBe(250);
    expect(zoneFee(z, 5.001)).toBe(260);
    expect(zoneFee(z, 20)).toBe(400);
    expect(zoneFee(z, 70)).toBe(900);
  });

  it('checks the zone and pickup point forms', () => {
    expect(validateZone({ name: '', name_sw: '', counties: [], base_fee: '', included_kg: 'x', per_kg_fee: '-1', eta: '', eta_sw: '', free_over: '1.001', pay_on_delivery: false })).toEqual({
      name: MSG.nameRequired,
      counties: MSG.countiesMissing,
      base_fee: MSG.priceRequired,
      included_kg: MSG.weightInvalid,
      per_kg_fee: MSG.priceInvalid,
      free_over: MSG.priceInvalid,
    });
    const point = { name: 'X', name_sw: '', county: '', town: '', address: 'A', directions: '', directions_sw: '', phone: '', hours: '', fee: '0', eta: '', eta_sw: '' };
    expect(validatePickup({ ...point, opening_hours: [], is_store: false, is_active: true })).toEqual({
      county: 'Please choose a county',
      town: 'Town is required',
    });
    const closesFirst = [{ from: 1, to: 5, opens: '18:00', closes: '08:00' }];
    expect(validatePickup({ ...point, county: 'Nakuru', town: 'Nakuru', opening_hours: closesFirst, is_store: false, is_active: true })).toEqual({
      opening_hours: 'Give the opening and closing times as 08:00 and 18:00, closing after opening',
    });
  });
});

describe('ZonesPanel', () => {
  it('lists the zones with their fee for 1, 20 and 70 kg, and edits one with its counties as a checklist', async () => {
    let saved: unknown;
    fakeApi({
      'GET /api/admin/delivery/zones/': () => json(200, [near, far]),
      'PUT /api/admin/delivery/zones/1/': (body) => {
        saved = body;
        return json(200, near);
      },
    });
    render(<ZonesPanel />);
    expect(await screen.findByText(/1 kg: Ksh 250 · 20 kg: Ksh 400 · 70 kg: Ksh 900/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Nairobi and Kiambu' }));
    const form = screen.getByRole('form', { name: 'Zone Nairobi and Kiambu' });
    expect(within(form).getByRole('status').textContent).toContain('70 kg Ksh\u00a0900');
    fireEvent.change(within(form).getByLabelText('Fee per further kg (Ksh)'), { target: { value: '20' } });
    expect(within(form).getByRole('status').textContent).toContain('70 kg Ksh\u00a01,550');
    // Turkana is in another zone: ticking it here moves it.
    const turkana = within(form).getByRole('checkbox', { name: /Turkana/ });
    expect(turkana.parentElement?.textContent).toContain('(Far north)');
    fireEvent.click(turkana);
    fireEvent.click(within(form).getByRole('button', { name: 'Save zone' }));
    await screen.findByRole('heading', { name: 'Delivery zones' });
    expect(saved).toMatchObject({ counties: ['Kiambu', 'Nairobi', 'Turkana'], per_kg_fee: '20', free_over: '15000.00' });
  });

  it('offers to try again when the zones cannot be loaded', async () => {
    fakeApi({ 'GET /api/admin/delivery/zones/': () => json(500, { error: 'Something went wrong on our side. Please try again.' }) });
    render(<ZonesPanel />);
    expect((await screen.findByRole('alert')).textContent).toContain('We could not load the delivery zones.');
  });
});

describe('DeliveryNotePage', () => {
  const route = [
    { path: '/admin/orders/:orderId/print', element: <DeliveryNotePage /> },
    { path: '/admin/orders/print', element: <DeliveryNotePage /> },
  ];

  it('prints what to pack and where it goes, and whether it is paid', async () => {
    signIn();
    const order = {
      ...testOrder('processing', { status: 'succeeded', receipt: 'NLJ7RT61SV' }),
      payments: [{ method: 'mpesa', status: 'succeeded', phone: '254722111222', amount: '7900.00', result_code: 0, result_desc: '', receipt: 'NLJ7RT61SV', message: '' }],
      delivery: { kind: 'pickup', option: 'pickup-1', name: 'Mifugo Bora store, Ruiru', fee: '0.00', eta: '', address: 'Eastern Bypass, Ruiru', hours: 'Mon-Sat' },
      history: [],
      next_statuses: [],
    };
    fakeApi({ 'GET /api/admin/orders/ORDER-1700000000000/': () => json(200, order) });
    renderAt('/admin/orders/ORDER-1700000000000/print', route);
    const note = await screen.findByRole('article', { name: 'Delivery note ORDER-1700000000000' });
    expect(note.textContent).toContain('Wanjiku Kamau');
    expect(note.textContent).toContain('254722111222');
    expect(note.textContent).toContain('Collect atMifugo Bora store, Ruiru');
    expect(within(note).getByRole('table').textContent).toContain('High Yield Dairy Meal (MB-HYDM-70)70 Kg2');
    expect(note.textContent).toContain('Total weight140 kg');
    expect(note.textContent).toContain('Paid by M-Pesa, receipt NLJ7RT61SV');
  });

  it('says plainly when the order is not paid, and sends a visitor to sign in', async () => {
    signIn();
    fakeApi({ 'GET /api/admin/orders/ORDER-1700000000000/': () => json(200, { ...testOrder('pending_payment'), payments: [], history: [], next_statuses: [] }) });
    renderAt('/admin/orders/ORDER-1700000000000/print', route);
    expect((await screen.findByRole('article')).textContent).toContain('NOT PAID');
    clearSession();
    renderAt('/admin/orders/ORDER-1700000000000/print', [...route, { path: '/login', element: <p>Login page</p> }]);
    expect(await screen.findByText('Login page')).toBeTruthy();
  });

  it('prints the notes of several orders in one document, one article each', async () => {
    signIn();
    const second = { ...testOrder('paid'), orderId: 'ORDER-1700000000001', payments: [], history: [], next_statuses: [] };
    fakeApi({
      'GET /api/admin/orders/ORDER-1700000000000/': () => json(200, { ...testOrder('pending_payment'), payments: [], history: [], next_statuses: [] }),
      'GET /api/admin/orders/ORDER-1700000000001/': () => json(200, second),
    });
    renderAt('/admin/orders/print?ids=ORDER-1700000000000,ORDER-1700000000001,ORDER-1700000000000', route);
    expect(await screen.findByRole('article', { name: 'Delivery note ORDER-1700000000001' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.getByText('2 delivery notes, one page each.')).toBeTruthy();
  });

  it('says there is nothing to print without orders', async () => {
    signIn();
    renderAt('/admin/orders/print', route);
    expect((await screen.findByRole('alert')).textContent).toContain('No orders to print');
  });
});
