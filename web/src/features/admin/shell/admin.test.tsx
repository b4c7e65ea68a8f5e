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
