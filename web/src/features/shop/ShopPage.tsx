import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { Page } from '../../components/Page';
import type { Category } from '../../lib/types';
import { useCategories, useProducts } from '../../lib/catalog';
import { ProductCard, ProductCardSkeleton, type CardMode } from '../../components/product/ProductCard';
import {
  changeFilters,
  COLLECTIONS,
  filtersToParams,
  PAGE_SIZE,
  pageWindow,
  parseFilters,
  productQuery,
  PROMOS,
  showingText,
  SORTS,
  type ShopFilters,
} from './shopParams';

/** How long the search box waits for the visitor to stop typing. */
const SEARCH_DELAY_MS = 400;

const control =
  'h-11 w-full rounded-md border border-stone-400 bg-white px-3 text-base text-stone-900 focus-visible:outline-3 focus-visible:outline-earth-500';
const label = 'block text-sm font-semibold text-stone-800';

/** Categories for the select: each top-level one followed by its sub-categories. */
function categoryOptions(categories: Category[]): { slug: string; name: string }[] {
  const out: { slug: string; name: string }[] = [];
  const add = (parent: number | null, depth: number) => {
    for (const c of categories.filter((c) => c.parent === parent)) {
      out.push({ slug: c.slug, name: `${'\u00a0\u00a0\u00a0'.repeat(depth)}${c.name}` });
      if (depth < 4) add(c.id, depth + 1);
    }
  };
  add(null, 0);
  return out;
}

export default function ShopPage() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseFilters(params), [params]);
  const products = useProducts(productQuery(filters));
  const categories = useCategories();
  const [view, setView] = useState<CardMode>('grid');

  const apply = (change: Partial<ShopFilters>) => setParams(filtersToParams(changeFilters(filters, change)));
  const applyRef = useRef(apply);
  applyRef.current = apply;

  // The search box: typing updates the box at once and the address after a pause.
  const [text, setText] = useState(filters.search);
  useEffect(() => setText(filters.search), [filters.search]);
  useEffect(() => {
    if (text.trim() === filters.search) return;
    const timer = setTimeout(() => applyRef.current({ search: text.trim() }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // Only typing starts the wait; the address changing (Back) resets the box above.
  }, [text]);

  const goToPage = (page: number) => {
    apply({ page });
    window.scrollTo(0, 0);
  };

  const page = products.data;
  const loading = products.status === 'loading';
  const pages = page ? Math.ceil(page.count / PAGE_SIZE) : 0;
  const options = categoryOptions(categories.data ?? []);
  if (filters.category && !options.some((o) => o.slug === filters.category)) {
    options.push({ slug: filters.category, name: filters.category });
  }
  const extraFilters = [
    filters.weight && { key: 'weight' as const, text: `Size: ${filters.weight}` },
    filters.promo && { key: 'promo' as const, text: PROMOS[filters.promo] ?? filters.promo },
  ].filter((x): x is { key: 'weight' | 'promo'; text: string } => !!x);
  const anyFilter = filtersToParams({ ...filters, sort: 'name', page: 1 }).toString() !== '';

  return (
    <Page title="Shop">
      <p className="mt-2 text-stone-700">Feeds, dewormers, supplements, chemicals and DCP, delivered across Kenya.</p>

      <form
        role="search"
        aria-label="Products"
        className="mt-6 grid gap-3 rounded-lg border border-earth-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          if (text.trim() !== filters.search) apply({ search: text.trim() });
        }}
      >
        <div className="sm:col-span-2 lg:col-span-1">
          <label htmlFor={`${id}-search`} className={label}>
            Search
          </label>
          <input
            id={`${id}-search`}
            type="search"
            placeholder="Search products..."
            value={text}
            maxLength={100}
            onChange={(e) => setText(e.target.value)}
            className={control}
          />
        </div>
        <div>
          <label htmlFor={`${id}-category`} className={label}>
            Category
          </label>
          <select
            id={`${id}-category`}
            value={filters.category}
            onChange={(e) => apply({ category: e.target.value })}
            className={control}
          >
            <option value="">All Categories</option>
            {options.map((o) => (
              <option key={o.slug} value={o.slug}>
                {o.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-collection`} className={label}>
            Collection
          </label>
          <select
            id={`${id}-collection`}
            value={filters.featured}
            onChange={(e) => apply({ featured: e.target.value })}
            className={control}
          >
            <option value="">All Products</option>
            {COLLECTIONS.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-sort`} className={label}>
            Sort by
          </label>
          <select
            id={`${id}-sort`}
            value={filters.sort}
            onChange={(e) => apply({ sort: e.target.value as ShopFilters['sort'] })}
            className={control}
          >
            {SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <div role="group" aria-label="View" className="flex gap-1">
          {(['grid', 'list'] as const).map((mode) => (
            <button
              key={mode}
              type="button"
              aria-pressed={view === mode}
              onClick={() => setView(mode)}
              className={`inline-flex h-11 flex-1 items-center justify-center gap-1.5 rounded-md border px-3 font-semibold ${
                view === mode ? 'border-brand-700 bg-brand-700 text-white' : 'border-stone-400 bg-white text-stone-800 hover:bg-stone-100'
              }`}
            >
              <svg viewBox="0 0 20 20" width="18" height="18" fill="currentColor" aria-hidden="true" focusable="false">
                {mode === 'grid' ? (
                  <path d="M3 3h6v6H3zM11 3h6v6h-6zM3 11h6v6H3zM11 11h6v6h-6z" />
                ) : (
                  <path d="M3 4h14v3H3zM3 8.5h14v3H3zM3 13h14v3H3z" />
                )}
              </svg>
              {mode === 'grid' ? 'Grid' : 'List'}
            </button>
          ))}
        </div>
      </form>

      {(extraFilters.length > 0 || anyFilter) && (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          {extraFilters.map((f) => (
            <button
              key={f.key}
              type="button"
              onClick={() => apply({ [f.key]: '' })}
              aria-label={`${f.text}: remove this filter`}
              className="inline-flex min-h-9 items-center gap-1 rounded-full border border-brand-300 bg-brand-50 px-3 text-sm font-semibold text-brand-900 hover:bg-brand-100"
            >
              {f.text} <span aria-hidden="true">×</span>
            </button>
          ))}
          {anyFilter && (
            <Link to="/shop" className="inline-flex min-h-9 items-center px-2 text-sm font-semibold text-brand-800 underline underline-offset-2">
              Clear all filters
            </Link>
          )}
        </div>
      )}

      <p role="status" className="mt-6 min-h-6 text-stone-700">
        {loading ? 'Loading products...' : page ? showingText(filters.page, page.results.length, page.count) : ''}
      </p>

      {products.status === 'error' ? (
        <ErrorState title="We could not load the products." error={products.error} onRetry={products.retry} className="mt-4" />
      ) : page && !loading && page.count === 0 ? (
        <div className="mt-4 rounded-lg border border-earth-200 bg-white px-4 py-12 text-center">
          <h2 className="text-xl font-bold text-stone-900">No products found</h2>
          <p className="mt-2 text-stone-700">Try adjusting your search or filter criteria</p>
          <Link
            to="/shop"
            className="mt-6 inline-flex h-11 items-center rounded-md bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
          >
            Clear all filters
          </Link>
        </div>
      ) : page && !loading && page.results.length === 0 ? (
        <div className="mt-4 rounded-lg border border-earth-200 bg-white px-4 py-10 text-center">
          <p className="text-stone-800">There are no products on page {filters.page}.</p>
          <button type="button" onClick={() => goToPage(1)} className="mt-4 font-semibold text-brand-800 underline underline-offset-2">
            Go to page 1
          </button>
        </div>
      ) : (
        <ul
          aria-busy={loading}
          className={`mt-2 grid gap-3 sm:gap-4 ${view === 'grid' ? 'grid-cols-2 lg:grid-cols-3 xl:grid-cols-4' : 'grid-cols-1'} ${
            loading && page ? 'opacity-60' : ''
          }`}
        >
          {page
            ? page.results.map((p, i) => (
                <li key={p.id}>
                  <ProductCard product={p} mode={view} headingLevel={2} eager={i < 4} />
                </li>
              ))
            : Array.from({ length: 8 }, (_, i) => (
                <li key={i}>
                  <ProductCardSkeleton mode={view} />
                </li>
              ))}
        </ul>
      )}

      {page && pages > 1 && products.status !== 'error' && (
        <div className="mt-8 flex flex-col items-center gap-4">
          {filters.page < pages && (
            <button
              type="button"
              onClick={() => goToPage(filters.page + 1)}
              className="inline-flex h-12 items-center rounded-md border-2 border-brand-700 bg-white px-6 font-semibold text-brand-800 hover:bg-brand-50"
            >
              View More Products
            </button>
          )}
          <nav aria-label="Pagination">
            <ul className="flex flex-wrap items-center justify-center gap-1">
              <li>
                <PageButton page={filters.page - 1} disabled={filters.page <= 1} onGo={goToPage}>
                  Previous
                </PageButton>
              </li>
              {pageWindow(filters.page, pages).map((n) => (
                <li key={n}>
                  <PageButton page={n} current={n === filters.page} onGo={goToPage} label={`Page ${n}`}>
                    {n}
                  </PageButton>
                </li>
              ))}
              <li>
                <PageButton page={filters.page + 1} disabled={filters.page >= pages} onGo={goToPage}>
                  Next
                </PageButton>
              </li>
            </ul>
          </nav>
        </div>
      )}
    </Page>
  );
}

interface PageButtonProps {
  page: number;
  onGo: (page: number) => void;
  children: ReactNode;
  current?: boolean;
  disabled?: boolean;
  label?: string;
}

function PageButton({ page, onGo, children, current = false, disabled = false, label }: PageButtonProps) {
  return (
    <button
      type="button"
      onClick={() => !current && onGo(page)}
      disabled={disabled}
      aria-current={current ? 'page' : undefined}
      aria-label={label}
      className={`inline-flex h-11 min-w-11 items-center justify-center rounded-md border px-3 font-semibold ${
        current
          ? 'border-brand-700 bg-brand-700 text-white'
          : 'border-stone-400 bg-white text-stone-800 hover:bg-stone-100 disabled:cursor-not-allowed disabled:text-stone-500 disabled:hover:bg-white'
      }`}
    >
      {children}
    </button>
  );
}
