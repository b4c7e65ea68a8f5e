import { useSyncExternalStore } from 'react';
import { useResource, type Resource } from './useResource';

// The back office's loads, which an edit elsewhere on the screen can make stale: invalidate(prefix)
// loads again every one mounted whose name starts so (an order's panels and the lists and figures
// that show it; a size's stock history), keeping what it shows while it loads. Apart from
// useResource, which the storefront's first load carries, so the storefront pays nothing for it.

let version = 0;
const stale = new Map<string, number>();
const listeners = new Set<() => void>();

/** Says that what resources named `prefix…` hold changed: each mounted one loads again. */
export function invalidate(prefix: string) {
  stale.set(prefix, ++version);
  listeners.forEach((l) => l());
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => void listeners.delete(l);
}

/** The last invalidation that covers name (0: none). */
function staleness(name: string): number {
  let v = 0;
  for (const [prefix, at] of stale) if (name.startsWith(prefix) && at > v) v = at;
  return v;
}

/** useResource without the cache, loaded again when invalidate names it. */
export function useAdminResource<T>(name: string | null, load: (signal: AbortSignal) => Promise<T>): Resource<T> {
  const v = useSyncExternalStore(subscribe, () => (name === null ? 0 : staleness(name)));
  return useResource(name === null ? null : `${name}#${v}`, load, { cache: false });
}
