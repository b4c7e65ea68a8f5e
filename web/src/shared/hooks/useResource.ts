import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { inLanguage } from '../i18n/i18n';

// Loads data for a component, the storefront's and the back office's alike: one call per key,
// cancelled when the key changes or the component goes away, with a short in-memory cache so
// Back and returning to a page show what was there at once. No library: the first page load
// stays small.

export type Resource<T> =
  | { status: 'loading'; data: T | undefined; error: undefined; retry: () => void }
  | { status: 'success'; data: T; error: undefined; retry: () => void }
  | { status: 'error'; data: T | undefined; error: Error; retry: () => void };

const TTL_MS = 30_000; // the API's own cache lifetime
const MAX_ENTRIES = 50;
const cache = new Map<string, { data: unknown; at: number }>();

function cached<T>(key: string): T | undefined {
  const hit = cache.get(key);
  if (!hit) return undefined;
  if (Date.now() - hit.at > TTL_MS) {
    cache.delete(key);
    return undefined;
  }
  return hit.data as T;
}

function remember(key: string, data: unknown) {
  cache.delete(key);
  cache.set(key, { data, at: Date.now() });
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
}

// The server sends some answers with the page itself (internal/storefront/head.go: the product
// of a product page, the home page's New Products), keyed like this cache, so the first view
// needs no extra round trip. They are read once, when the app starts.
function seedFromPage() {
  if (typeof document === 'undefined') return;
  const el = document.getElementById('page-data');
  if (!el) return;
  el.remove();
  try {
    const data: unknown = JSON.parse(el.textContent ?? '');
    if (typeof data !== 'object' || data === null) return;
    for (const [key, value] of Object.entries(data)) remember(key, value);
  } catch {
    // Not readable: the components load what they need themselves.
  }
}
seedFromPage();

interface Settled<T> {
  key: string;
  attempt: number;
  data?: T;
  error?: Error;
}

export interface ResourceOptions {
  /**
   * false: neither read nor kept in the cache. The back office's screens show what the shop
   * holds now, as another tab or another admin may have just changed it.
   */
  cache?: boolean;
}

/**
 * `key` names the data (null: nothing to load yet); `load` fetches it and must honour the
 * signal. While a new key loads, `data` still holds the previous answer, so a list can stay
 * on screen (dimmed) instead of jumping to a placeholder.
 */
export function useResource<T>(name: string | null, load: (signal: AbortSignal) => Promise<T>, { cache: keep = true }: ResourceOptions = {}): Resource<T> {
  const key = name === null ? null : inLanguage(name);
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | null>(() => {
    const data = key === null || !keep ? undefined : cached<T>(key);
    return key !== null && data !== undefined ? { key, attempt: 0, data } : null;
  });
  const loadRef = useRef(load);
  loadRef.current = load;
  const lastData = useRef<T | undefined>(settled?.data);

  const current = settled && settled.key === key && settled.attempt === attempt ? settled : null;
  const fromCache = current || key === null || attempt > 0 || !keep ? undefined : cached<T>(key);

  useEffect(() => {
    if (key === null || current || fromCache !== undefined) return;
    const controller = new AbortController();
    loadRef.current(controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        if (keep) remember(key, data);
        // A transition: React renders the new content in small slices, so a page full of
        // products never blocks a slow phone's main thread for long.
        startTransition(() => setSettled({ key, attempt, data }));
      },
      (err: unknown) => {
        if (controller.signal.aborted) return;
        setSettled({ key, attempt, error: err instanceof Error ? err : new Error(String(err)) });
      },
    );
    return () => controller.abort();
  }, [key, attempt, current, fromCache]);

  const retry = useCallback(() => {
    if (key !== null) cache.delete(key);
    setAttempt((n) => n + 1);
  }, [key]);

  if (fromCache !== undefined) {
    lastData.current = fromCache;
    return { status: 'success', data: fromCache, error: undefined, retry };
  }
  if (current?.error) return { status: 'error', data: lastData.current, error: current.error, retry };
  if (current && current.data !== undefined) {
    lastData.current = current.data;
    return { status: 'success', data: current.data, error: undefined, retry };
  }
  return { status: 'loading', data: lastData.current, error: undefined, retry };
}
