// Two-step sign-in and the signed-in devices (docs/security.md). Apart from account.ts so that
// only the screens that use them (the sign-in's second step, My Account's Security, the set-up
// screen: all lazily loaded) carry them, not the storefront's first load.
import { request } from './api';
import { saveSession } from './authToken';
import type { DeviceSession, MfaSetup, TokenPair, User } from './shapes';

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
