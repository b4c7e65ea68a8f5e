import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../test/utils';
import { OrdersList } from './OrdersList';

// The orders list's export: the orders ticked, or every order the filters match when none is.

const summary = (orderId: string) => ({
  orderId, status: 'paid', created_at: '2026-11-27T08:00:00Z', customer_name: 'Wanjiku Mwangi', phone: '254712345678', email: '',
  county: 'Kiambu', total: '1850.00', item_count: 1, payment_method: 'mpesa', payment_status: 'succeeded', receipt: 'SKL4H2B9XQ',
  attention: '', channel: 'web',
});
const page = { count: 2, next: null, previous: null, page: 1, page_size: 25, count_capped: false, status_counts: { paid: 2 },
  results: [summary('ORDER-1'), summary('ORDER-2')] };
const csv = () => new Response('\uFEFFOrder\r\n', { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8' } });

function renderList() {
  render(
    <MemoryRouter initialEntries={['/admin/orders?status=paid']}>
      <Routes>
        <Route path="/admin/orders" element={<OrdersList />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the orders export', () => {
  beforeEach(() => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:orders'), revokeObjectURL: vi.fn() }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('exports the filtered list with no order ticked, and only the ticked ones once some are', async () => {
    const api = fakeApi({
      'GET /api/admin/orders/?status=paid': () => json(200, page),
      'GET /api/admin/delivery/couriers/': () => json(200, []),
      'GET /api/admin/orders/export/?status=paid': csv,
      'GET /api/admin/orders/export/?status=paid&orders=ORDER-2': csv,
    });
    renderList();
    const bar = await screen.findByRole('region', { name: 'Selected orders' });
    fireEvent.click(within(bar).getByRole('button', { name: 'Export these orders (CSV)' }));
    await waitFor(() => expect(api.mock.calls.some(([url]) => String(url) === '/api/admin/orders/export/?status=paid')).toBe(true));

    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select ORDER-2' }));
    fireEvent.click(within(bar).getByRole('button', { name: 'Export the 1 selected (CSV)' }));
    await waitFor(() =>
      expect(api.mock.calls.some(([url]) => String(url) === '/api/admin/orders/export/?status=paid&orders=ORDER-2')).toBe(true),
    );
  });
});
