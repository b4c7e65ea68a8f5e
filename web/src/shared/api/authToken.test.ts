import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getAuthToken, getSession, saveSession, setSessionUser, subscribeSession, updateSession } from './authToken';
import { testUser as user } from '../../test/utils';
import type { TokenPair } from './shapes';

const pair: TokenPair = { access: 'access-1', refresh: 'refresh-1', user, expires_in: 900 };

/** What a browser restart does: session cookies are gone, localStorage stays. */
function restartBrowser() {
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
}

afterEach(() => {
  clearSession();
  restartBrowser();
});

describe('session storage', () => {
  it('keeps the access token under authToken and the user as login returned it', () => {
    saveSession(pair, true);

    expect(localStorage.getItem('authToken')).toBe('access-1');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(user);
    expect(getAuthToken()).toBe('access-1');
    const s = getSession();
    expect(s).toMatchObject({ access: 'access-1', refresh: 'refresh-1', user, remember: true });
    expect(s?.expiresAt).toBeGreaterThan(Date.now() + 890_000);
    // A stable snapshot while nothing changes (React's useSyncExternalStore needs it).
    expect(getSession()).toBe(s);
  });

  it("with 'Remember me' survives a browser restart", () => {
    saveSession(pair, true);
    restartBrowser();
    expect(getAuthToken()).toBe('access-1');
  });

  it("without 'Remember me' lasts the browser session: every tab, until the browser closes", () => {
    saveSession(pair, false);
    expect(document.cookie).toMatch(/shop_browser_session=[0-9a-f]{32}/);
    expect(getSession()?.remember).toBe(false);
    // Another tab reads the same storage and cookie.
    expect(getAuthToken()).toBe('access-1');

    restartBrowser();
    expect(getSession()).toBeNull();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });

  it('a refresh keeps the mode; a new user record replaces the old', () => {
    saveSession(pair, false);
    updateSession({ ...pair, access: 'access-2', refresh: 'refresh-2' });
    expect(getSession()).toMatchObject({ access: 'access-2', refresh: 'refresh-2', remember: false });

    setSessionUser({ ...user, first_name: 'Wanjiru' });
    expect(getSession()?.user?.first_name).toBe('Wanjiru');
  });

  it('signing out forgets everything, the cookie too', () => {
    saveSession(pair, false);
    clearSession();
    expect(getSession()).toBeNull();
    expect(document.cookie).not.toContain('shop_browser_session=');
    expect(Object.keys(localStorage)).toEqual([]);
  });

  it('tells subscribers about changes here and in other tabs', () => {
    const listener = vi.fn();
    const stop = subscribeSession(listener);
    saveSession(pair, true);
    expect(listener).toHaveBeenCalledTimes(1);

    // Another tab signed out.
    localStorage.removeItem('authToken');
    window.dispatchEvent(new StorageEvent('storage', { key: 'authToken' }));
    expect(listener).toHaveBeenCalledTimes(2);
    expect(getSession()).toBeNull();

    window.dispatchEvent(new StorageEvent('storage', { key: 'cart' }));
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    saveSession(pair, true);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('is signed out when storage cannot be read', () => {
    saveSession(pair, true);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(getSession()).toBeNull();
  });
});
