// The account calls of the shop API (docs/architecture.md section 2; docs/product.md section 7 for login and
// register). Signing in stores the session (shared/api/authToken); every other call carries it.
import { request } from './api';
import { clearSession, getSession, saveSession, setSessionUser } from './authToken';
import type { DeviceSession, MfaChallenge, MfaSetup, ProfilePayload, RegisterPayload, TokenPair, User } from './shapes';

/**
 * Signs in (docs/product.md: username is the email) and keeps the session; resolves with the user,
 * or, when the account has two-step sign-in on, with the token for `loginMfa` (no session yet).
 */
export async function login(email: string, password: string, remember: boolean): Promise<LoginResult> {
  const answer = await request<TokenPair | MfaChallenge>(
    'POST',
    '/auth/login/',
    { username: email.trim(), password, remember },
    { auth: false },
  );
  if ('mfa_required' in answer) return { mfaToken: answer.mfa_token };
  saveSession(answer, remember);
  return { user: answer.user };
}

export type LoginResult = { user: User; mfaToken?: undefined } | { mfaToken: string; user?: undefined };

/** The second step: the app's code or a recovery code, with the token of the right password. */
export async function loginMfa(mfaToken: string, code: string, remember: boolean): Promise<User> {
  const pair = await request<TokenPair>('POST', '/auth/login/mfa/', { mfa_token: mfaToken, code: code.trim() }, { auth: false });
  saveSession(pair, remember);
  return pair.user;
}

/** Starts setting up two-step sign-in: the secret, its otpauth URL and its QR code. */
export function setupMfa(): Promise<MfaSetup> {
  return request<MfaSetup>('POST', '/auth/mfa/setup/', {});
}

/** Turns two-step sign-in on with a code from the app; resolves with the recovery codes. */
export async function confirmMfa(code: string): Promise<string[]> {
  const out = await request<{ recovery_codes: string[] }>('POST', '/auth/mfa/confirm/', { code: code.trim() });
  return out.recovery_codes;
}

/** Turns two-step sign-in off, with the password. */
export function disableMfa(password: string): Promise<void> {
  return request<void>('DELETE', '/auth/mfa/', { password });
}

/** The devices the user is signed in on, this one marked `current`. */
export function listSessions(options?: { signal?: AbortSignal }): Promise<DeviceSession[]> {
  return request<DeviceSession[]>('GET', '/auth/sessions/', undefined, options);
}

export function endSession(id: string): Promise<void> {
  return request<void>('DELETE', `/auth/sessions/${encodeURIComponent(id)}/`);
}

/** Signs out everywhere but here; resolves with how many devices were signed out. */
export async function endOtherSessions(): Promise<number> {
  const out = await request<{ ended: number }>('POST', '/auth/sessions/revoke-others/', {});
  return out.ended;
}

/** Creates a customer account; resolves with the new user (not signed in yet). */
export function register(payload: RegisterPayload): Promise<User> {
  return request<User>('POST', '/auth/register/', payload, { auth: false });
}

/**
 * Signs out: forgets the session here at once, then asks the shop to end it. If the shop
 * cannot be reached the refresh token is gone from this browser anyway.
 */
export async function logout(): Promise<void> {
  const session = getSession();
  clearSession();
  if (!session?.refresh) return;
  try {
    await request<void>('POST', '/auth/logout/', { refresh: session.refresh }, { auth: false });
  } catch {
    // Nothing more to do: the session ends on the server by itself.
  }
}

export async function getMe(options?: { signal?: AbortSignal }): Promise<User> {
  const user = await request<User>('GET', '/auth/me/', undefined, options);
  setSessionUser(user);
  return user;
}

export async function updateMe(payload: ProfilePayload): Promise<User> {
  const user = await request<User>('PATCH', '/auth/me/', payload);
  setSessionUser(user);
  return user;
}

export function changePassword(currentPassword: string, newPassword: string): Promise<{ message: string }> {
  return request('POST', '/auth/password/change/', { current_password: currentPassword, new_password: newPassword });
}

export function forgotPassword(email: string): Promise<{ message: string }> {
  return request('POST', '/auth/password/forgot/', { email: email.trim() }, { auth: false });
}

export function resetPassword(token: string, password: string): Promise<{ message: string }> {
  return request('POST', '/auth/password/reset/', { token, password }, { auth: false });
}
