import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { BUSINESS } from '../shared/domain/business';
import { clearSession, saveSession } from '../shared/api/authToken';
import { CartLink } from './CartLink';
import { RouteErrorScreen } from './ErrorScreen';
import { Layout } from './Layout';
import { patchRoutesOnNavigation, routes } from './routes';

function renderApp(path: string, appRoutes: RouteObject[] = routes) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path], patchRoutesOnNavigation });
  render(<RouterProvider router={router} />);
  return router;
}

describe('layout', () => {
  it('shows the header navigation, the cart link and the footer', async () => {
    renderApp('/');

    await screen.findByRole('heading', { level: 1, name: 'Healthy animals, better harvests' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Shop', 'About', 'Contact']) {
      expect(within(nav).getByRole('link', { name })).toBeTruthy();
    }
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Cart' })).toBeTruthy();

    const footer = screen.getByRole('contentinfo');
    for (const name of ['Products', 'Contact Us', 'Navigation', 'Our Company']) {
      expect(within(footer).getByRole('heading', { level: 2, name })).toBeTruthy();
    }
    expect(within(footer).getByRole('link', { name: BUSINESS.phone }).getAttribute('href')).toBe('tel:+254722000111');
    expect(within(footer).getByRole('link', { name: BUSINESS.email })).toBeTruthy();
    expect(within(footer).getByText(BUSINESS.address)).toBeTruthy();
    const payments = within(footer).getByRole('list', { name: 'Payment methods' });
    expect(within(payments).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['M-Pesa']);
    expect(within(footer).getByText(/All rights reserved/).textContent).toContain(BUSINESS.name);
  });

  it('shows an owner who must set up two-step sign-in that screen alone', async () => {
    saveSession({ access: 'tok', refresh: 'ref', expires_in: 900, user: { id: 1, username: 'o@x.ke', email: 'o@x.ke', first_name: 'O', last_name: 'K', phone: '', role: 'owner', kra_pin: '', permissions: [], date_joined: '2026-03-01T00:00:00Z', mfa_setup_required: true } }, true);
    try {
      renderApp('/admin');
      expect(await screen.findByRole('heading', { level: 1, name: 'Set up two-step sign-in' })).toBeTruthy();
      expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Set up two-step sign-in' })).toBeTruthy();
    } finally {
      clearSession();
    }
  });

  it('serves the home page at /home too', async () => {
    renderApp('/home');
    expect(await screen.findByRole('link', { name: 'Shop Now' })).toBeTruthy();
  });

  it('loads other pages on demand', async () => {
    const router = renderApp('/');
    await act(() => router.navigate('/terms'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeTruthy();
  });

  it('opens the menu with its button and closes it on navigation', async () => {
    renderApp('/');
    const button = await screen.findByRole('button', { name: 'Menu' });
    const menuId = button.getAttribute('aria-controls');
    expect(menuId).toBeTruthy();
    expect(document.getElementById(menuId ?? '')).toBeTruthy();
    expect(button.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(button);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    fireEvent.click(within(nav).getByRole('link', { name: 'About' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'About Us' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('scrolls to the top when the page changes', async () => {
    const router = renderApp('/');
    await screen.findByRole('link', { name: 'Shop Now' });
    const scrollTo = vi.mocked(window.scrollTo);
    scrollTo.mockClear();

    await act(() => router.navigate('/contact'));
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });

    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});

describe('cart link', () => {
  function renderCartLink(count: number) {
    renderApp('/', [{ path: '/', element: <CartLink count={count} /> }]);
  }

  it('has no badge when the cart is empty', () => {
    renderCartLink(0);
    const link = screen.getByRole('link', { name: 'Cart' });
    expect(link.getAttribute('href')).toBe('/cart');
    expect(link.textContent).toBe('Cart');
  });

  it('shows the item count when there is something in the cart', () => {
    renderCartLink(3);
    const link = screen.getByRole('link', { name: 'Cart, 3 items' });
    expect(link.textContent).toBe('Cart3');
  });
});

describe('error screen', () => {
  it('shows for an unknown address, with links home and to the shop', async () => {
    renderApp('/no-such-page');

    expect(await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeTruthy();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(within(main).queryByRole('button', { name: 'Try again' })).toBeNull();
    fireEvent.click(within(main).getByRole('link', { name: 'Shop' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop' })).toBeTruthy();
  });

  it('shows when a page fails, inside the layout', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('boom');
    }
    renderApp('/broken', [
      {
        Component: Layout,
        children: [{ errorElement: <RouteErrorScreen />, children: [{ path: 'broken', Component: Broken }] }],
      },
    ]);

    expect(await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Home' })).toBeTruthy();
    expect(within(main).getByRole('link', { name: 'Shop' })).toBeTruthy();
    expect(within(main).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
