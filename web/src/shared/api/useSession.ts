import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession, type Session } from './authToken';

/** The signed-in session, or null; re-renders when it changes here or in another tab. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}
