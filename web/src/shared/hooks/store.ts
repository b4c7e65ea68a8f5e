import { useSyncExternalStore } from 'react';

/** A value outside React that components follow: they re-render when it is set. */
export function createStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  return {
    get: () => value,
    set(next: T) {
      if (Object.is(next, value)) return;
      value = next;
      for (const l of listeners) l();
    },
    subscribe,
    /** The value now, in a component. */
    use: () => useSyncExternalStore(subscribe, () => value, () => initial),
  };
}
