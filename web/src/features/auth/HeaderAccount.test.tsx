import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, getSession } from '../../shared/api/authToken';
import { HeaderAccount } from './HeaderAccount';
import { Landing, fakeApi, json, renderAt, sentBody, signIn } from '../../test/utils';

afterEach(() => clearSession());

describe('HeaderAccount', () => {
  it('signed out: a Sign in link that remembers the page', async () => {
    renderAt('/shop?category=feeds', [
      { path: '/shop', element: <HeaderAccount /> },
      { path: '/login', element: <Landing name="Login" /> },
    ]);
    fireEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByText('Login page (from /shop?category=feeds)')).toBeTruthy();
  });

  it("signed in: the user's name, opening 'My account' and 'Sign out'", async () => {
    signIn();
    const api = fakeApi({ 'POST /api/auth/logout/': () => json(204, null) });
    renderAt('/shop', [{ path: '/shop', element: <HeaderAccount /> }]);
    const button = screen.getByRole('button', { name: 'Wanjiku, account menu' });
    expect(button.textContent).toBe('Wanjiku');
    expect(button.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Wanjiku Kamau')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My account' }).getAttribute('href')).toBe('/account');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(button);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(getSession()).toBeNull();
    expect(sentBody(api, 'POST /api/auth/logout/')).toEqual({ refresh: 'refresh-token' });
  });

  it('follows a sign-in or sign-out in another tab', async () => {
    renderAt('/shop', [{ path: '/shop', element: <HeaderAccount /> }]);
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
    signIn();
    expect(await screen.findByRole('button', { name: 'Wanjiku, account menu' })).toBeTruthy();
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
  });
});
