import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/utils';
import AdminPage from './AdminPage';
import { adminApi } from '../../../shared/api/admin';

const fetchMock = stubFetch();


function renderAdmin(at = '/admin') {
  const router = createMemoryRouter(
    [
      { path: '/admin/*', Component: AdminPage },
      { path: '/login', Component: () => <h1>Welcome Back</h1> },
      { path: '/rider', Component: () => <h1>Rider</h1> },
    ],
    { initialEntries: [at] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('the /admin guard', () => {
  it('sends a visitor without a session to /login, to come back to /admin', async () => {
    const router = renderAdmin();
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/admin' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a signed-in customer to /login', async () => {
    window.localStorage.setItem('authToken', 'customer-token');
    fetchMock.mockResolvedValue(json(200, { id: 2, email: 'juma@farm.co.ke', first_name: 'Juma', role: 'customer' }));
    const router = renderAdmin();
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows an owner the dashboard and every screen in the side navigation', async () => {
    window.localStorage.setItem('authToken', 'admin-token');
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.endsWith('/auth/me/')) return json(200, { id: 1, email: 'owner@mifugobora.co.ke', first_name: '', role: 'owner' });
      return json(500, { error: 'not in this test' });
    });
    renderAdmin();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    for (const name of ['Dashboard', 'Products', 'Categories', 'Orders', 'Users', 'Messages', 'Subscribers', 'Audit log']) {
      expect(within(nav).getByRole('link', { name })).toBeTruthy();
    }
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('Owner')).toBeTruthy();
  });

  it("lists only the screens of a clerk's permissions", async () => {
    window.localStorage.setItem('authToken', 'clerk-token');
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.endsWith('/auth/me/')) {
        return json(200, { id: 3, email: 'clerk@mifugobora.co.ke', first_name: '', role: 'clerk', permissions: ['orders', 'messages'] });
      }
      return json(500, { error: 'not in this test' });
    });
    renderAdmin('/admin/products');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not here' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Orders' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Messages' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Products' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Users' })).toBeNull();
  });

  it('takes the old tabbed addresses to their screen', async () => {
    window.localStorage.setItem('authToken', 'admin-token');
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.endsWith('/auth/me/')) return json(200, { id: 1, email: 'owner@mifugobora.co.ke', first_name: '', role: 'owner' });
      return json(500, { error: 'not in this test' });
    });
    const router = renderAdmin('/admin?tab=subscribers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscribers' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/subscribers');
  });
});

describe('roles in the admin', () => {
  function signedInAs(role: string, permissions: string[] | undefined, stats: Record<string, unknown> = {}) {
    window.localStorage.setItem('authToken', `${role}-token`);
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.endsWith('/auth/me/')) return json(200, { id: 3, email: `${role}@mifugobora.co.ke`, first_name: '', role, permissions });
      if (url.endsWith('/admin/stats/')) return json(200, { ...dashboard, ...stats });
      return json(500, { error: 'not in this test' });
    });
  }

  it("shows a clerk only the tabs of a clerk's permissions, and a dashboard without revenue", async () => {
    signedInAs('clerk', ['orders', 'messages'], { totalRevenue: null });
    renderAdmin();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(nav).getAllByRole('link').map((t) => t.textContent).slice(0, 3)).toEqual(['Dashboard', 'Orders', 'Messages']);
    expect(within(nav).getAllByRole('link')).toHaveLength(4); // and 'Open the shop'
    expect(await screen.findByText('Total orders')).toBeTruthy();
    expect(screen.queryByText('Total revenue')).toBeNull();
    expect(screen.queryByText('Refunds waiting for approval')).toBeNull();
  });

  it('shows the owner every tab, the revenue and the refunds waiting', async () => {
    signedInAs('owner', undefined, {
      totalRevenue: '125000.00',
      refundsWaiting: [
        { id: 4, order: 'ORDER-1700000000001', amount: '6000.00', method: 'manual', reason: 'Bags burst', phone: '', restock: true,
          requested_by: 'manager@mifugobora.co.ke', status: 'waiting', decided_by: '', decided_at: null, refund_id: '', created_at: '2026-11-27T09:00:00Z' },
      ],
    });
    renderAdmin();
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Audit log' })).toBeTruthy();
    expect(within(nav).getAllByRole('link')).toHaveLength(17); // sixteen screens and 'Open the shop'
    expect(await screen.findByText('Total revenue')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Approve the refund on ORDER-1700000000001' })).toBeTruthy();
  });

  it('shows the orders of the last 30 days by channel, each opening the orders list on that channel and those days', async () => {
    const channels = [
      { channel: 'web', orders: 31 },
      { channel: 'staff', orders: 4 },
      { channel: 'ussd', orders: 7 },
      { channel: 'sms', orders: 0 },
      { channel: 'agent', orders: 2 },
    ];
    signedInAs('clerk', ['orders'], { ordersByChannel: { from: '2026-10-29', to: '2026-11-27', channels } });
    renderAdmin();
    const section = await screen.findByRole('region', { name: 'Orders by channel, last 30 days' });
    const links = within(section).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Web shop: 31', 'Phone (staff): 4', 'USSD: 7', 'SMS: 0', 'Agent: 2']);
    expect(within(section).getByRole('link', { name: 'USSD: 7' }).getAttribute('href')).toBe('/admin/orders?channel=ussd&from=2026-10-29&to=2026-11-27');
    expect(within(section).getByRole('link', { name: 'Phone (staff): 4' }).getAttribute('href')).toBe(
      '/admin/orders?channel=staff&from=2026-10-29&to=2026-11-27',
    );
  });

  it('sends a rider to the rider screen', async () => {
    signedInAs('rider', []);
    const router = renderAdmin();
    expect(await screen.findByRole('heading', { name: 'Rider' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/rider');
  });
});

const dashboard = {
  totalProducts: 12, totalOrders: 40, totalUsers: 9, totalRevenue: null, ordersByStatus: {}, awaitingDispatch: 0, attentionOrders: 0,
  unhandledMessages: 0, unmatchedPayments: 0, unreadablePayments: 0, failedSms: 0, etimsUnsigned: 0, failedMail: 0, subscribers: 0,
  pendingReviews: 0, lowStockThreshold: 10, lowStock: [], toDispatch: [], recentOrders: [], backup: null, refundsWaiting: [],
  ordersByChannel: { from: '2026-10-29', to: '2026-11-27', channels: [] },
};

describe('admin calls', () => {
  it('uploads an image as multipart, not JSON', async () => {
    fetchMock.mockResolvedValue(json(201, { id: 5, image: '/media/products/x-800.webp' }));
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'bag.jpg', { type: 'image/jpeg' });
    await adminApi.uploadImage(3, file);
    // A dashboard left by the test before may still be fetching: find this call by its address.
    const call = fetchMock.mock.calls.find(([u]) => String(u) === '/api/admin/products/3/images/');
    expect(call).toBeDefined();
    const [, init] = call!;
    expect(init?.body).toBeInstanceOf(FormData);
    expect((init?.body as FormData).get('image')).toBeInstanceOf(File);
    expect(new Headers(init?.headers).get('Content-Type')).toBeNull();
  });

  it('downloads the subscribers as a CSV file', async () => {
    fetchMock.mockResolvedValue(new Response('email,subscribed_at\na@farm.co.ke,2026-01-01T00:00:00Z\n', { headers: { 'Content-Type': 'text/csv' } }));
    const blob = await adminApi.subscribersCSV();
    expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/admin/subscribers/?format=csv')).toBe(true);
    expect(await blob.text()).toContain('a@farm.co.ke');
  });
});
