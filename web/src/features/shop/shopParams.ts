import type { ProductQuery, ProductSort } from '../../shared/api/catalog';
import { shopMessages } from './messages';

// The shop's filters live in the address (docs/product.md section 2), so a filtered page can be
// shared, reloaded and reached with Back. Defaults are left out of the address.

export const PAGE_SIZE = 20; // docs/product.md section 9

export interface ShopFilters {
  category: string;
  weight: string;
  promo: string;
  /** The collection: new-arrivals, best-sellers or featured. */
  featured: string;
  search: string;
  sort: ProductSort;
  page: number;
}

export const DEFAULT_FILTERS: ShopFilters = {
  category: '',
  weight: '',
  promo: '',
  featured: '',
  search: '',
  sort: 'name',
  page: 1,
};

// The values the address may carry; their names are in the message catalogue (messages.ts).
export const SORTS: readonly ProductSort[] = ['name', 'price-low', 'price-high'];
export const COLLECTIONS = ['new-arrivals', 'best-sellers', 'featured'] as const;
const PROMOS: readonly string[] = ['bulk', 'seasonal'];

const SLUG = /^[a-z0-9][a-z0-9-]{0,119}$/;

/** Reads the filters from the address, ignoring anything the shop does not understand. */
export function parseFilters(params: URLSearchParams): ShopFilters {
  const f = { ...DEFAULT_FILTERS };
  const category = params.get('category')?.trim().toLowerCase() ?? '';
  if (SLUG.test(category)) f.category = category;
  const weight = params.get('weight')?.replace(/\s+/g, '').toLowerCase() ?? '';
  if (/^[a-z0-9.]{1,20}$/.test(weight)) f.weight = weight;
  const promo = params.get('promo') ?? '';
  if (PROMOS.includes(promo)) f.promo = promo;
  const featured = params.get('featured') ?? params.get('collection') ?? '';
  if (COLLECTIONS.some((c) => c === featured)) f.featured = featured;
  f.search = (params.get('search') ?? '').trim().slice(0, 100);
  const sort = params.get('sort');
  if (SORTS.some((s) => s === sort)) f.sort = sort as ProductSort;
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page > 1 && page <= 100_000) f.page = page;
  return f;
}

/** The address's query for the filters, without the defaults. */
export function filtersToParams(f: ShopFilters): URLSearchParams {
  const params = new URLSearchParams();
  const keys = ['category', 'weight', 'promo', 'featured', 'search', 'sort', 'page'] as const;
  for (const key of keys) {
    const value = f[key];
    if (value === DEFAULT_FILTERS[key] || value === '') continue;
    params.set(key, String(value));
  }
  return params;
}

/** Changes some filters; any change but the page itself starts again at page 1. */
export function changeFilters(f: ShopFilters, change: Partial<ShopFilters>): ShopFilters {
  const next = { ...f, ...change };
  if (!('page' in change)) next.page = 1;
  return next;
}

/** What the catalogue API is asked for these filters. */
export function productQuery(f: ShopFilters): ProductQuery {
  return {
    category: f.category,
    weight: f.weight,
    promo: f.promo,
    featured: f.featured,
    search: f.search,
    // With a search and no sort chosen, the server puts the best match first.
    sort: f.search && f.sort === DEFAULT_FILTERS.sort ? undefined : f.sort,
    page: f.page,
    page_size: PAGE_SIZE,
  };
}

/** Up to five page numbers around the current one (docs/product.md section 2, pagination). */
export function pageWindow(page: number, pages: number, size = 5): number[] {
  if (pages <= 0) return [];
  const count = Math.min(size, pages);
  let start = Math.max(1, page - Math.floor(count / 2));
  start = Math.min(start, pages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/** 'Showing X-Y of N products', in the language shown. */
export function showingText(page: number, shown: number, count: number, capped = false): string {
  const m = shopMessages();
  // A large list is counted no further than 1,000 (or this page): "1,000+".
  const total = capped ? `${count.toLocaleString('en-KE')}+` : String(count);
  if (shown === 0) return m.showingNone(total);
  const first = (page - 1) * PAGE_SIZE + 1;
  return m.showing(first, first + shown - 1, total);
}
