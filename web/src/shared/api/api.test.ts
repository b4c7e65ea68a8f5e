import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, request } from './api';
import { commonMessages } from '../i18n/messages/common';
import { clearAuthToken, getSession, saveSession, setAuthToken } from './authToken';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  fetchMock.mockReset();
  clearAuthToken();
});

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The URL and options of the n-th fetch call. */
function call(n = 0): { url: string; init: RequestInit; headers: Headers } {
  const args = fetchMock.mock.calls[n];
  if (!args) throw new Error(`fetch was not called ${n + 1} time(s)`);
  const [url, init = {}] = args;
  return { url: String(url), init, headers: new Headers(init.headers) };
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected the call to fail');
}

describe('request', () => {
  it('sends JSON to /api on the same origin and returns the parsed body', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { id: 7 }));

    const result = await request<{ id: number }>('POST', '/cart/items/', { variant: 3, quantity: 1 });

    expect(result).toEqual({ id: 7 });
    const { url, init, headers } = call();
    expect(url).toBe('/api/cart/items/');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"variant":3,"quantity":1}');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.has('Authorization')).toBe(false);
  });

  it('adds the stored bearer token', async () => {
    setAuthToken('tok-123');
    fetchMock.mockResolvedValue(jsonResponse(200, []));

    await request('GET', '/cart/');

    expect(call().headers.get('Authorization')).toBe('Bearer tok-123');
    expect(call().init.body).toBeUndefined();
  });

  it('adds the headers a call asks for', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));

    await request('GET', '/orders/ORDER-1/', undefined, { headers: { 'X-Order-Token': 'secret' } });

    expect(call().headers.get('X-Order-Token')).toBe('secret');
    expect(call().headers.get('Accept')).toBe('application/json');
  });

  it('returns undefined for 204 No Content', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(request('DELETE', '/cart/items/1/')).resolves.toBeUndefined();
  });

  it("uses the server's message and field errors", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, { error: 'Please correct the highlighted fields', fields: { email: 'Email is required' } }),
    );

    const err = await caught(request('POST', '/auth/register/', {}));

    expect(err.status).toBe(400);
    expect(err.message).toBe('Please correct the highlighted fields');
    expect(err.fields).toEqual({ email: 'Email is required' });
  });

  it('has no fields when the server sends none', async () => {
    fetchMock.mockResolvedValue(jsonResponse(404, { error: 'Product not found' }));

    const err = await caught(request('GET', '/products/no-such-feed/'));

    expect(err.status).toBe(404);
    expect(err.message).toBe('Product not found');
    expect(err.fields).toBeUndefined();
  });

  it.each([
    ['an HTML page', new Response('<h1>Bad gateway</h1>', { status: 502 }), 502],
    ['an empty body', new Response(null, { status: 500 }), 500],
    ['JSON of another shape', jsonResponse(403, { detail: 'Forbidden' }), 403],
    ['an error that is not text', jsonResponse(409, { error: 42 }), 409],
    ['fields that are not text', jsonResponse(400, { error: 'Bad', fields: { email: ['x'] } }), 400],
  ])('falls back to "API Error: {status}" for %s', async (_, response, status) => {
    fetchMock.mockResolvedValue(response);

    const err = await caught(request('GET', '/products/'));

    expect(err.status).toBe(status);
    expect(err.message).toBe(`API Error: ${status}`);
  });


  it('reports a network failure as status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    const err = await caught(request('GET', '/categories/'));

    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(0);
    expect(err.message).toBe(commonMessages().networkError);
  });

  it('lets a cancelled call fail as a cancellation, not as a network error', async () => {
    const controller = new AbortController();
    controller.abort();
    fetchMock.mockRejectedValue(new DOMException('The operation was aborted.', 'AbortError'));

    await expect(request('GET', '/categories/', undefined, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(call().init.signal).toBe(controller.signal);
  });
});

describe('keeping the session fresh', () => {
  const user = { id: 1, username: 'a@farm.co.ke', email: 'a@farm.co.ke', first_name: 'A', last_name: 'B', phone: '', phone_confirmed: false, role: 'customer' as const, kra_pin: '', date_joined: '2026-01-01T00:00:00Z', permissions: [] };

  function signIn(expiresIn = 900) {
    saveSession({ access: 'old-access', refresh: 'old-refresh', user, expires_in: expiresIn }, true);
  }

  const renewed = { access: 'new-access', refresh: 'new-refresh', user, expires_in: 900 };

  function urls(): string[] {
    return fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${String(url)} ${new Headers(init?.headers).get('Authorization') ?? '-'}`);
  }

  it('on a 401 refreshes once, sends the call again and keeps the new pair', async () => {
    signIn();
    fetchMock
      .mockResolvedValueOnce(jsonResponse(401, { error: 'Please sign in to continue.' }))
      .mockResolvedValueOnce(jsonResponse(200, renewed))
      .mockResolvedValueOnce(jsonResponse(200, { email: 'a@farm.co.ke' }));

    await expect(request('GET', '/auth/me/')).resolves.toEqual({ email: 'a@farm.co.ke' });

    expect(urls()).toEqual([
      'GET /api/auth/me/ Bearer old-access',
      'POST /api/auth/token/refresh/ -',
      'GET /api/auth/me/ Bearer new-access',
    ]);
    expect(call(1).init.body).toBe('{"refresh":"old-refresh"}');
    expect(getSession()).toMatchObject({ access: 'new-access', refresh: 'new-refresh', remember: true });
  });

  it('refreshes first when the access token is about to expire', async () => {
    signIn(10);
    fetchMock.mockResolvedValueOnce(jsonResponse(200, renewed)).mockResolvedValueOnce(jsonResponse(201, { id: 3 }));

    await request('POST', '/cart/items/', { variant: 1, quantity: 1 });

    expect(urls()).toEqual(['POST /api/auth/token/refresh/ -', 'POST /api/cart/items/ Bearer new-access']);
  });

  it('calls that fail together share one refresh', async () => {
    signIn();
    let refreshes = 0;
    fetchMock.mockImplementation(async (url, init) => {
      const auth = new Headers(init?.headers).get('Authorization');
      if (String(url).endsWith('/token/refresh/')) {
        refreshes++;
        await new Promise((r) => setTimeout(r, 10));
        return jsonResponse(200, renewed);
      }
      return auth === 'Bearer new-access' ? jsonResponse(200, []) : jsonResponse(401, { error: 'expired' });
    });

    await Promise.all([request('GET', '/cart/'), request('GET', '/orders/'), request('GET', '/auth/me/')]);

    expect(refreshes).toBe(1);
  });

  it('uses the token another tab already refreshed instead of spending the refresh token again', async () => {
    signIn();
    fetchMock
      .mockImplementationOnce(async () => {
        // Meanwhile another tab refreshed and stored its new pair.
        saveSession(renewed, true);
        return jsonResponse(401, { error: 'expired' });
      })
      .mockResolvedValueOnce(jsonResponse(200, []));

    await request('GET', '/cart/');

    expect(urls()).toEqual(['GET /api/cart/ Bearer old-access', 'GET /api/cart/ Bearer new-access']);
  });

  it('a refused refresh signs out, and the call fails with its 401', async () => {
    signIn();
    fetchMock
      .mockResolvedValueOnce(jsonResponse(401, { error: 'Please sign in to continue.' }))
      .mockResolvedValueOnce(jsonResponse(401, { error: 'Your session has ended. Please sign in again.' }));

    const err = await caught(request('GET', '/auth/me/'));

    expect(err.status).toBe(401);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(getSession()).toBeNull();
  });

  it('keeps the session when the shop cannot be reached for the refresh', async () => {
    signIn();
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { error: 'expired' })).mockRejectedValueOnce(new TypeError('Failed to fetch'));

    await caught(request('GET', '/auth/me/'));

    expect(getSession()?.refresh).toBe('old-refresh');
  });

  it('sign-in calls send no token and never refresh', async () => {
    signIn();
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { error: 'Invalid email or password. Please try again.' }));

    const err = await caught(request('POST', '/auth/login/', { username: 'a@farm.co.ke', password: 'x' }, { auth: false }));

    expect(err.message).toBe('Invalid email or password. Please try again.');
    expect(urls()).toEqual(['POST /api/auth/login/ -']);
    expect(getSession()).not.toBeNull();
  });

  it('a read answered anonymously because of a bad token is read again after a refresh; a write is not sent twice', async () => {
    signIn();
    const anonymous = () =>
      new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json', 'WWW-Authenticate': 'Bearer error="invalid_token"' } });
    fetchMock
      .mockResolvedValueOnce(anonymous())
      .mockResolvedValueOnce(jsonResponse(200, renewed))
      .mockResolvedValueOnce(jsonResponse(200, [{ id: 1 }]));

    await expect(request('GET', '/cart/')).resolves.toEqual([{ id: 1 }]);

    fetchMock.mockReset();
    setAuthToken('bad-token');
    fetchMock.mockResolvedValueOnce(anonymous());
    await request('POST', '/cart/items/', { variant: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
