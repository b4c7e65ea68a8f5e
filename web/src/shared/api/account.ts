// The account calls of the shop API (docs/architecture.md section 2; docs/product.md section 7 for login and
// register). Signing in stores the session (shared/api/authToken); every other call carries it.
import { request } from './api';
import { clearSession, getSession, saveSession, setSessionUser } from './authToken';
import type { MfaChallenge, ProfilePayload, RegisterPayload, TokenPair, User } from './shapes';

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

/** Sends a reset link to the account named by an email, or by a phone number (by SMS). */
export function forgotPassword(phoneOrEmail: string): Promise<{ message: string }> {
  const v = phoneOrEmail.trim();
  return request('POST', '/auth/password/forgot/', v.includes('@') ? { email: v } : { phone: v }, { auth: false });
}

export function resetPassword(token: string, password: string): Promise<{ message: string }> {
  return request('POST', '/auth/password/reset/', { token, password }, { auth: false });
}
