// What the service worker keeps (docs/architecture.md, "The installable app"). Pure functions,
// so the rules are unit-tested without a browser.

/** How the service worker treats one request. */
export type Strategy =
  /** A page: the network first; offline, the saved copy of the page or the app shell. */
  | 'page'
  /** A page that is never saved (cart, account, checkout, orders, admin): offline, the shell. */
  | 'private-page'
  /** A hashed file of the app: saved the first time, never changes. */
  | 'asset'
  /** Catalogue answers and product pictures: the saved copy at once, refreshed behind it. */
  | 'catalogue'
  /** Everything else goes to the network and is never saved. */
  | 'network';

/** Catalogue API answers that are the same for everybody and may be kept. */
const CATALOGUE_API = [/^\/api\/products\/$/, /^\/api\/products\/[^/]+\/$/, /^\/api\/categories\/$/, /^\/api\/search\/suggest\/$/];

/** Pages about one person, or that act on their money, are never saved. */
const PRIVATE_PAGES = /^\/(cart|checkout|account|admin|login|register|forgot-password|reset-password|order-confirmation|orders?|track|o)(\/|$)/;

/** Files of the web app at the root that are not pages. */
const STATIC_FILES = /^\/(favicon\.svg|manifest\.webmanifest|first-view\.js|icons\/|images\/)/;

/** The service worker's strategy for a request; origin is the shop's own. */
export function strategyFor(method: string, url: URL, origin: string, mode: string): Strategy {
  if (method !== 'GET' || url.origin !== origin) return 'network';
  const path = url.pathname;
  // The worker itself, the simulators and the dev outbox are never kept.
  if (path === '/sw.js' || path.startsWith('/dev/')) return 'network';
  if (path.startsWith('/api/')) {
    return mode !== 'navigate' && CATALOGUE_API.some((re) => re.test(path)) ? 'catalogue' : 'network';
  }
  if (mode === 'navigate') return PRIVATE_PAGES.test(path) ? 'private-page' : 'page';
  if (path.startsWith('/media/')) return 'catalogue';
  if (path.startsWith('/assets/') || STATIC_FILES.test(path)) return 'asset';
  return 'network';
}

/** The catalogue cache's size bound: answers and pictures beyond it push out the oldest. */
export const CATALOGUE_MAX_BYTES = 10 * 1000 * 1000;

/** How many pages are kept for offline visits; the oldest go first. */
export const PAGES_MAX = 40;

/**
 * Which saved entries to drop, oldest first, so the rest fit in maxBytes. entries are in the
 * order they were saved (the Cache API keeps that order: a refreshed entry moves to the end).
 */
export function toEvict(entries: readonly { url: string; size: number }[], maxBytes: number): string[] {
  let total = entries.reduce((sum, e) => sum + e.size, 0);
  const out: string[] = [];
  for (const e of entries) {
    if (total <= maxBytes) break;
    out.push(e.url);
    total -= e.size;
  }
  return out;
}

/** The names of the caches of one build; version changes with every deploy. */
export function cacheNames(version: string) {
  return {
    /** The app shell and the hashed files: one per build, dropped when the next one takes over. */
    shell: `shop-shell-${version}`,
    /** Pages seen, which name this build's files: dropped with it. */
    pages: `shop-pages-${version}`,
    /** Catalogue answers and pictures: they outlive a deploy. */
    catalogue: 'shop-catalogue',
  };
}

/** Whether a cache of an older build should be dropped once version takes over. */
export function isStale(name: string, version: string): boolean {
  const current = Object.values(cacheNames(version));
  return name.startsWith('shop-') && !current.includes(name);
}
