// The signed-in session: the access token (docs/product.md section 6: browser storage, key authToken),
// the refresh token, when the access token expires, and the user as login returned it.
//
// Everything lives in localStorage, so every tab of the browser shares one session (signing
// out in one tab signs out all, and a refresh in one tab serves the others). 'Remember me'
// decides how long it lasts:
// - remembered: until the refresh token ends (30 days without a visit), across browser restarts;
// - not remembered: for this browser session only. A session cookie (no expiry) marks it; the
//   browser drops that cookie when it closes, and a stored session whose mark is gone is
//   forgotten on the next visit. sessionStorage would end with the tab instead: a second tab
//   would be signed out, and a duplicated tab would hold a copy of the refresh token whose
//   reuse the server treats as theft.
// Storage can be unavailable (private browsing, disabled storage): then the user is simply
// signed out.
import type { TokenPair, User } from './shapes';

export interface Session {
  access: string;
  refresh: string | null;
  user: User | null;
  /** When the access token expires, by this device's clock (ms since the epoch); 0 if unknown. */
  expiresAt: number;
  remember: boolean;
}

const KEYS = {
  access: 'authToken',
  refresh: 'refreshToken',
  user: 'user',
  expiresAt: 'authExpiresAt',
  // 'remember', or 'browser:<id>' where <id> is the value of the session cookie.
  mode: 'authSession',
} as const;

const COOKIE = 'shop_browser_session';

function store(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function read(key: string): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function cookieValue(): string | null {
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === COOKIE) return rest.join('=');
  }
  return null;
}

function setBrowserCookie(value: string | null) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie =
    value === null
      ? `${COOKIE}=; Path=/; Max-Age=0; SameSite=Strict${secure}`
      : `${COOKIE}=${value}; Path=/; SameSite=Strict${secure}`;
}

function parseUser(raw: string | null): User | null {
  if (!raw) return null;
  try {
    const u = JSON.parse(raw) as unknown;
    return typeof u === 'object' && u !== null && typeof (u as User).email === 'string' ? (u as User) : null;
  } catch {
    return null;
  }
}

// The snapshot is rebuilt only when the stored values change, so React's useSyncExternalStore
// sees a stable object between changes.
let cacheKey = '';
let cached: Session | null = null;

/** The stored session, or null when signed out (or the browser session it belonged to ended). */
export function getSession(): Session | null {
  const access = read(KEYS.access);
  if (!access) return cacheSnapshot('', null);
  const mode = read(KEYS.mode) ?? 'remember';
  if (mode.startsWith('browser:') && cookieValue() !== mode.slice('browser:'.length)) {
    // The browser was closed since this session began without 'Remember me'. Forget it
    // quietly: this runs while rendering, and the answer is already "signed out".
    clearStorage();
    return cacheSnapshot('', null);
  }
  const refresh = read(KEYS.refresh);
  const expiresAt = read(KEYS.expiresAt) ?? '';
  const rawUser = read(KEYS.user);
  const key = [access, refresh, expiresAt, rawUser, mode].join('\n');
  if (key === cacheKey) return cached;
  return cacheSnapshot(key, {
    access,
    refresh,
    user: parseUser(rawUser),
    expiresAt: Number(expiresAt) || 0,
    remember: mode === 'remember',
  });
}

function cacheSnapshot(key: string, session: Session | null): Session | null {
  if (key !== cacheKey) {
    cacheKey = key;
    cached = session;
  }
  return cached;
}

/** The access token to send as the bearer token, or null. */
export function getAuthToken(): string | null {
  return getSession()?.access ?? null;
}

/** Keeps a session from login. remember: across browser restarts, or for this browser session. */
export function saveSession(tokens: TokenPair, remember: boolean): void {
  let mode = 'remember';
  if (!remember) {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    const id = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    setBrowserCookie(id);
    // A browser that refuses cookies cannot mark its session; then the session is kept like a
    // remembered one rather than lost at once. (The guest cart needs cookies too.)
    if (cookieValue() === id) mode = `browser:${id}`;
  }
  write(tokens, mode);
}

/** Keeps the pair a refresh returned, in the session's own mode. */
export function updateSession(tokens: TokenPair): void {
  write(tokens, read(KEYS.mode) ?? 'remember');
}

/** Keeps the user after their details changed. */
export function setSessionUser(user: User): void {
  if (!read(KEYS.access)) return;
  writeKeys({ [KEYS.user]: JSON.stringify(user) });
}

function write(tokens: TokenPair, mode: string) {
  const expiresAt = tokens.expires_in ? Date.now() + tokens.expires_in * 1000 : 0;
  writeKeys({
    [KEYS.access]: tokens.access,
    [KEYS.refresh]: tokens.refresh,
    [KEYS.user]: JSON.stringify(tokens.user),
    [KEYS.expiresAt]: String(expiresAt),
    [KEYS.mode]: mode,
  });
}

function writeKeys(values: Record<string, string>) {
  try {
    const s = store();
    if (!s) return;
    for (const [k, v] of Object.entries(values)) s.setItem(k, v);
  } catch {
    // Storage refused (full or disabled): the session lasts as long as nothing reads it again.
  }
  notify();
}

/** Forgets the session (signing out, or a session the server ended). */
export function clearSession(): void {
  clearStorage();
  notify();
}

function clearStorage() {
  try {
    const s = store();
    if (s) for (const k of Object.values(KEYS)) s.removeItem(k);
  } catch {
    // Storage unavailable: nothing was stored.
  }
  if (cookieValue() !== null) setBrowserCookie(null);
}

/** A bare access token, as docs/product.md keeps it (tests, and tools that sign in by hand). */
export function setAuthToken(token: string): void {
  writeKeys({ [KEYS.access]: token, [KEYS.mode]: 'remember' });
}

export const clearAuthToken = clearSession;

// ---- Change notification: this tab's writes, and other tabs' through the storage event ----

const listeners = new Set<() => void>();

function notify() {
  for (const l of listeners) l();
}

/** Calls listener whenever the session changes, here or in another tab. Returns an unsubscribe. */
export function subscribeSession(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

function onStorage(event: StorageEvent) {
  if (event.key === null || (Object.values(KEYS) as string[]).includes(event.key)) notify();
}
