import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/utils';
import { NewOrder } from './NewOrder';

const fetchMock = stubFetch();

const known = {
  phone: '254722000111',
  known: true,
  name: 'Achieng Otieno',
  email: '',
  delivery: { county: 'Kiambu', address: 'Plot 9, Ruiru', city: 'Ruiru', postalCode: '', option: 'delivery-2', kind: 'delivery', name: 'Home delivery' },
  orders: [
    {
      orderId: 'ORDER-17',
      status: 'paid',
      created_at: '2026-11-20T08:00:00Z',
      total: '1700.00',
      items: [{ variant: 1, product_name: 'Dairy Meal', size: '10 Kg', quantity: 2 }],
    },
  ],
};

describe('a phone order', () => {
  it('finds a known caller, orders their last order again and sends it with the payment road', async () => {
    let sent: Record<string, unknown> | null = null;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.startsWith('/api/admin/customers/lookup/')) return json(200, known);
      if (url.startsWith('/api/delivery/options/')) return json(200, []);
      if (url === '/api/admin/orders/' && init?.method === 'POST') {
        sent = JSON.parse(String(init.body));
        return json(201, { orderId: 'ORDER-18' });
      }
      return json(500, { error: 'not in this test' });
    });
    let placed = '';
    render(<NewOrder onPlaced={(id) => (placed = id)} onCancel={() => undefined} />);
    fireEvent.change(screen.getByLabelText("Caller's phone"), { target: { value: '0722000111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText(/Known customer: Achieng Otieno/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Order again ORDER-17' }));
    expect(screen.getByDisplayValue('2')).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/SMS with the Paybill steps/));
    fireEvent.click(screen.getByRole('button', { name: 'Place the order' }));
    await waitFor(() => expect(placed).toBe('ORDER-18'));
    expect(sent).toEqual({
      customer: { name: 'Achieng Otieno', phone: '0722000111' },
      items: [{ variant: 1, quantity: 2 }],
      delivery: { county: 'Kiambu', option: '', address: 'Plot 9, Ruiru', city: 'Ruiru' },
      payment: 'sms_link',
      reminders: false,
    });
  });

  it('greets a new caller and places nothing without products', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/admin/customers/lookup/')) return json(200, { ...known, known: false, name: '', delivery: null, orders: [] });
      return json(200, []);
    });
    render(<NewOrder onPlaced={() => undefined} onCancel={() => undefined} />);
    fireEvent.change(screen.getByLabelText("Caller's phone"), { target: { value: '0722000111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('A new customer: type their name below.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Place the order' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
