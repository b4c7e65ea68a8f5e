// The shop's service worker, served as /sw.js (built by vite-sw-plugin.ts; the rules are in
// rules.ts and docs/architecture.md, "The installable app"). It keeps the app shell, the pages
// and the catalogue a farmer has seen, so they open again with the network gone; it never keeps
// anything about one person (cart, account, checkout, orders, admin).
import { cacheNames, CATALOGUE_MAX_BYTES, isStale, PAGES_MAX, strategyFor, toEvict, type Strategy } from './rules';

// The few service-worker types used here (the app's TypeScript has the DOM's, not a worker's).
interface LifecycleEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface FetchEvent extends LifecycleEvent {
  request: Request;
  respondWith(r: Promise<Response>): void;
}
interface MessageEvent extends LifecycleEvent {
  data: unknown;
}
interface WorkerScope {
  addEventListener(type: 'install' | 'activate', listener: (e: LifecycleEvent) => void): void;
  addEventListener(type: 'fetch', listener: (e: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (e: MessageEvent) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  location: Location;
}
const worker = self as unknown as WorkerScope;

// The build writes its version and the app shell's files here (vite-sw-plugin.ts).
const BUILD: { version: string; shell: string[] } = JSON.parse('__SHOP_SW_BUILD__');
const CACHES = cacheNames(BUILD.version);
/** The app shell: the page every address falls back to offline. */
const SHELL = '/';
/** The size of a kept answer's body, written on the copy the catalogue cache keeps. */
const SIZE = 'x-shop-size';

worker.addEventListener('install', (e) => {
  e.waitUntil(caches.open(CACHES.shell).then((c) => c.addAll(BUILD.shell)));
});

worker.addEventListener('activate', (e) => {
  e.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (isStale(name, BUILD.version)) await caches.delete(name);
      await worker.clients.claim();
    })(),
  );
});

// "Reload to update" (web/src/shared/hooks/pwa.ts): the new version takes over at once.
worker.addEventListener('message', (e) => {
  if (e.data === 'skip-waiting') void worker.skipWaiting();
});

worker.addEventListener('fetch', (e) => {
  const req = e.request;
  const strategy = strategyFor(req.method, new URL(req.url), worker.location.origin, req.mode);
  if (strategy === 'network') return;
  e.respondWith(HANDLERS[strategy](req, e));
});

const HANDLERS: Record<Exclude<Strategy, 'network'>, (req: Request, e: FetchEvent) => Promise<Response>> = {
  page: (req) => page(req, true),
  'private-page': (req) => page(req, false),
  asset,
  catalogue: staleWhileRevalidate,
};

async function saved(cacheName: string, key: RequestInfo): Promise<Response | undefined> {
  const cache = await caches.open(cacheName);
  return cache.match(key, { ignoreVary: true, ignoreSearch: false });
}

/** The network first; offline, the page as last seen, or the shell (the app draws the page). */
async function page(req: Request, keep: boolean): Promise<Response> {
  try {
    const res = await fetch(req);
    if (keep && res.ok && res.headers.get('Content-Type')?.startsWith('text/html')) {
      const cache = await caches.open(CACHES.pages);
      await cache.put(req.url, res.clone());
      const keys = await cache.keys();
      for (const old of keys.slice(0, Math.max(0, keys.length - PAGES_MAX))) await cache.delete(old);
    }
    return res;
  } catch (err) {
    const copy = (keep && (await saved(CACHES.pages, req.url))) || (await saved(CACHES.shell, SHELL));
    if (copy) return copy;
    throw err;
  }
}

/** Hashed files never change: the kept copy, else the network (and keep it). */
async function asset(req: Request): Promise<Response> {
  const copy = await saved(CACHES.shell, req.url);
  if (copy) return copy;
  const res = await fetch(req);
  if (res.ok && res.type === 'basic') {
    const cache = await caches.open(CACHES.shell);
    await cache.put(req.url, res.clone());
  }
  return res;
}

/** The kept answer at once, refreshed from the network behind it; the network when none is kept. */
async function staleWhileRevalidate(req: Request, e: FetchEvent): Promise<Response> {
  const copy = await saved(CACHES.catalogue, req.url);
  const fresh = fetch(req).then(async (res) => {
    if (res.ok && res.type === 'basic') await keep(res.clone(), req.url);
    return res;
  });
  if (!copy) return fresh;
  e.waitUntil(fresh.catch(() => undefined));
  return copy;
}

/** Sizes of the kept catalogue entries, by address; read from the cache after a restart. */
const sizes = new Map<string, number>();

async function keep(res: Response, url: string) {
  const body = await res.blob();
  const headers = new Headers(res.headers);
  headers.set(SIZE, String(body.size));
  headers.delete('Vary');
  const cache = await caches.open(CACHES.catalogue);
  await cache.put(url, new Response(body, { status: res.status, statusText: res.statusText, headers }));
  sizes.set(url, body.size);
  // Over the bound, the oldest entries go.
  const entries = [];
  for (const k of await cache.keys()) {
    let size = sizes.get(k.url);
    if (size === undefined) {
      size = Number((await cache.match(k))?.headers.get(SIZE) ?? 0);
      sizes.set(k.url, size);
    }
    entries.push({ url: k.url, size });
  }
  for (const old of toEvict(entries, CATALOGUE_MAX_BYTES)) {
    await cache.delete(old);
    sizes.delete(old);
  }
}
