// The one client for the shop's JSON API (docs/architecture.md house rule 9): components never call
// fetch themselves. Every call goes to /api on the same origin, sends and accepts JSON,
// carries the bearer token when one is stored, and fails with an ApiError.

import { clearSession, getAuthToken, getSession, updateSession } from './authToken';
import { inLanguage } from '../i18n/i18n';
import { commonMessages } from '../i18n/messages/common';
import type { ApiErrorBody, TokenPair } from './shapes';

const BASE = '/api';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A failed call. `status` is the HTTP status, or 0 when the server could not be reached. */
export class ApiError extends Error {
  readonly status: number;
  readonly fields?: Record<string, string>;
  /** The whole error answer, for the few that carry more than a message (a refused import's rows). */
  readonly body?: unknown;

  constructor(status: number, message: string, fields?: Record<string, string>, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    if (fields) this.fields = fields;
    if (body !== undefined) this.body = body;
  }
}


export interface RequestOptions {
  /** Cancels the call, e.g. a react-router loader's request.signal. */
  signal?: AbortSignal;
  /** Extra request headers, e.g. an order's X-Order-Token. */
  headers?: Record<string, string>;
  /**
   * false: send no bearer token and never refresh (the sign-in calls themselves). By default
   * the stored token is sent, refreshed first when it is about to expire, and refreshed and
   * retried once when the server says it is no longer good.
   */
  auth?: boolean;
  /** 'blob': resolve with the body as a Blob (a file to download) instead of reading JSON. */
  as?: 'json' | 'blob';
}

export async function request<T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const send = async (token: string | null): Promise<Response> => {
    // A FormData body (a file upload) goes as multipart; the browser sets its Content-Type. A Blob
    // (a file sent whole, such as a CSV) goes as it is, with the Content-Type the caller gives.
    const form = typeof FormData !== 'undefined' && body instanceof FormData;
    const raw = typeof Blob !== 'undefined' && body instanceof Blob;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (!form && !raw) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    Object.assign(headers, options.headers);
    const init: RequestInit = { method, headers, credentials: 'same-origin' };
    if (body !== undefined) init.body = form || raw ? (body as BodyInit) : JSON.stringify(body);
    if (options.signal) init.signal = options.signal;
    try {
      // In Kiswahili every read names its language (inLanguage); errors follow the lang cookie.
      return await fetch(`${BASE}${method === 'GET' ? inLanguage(path) : path}`, init);
    } catch (err) {
      // A cancelled call is the caller's decision, not a failure to report.
      if (options.signal?.aborted) throw err;
      throw new ApiError(0, commonMessages().networkError);
    }
  };

  const useAuth = options.auth !== false;
  const token = useAuth ? await currentAccessToken() : null;
  let response = await send(token);
  if (token && needsNewToken(response, method)) {
    const next = await refreshAccessToken(token);
    if (next) response = await send(next);
  }

  if (!response.ok) throw await errorFrom(response);
  if (response.status === 204) return undefined as T;
  if (options.as === 'blob') return (await response.blob()) as T;
  try {
    return (await response.json()) as T;
  } catch {
    throw new ApiError(response.status, commonMessages().unreadableAnswer);
  }
}

// ---- Keeping the access token fresh ----
// Access tokens live 15 minutes. A call refreshes first when the token is about to expire, so
// an unsafe call (adding to the cart) is not answered anonymously; when the server still says
// the token is bad (401, or a WWW-Authenticate header on a route that answered anonymously),
// the call refreshes and is sent again, once. Refresh tokens work once, so only one refresh may
// be in flight: one per tab (a shared promise) and one per browser (a Web Lock, where the
// browser has them); a tab that waited finds the new token already stored and uses it.

/** Refresh this long before the access token expires. */
const REFRESH_MARGIN_MS = 30_000;

async function currentAccessToken(): Promise<string | null> {
  const session = getSession();
  if (!session) return null;
  if (session.refresh && session.expiresAt && session.expiresAt - REFRESH_MARGIN_MS <= Date.now()) {
    return (await refreshAccessToken(session.access)) ?? getAuthToken();
  }
  return session.access;
}

function needsNewToken(response: Response, method: HttpMethod): boolean {
  if (response.status === 401) return true;
  // A public route answered anonymously; sending a read again is harmless, a write is not.
  const invalid = /invalid_token/.test(response.headers.get('WWW-Authenticate') ?? '');
  return invalid && method === 'GET';
}

let inFlight: Promise<string | null> | null = null;

/**
 * Exchanges the refresh token for a new pair, unless another call (in this tab or another)
 * already replaced the access token `stale`. Resolves with the access token to use, or null
 * when the session is over (then it is cleared) or the shop could not be reached.
 */
export function refreshAccessToken(stale: string): Promise<string | null> {
  if (!inFlight) {
    inFlight = withBrowserLock(() => refreshOnce(stale)).finally(() => {
      inFlight = null;
    });
  }
  return inFlight;
}

async function refreshOnce(stale: string): Promise<string | null> {
  const session = getSession();
  if (!session) return null;
  if (session.access !== stale) return session.access;
  if (!session.refresh) {
    clearSession();
    return null;
  }
  try {
    const pair = await request<TokenPair>('POST', '/auth/token/refresh/', { refresh: session.refresh }, { auth: false });
    updateSession(pair);
    return pair.access;
  } catch (err) {
    // The shop said the session is over: signed out. Unreachable: keep it for later.
    if (err instanceof ApiError && (err.status === 401 || err.status === 400)) clearSession();
    return null;
  }
}

function withBrowserLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return fn();
  return locks.request('shop-auth-refresh', fn);
}

async function errorFrom(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (isErrorBody(body)) return new ApiError(response.status, body.error, body.fields, body);
  return new ApiError(response.status, `API Error: ${response.status}`);
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const { error, fields } = value as Record<string, unknown>;
  if (typeof error !== 'string' || error === '') return false;
  if (fields === undefined) return true;
  return (
    typeof fields === 'object' &&
    fields !== null &&
    Object.values(fields).every((message) => typeof message === 'string')
  );
}
