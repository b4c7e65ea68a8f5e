import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/utils';
import { AgentsTab } from './AgentsTab';

const fetchMock = stubFetch();

const agent = {
  id: 3,
  user_id: 9,
  code: 'K7M2QX',
  name: 'Njeri Kamau',
  phone: '254733111222',
  email: 'njeri@agents.co.ke',
  area: 'Kiganjo',
  active: true,
  rates: [{ category: 2, category_name: 'Dairy Meal', rate_bp: 500 }],
  created_at: '2026-11-01T08:00:00Z',
  figures: { orders: 4, farmers: 2, earned: '420.00', payable: '130.00', paying: '0.00', paid: '290.00' },
  flags: { shared_phones: ['254722000111'], busy_days: [], failed_payments: 0, many_failed: false, own_phone_orders: 0, any: true },
};

describe('the Agents tab', () => {
  it('lists each agent with their figures and flags, and records a payment made by hand', async () => {
    let paid: Record<string, unknown> | null = null;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/admin/agents/') return json(200, [agent]);
      if (url === '/api/admin/categories/') return json(200, []);
      if (url === '/api/admin/agents/3/payouts/' && init?.method === 'POST') {
        paid = JSON.parse(String(init.body));
        return json(201, { payout: { id: 'PO1', period: '2026-11', method: 'manual', status: 'sent', amount: '130.00' }, orders: ['ORDER-1'] });
      }
      return json(404, { error: 'not in this test' });
    });
    render(<AgentsTab />);
    expect(await screen.findByText('Njeri Kamau')).toBeTruthy();
    expect(screen.getByText(/payable Ksh 130/)).toBeTruthy();
    expect(screen.getByText(/Phones other agents also ordered for: 254722000111/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('M-Pesa code or reference'), { target: { value: 'QK7H2LM9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay payable commission' }));
    await waitFor(() => expect(paid).toEqual({ method: 'manual', reference: 'QK7H2LM9' }));
    expect(await screen.findByText(/Ksh 130 for 2026-11: sent/)).toBeTruthy();
  });
});
