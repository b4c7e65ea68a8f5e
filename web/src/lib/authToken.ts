// Where the signed-in user's bearer token is kept (SPEC.md section 6: localStorage, key authToken).
// Storage can be unavailable (private browsing, disabled storage): then the user is simply signed out.

const KEY = 'authToken';

export function getAuthToken(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function setAuthToken(token: string): void {
  try {
    window.localStorage.setItem(KEY, token);
  } catch {
    // Storage refused: the token lives only as long as this call chain; nothing else to do.
  }
}

export function clearAuthToken(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Storage unavailable: nothing was stored.
  }
}
