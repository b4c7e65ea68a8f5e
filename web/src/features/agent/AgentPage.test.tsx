import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession } from '../../shared/api/authToken';
import { Landing, fakeApi, json, renderAt, sentBody, signIn } from '../../test/utils';
import AgentPage from './AgentPage';

const page = {
  agent: { id: 1, user_id: 2, code: 'K7M2QX', name: 'Njeri Kamau', phone: '254733111222', email: 'njeri@agents.co.ke', area: 'Kiganjo', active: true, rates: [], created_at: '2026-11-01T08:00:00Z' },
  figures: { orders: 1, farmers: 1, earned: '130.00', payable: '0.00', paying: '0.00', paid: '0.00' },
  farmers: [
    {
      name: 'Peter Kamau',
      phone: '254722000111',
      place: 'Kiganjo',
      delivery: { county: 'Kiambu', address: 'Gate 3', city: 'Kiganjo', postalCode: '', option: 'delivery-2', kind: 'delivery', name: 'Home delivery' },
      orders: [
        {
          orderId: 'ORDER-17',
          status: 'paid',
          created_at: '2026-11-20T08:00:00Z',
          total: '1700.00',
          commission: '130.00',
          state: 'earned',
          items: [{ variant: 1, product_name: 'Dairy Meal', size: '10 Kg', quantity: 2 }],
        },
      ],
    },
  ],
  orders: [],
  payouts: [],
  return_days: 7,
};

function renderAgent() {
  return renderAt('/agent', [
    { path: '/agent', element: <AgentPage /> },
    { path: '/login', element: <Landing name="Login" /> },
  ]);
}

afterEach(() => clearSession());

describe('AgentPage', () => {
  it('sends a visitor who is not signed in to sign in', async () => {
    fakeApi({});
    renderAgent();
    expect(await screen.findByText('Login page (from /agent)')).toBeTruthy();
  });

  it('tells a customer the page is for agents', async () => {
    signIn();
    fakeApi({ 'GET /api/agent/': () => json(403, { error: "This account is not an agent's." }) });
    renderAgent();
    expect(await screen.findByText(/This page is for the shop’s agents/)).toBeTruthy();
  });

  it('shows the commission and farmers, and orders a farmer’s last order again with the prompt to their phone', async () => {
    signIn();
    const api = fakeApi({
      'GET /api/agent/': () => json(200, page),
      'POST /api/orders/ORDER-17/reorder/': () => json(404, { error: 'No such API endpoint' }),
      'GET /api/delivery/options/': () => json(200, []),
      'POST /api/agent/orders/': () => json(201, { orderId: 'ORDER-18', status: 'pending_payment', total: '1700.00', checkoutRequestId: 'ws_1', promptSent: true, message: 'ok' }),
    });
    renderAgent();
    expect(await screen.findByText('Your agent code: K7M2QX')).toBeTruthy();
    expect(screen.getByText('Ksh 130')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Order again ORDER-17' }));
    await waitFor(() => expect(screen.getByDisplayValue('Peter Kamau')).toBeTruthy());
    expect(screen.getByDisplayValue('2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Place the order' }));
    expect(await screen.findByText(/Order ORDER-18 placed. The farmer gets the M-Pesa request/)).toBeTruthy();
    expect(sentBody(api, 'POST /api/agent/orders/')).toEqual({
      customer: { name: 'Peter Kamau', phone: '254722000111' },
      items: [{ variant: 1, quantity: 2 }],
      delivery: { county: 'Kiambu', option: '', address: 'Gate 3', city: 'Kiganjo' },
      reminders: false,
      payment: 'mpesa',
    });
  });
});
