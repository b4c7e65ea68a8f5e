// Test helpers: a fake shop API, a customer to sign in, and a router around a page.
import { act, render } from '@testing-library/react';
import type { ComponentType, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { saveSession } from '../shared/api/authToken';
import { CartProvider } from '../shared/hooks/CartProvider';
import type { User } from '../shared/api/shapes';
import { categories } from './catalog';

export const testUser: User = {
  id: 7,
  username: 'wanjiku@farm.co.ke',
  email: 'wanjiku@farm.co.ke',
  first_name: 'Wanjiku',
  last_name: 'Kamau',
  phone: '254712345678',
  phone_confirmed: true,
  role: 'customer',
  kra_pin: '',
  date_joined: '2026-03-01T09:00:00Z',
  permissions: [],
};

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** A fetch stub for one test file's tests, put in place before each and reset after it. */
export function stubFetch() {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
  });
  return fetchMock;
}

type Handler = (body: unknown, init: RequestInit) => Response | Promise<Response>;

/**
 * Stubs fetch with handlers by "METHOD /api/path/"; anything else answers 404. Returns the
 * mock, whose calls the test can read.
 */
export function fakeApi(handlers: Record<string, Handler>) {
  const mock = vi.fn<typeof fetch>(async (url, init = {}) => {
    const key = `${init.method ?? 'GET'} ${String(url)}`;
    const handler = handlers[key];
    if (!handler) return json(404, { error: `No such API endpoint: ${key}` });
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    return handler(body, init);
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/**
 * Stubs fetch as the catalogue API the storefront's pages read: the categories, and whatever
 * `answer` gives for the address; anything it leaves answers 404.
 */
export function catalogueApi(answer: (url: URL) => Response | undefined) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://shop.test');
      if (url.pathname === '/api/categories/') return json(200, categories);
      return answer(url) ?? json(404, { error: 'Not found.' });
    }),
  );
}

/** The body the n-th call to path carried. */
export function sentBody(mock: ReturnType<typeof fakeApi>, key: string, n = 0): unknown {
  const calls = mock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key);
  const init = calls[n]?.[1];
  return typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
}

export function signIn(user: User = testUser, remember = true) {
  saveSession({ access: 'access-token', refresh: 'refresh-token', user, expires_in: 900 }, remember);
}

/** Shows where the router is, for pages a test only navigates to. */
export function Landing({ name }: { name: string }) {
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  return (
    <p>
      {name} page{from ? ` (from ${from})` : ''}
    </p>
  );
}

export function renderAt(entry: string | { pathname: string; state?: unknown }, routes: RouteObject[]) {
  const all: RouteObject[] = [
    ...routes,
    { path: '/', element: <Landing name="Home" /> },
    { path: '/shop', element: <Landing name="Shop" /> },
    { path: '*', element: <Landing name="Other" /> },
  ];
  const router = createMemoryRouter(all, { initialEntries: [entry] });
  render(<RouterProvider router={router} />);
  return router;
}

/** Renders one page alone at path (a pattern such as /products/:slug), opened at entry. */
export function renderRoute(path: string, Component: ComponentType, entry = path) {
  const router = createMemoryRouter([{ path, Component }], { initialEntries: [entry] });
  render(<RouterProvider router={router} />);
  return router;
}

/** Renders one page as renderRoute does, then lets its first loads answer (under a fake clock). */
export async function renderRouteLoaded(path: string, Component: ComponentType, entry = path) {
  renderRoute(path, Component, entry);
  await advance(0);
}

/** Renders element alone at path, opened there, inside the shop's cart (shared/hooks/CartProvider). */
export function renderWithCart(path: string, element: ReactNode) {
  const router = createMemoryRouter([{ path, element }], { initialEntries: [path] });
  render(
    <CartProvider>
      <RouterProvider router={router} />
    </CartProvider>,
  );
}

/** A fake clock for each test of the file that calls it; advance moves it. */
export function fakeClock() {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

/** Lets the pending promise callbacks run, then moves the fake clock. */
export async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}
