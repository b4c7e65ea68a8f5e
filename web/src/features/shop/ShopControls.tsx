import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { CardMode } from '../../components/product/ProductCard';
import type { Category } from '../../lib/types';
import { COLLECTIONS, filtersToParams, PROMOS, SORTS, type ShopFilters } from './shopParams';

/** How long the search box waits for the visitor to stop typing. */
const SEARCH_DELAY_MS = 400;

const control =
  'h-11 w-full rounded-md border border-stone-400 bg-white px-3 text-base text-stone-900 focus-visible:outline-3 focus-visible:outline-earth-500';
const label = 'block text-sm font-semibold text-stone-800';

type Apply = (change: Partial<ShopFilters>) => void;

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

/** The search box's text: typing updates the box at once and the address after a pause. */
function useSearchText(search: string, apply: Apply) {
  const [text, setText] = useState(search);
  const applyRef = useRef(apply);
  applyRef.current = apply;
  useEffect(() => setText(search), [search]);
  useEffect(() => {
    if (text.trim() === search) return;
    const timer = setTimeout(() => applyRef.current({ search: text.trim() }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // Only typing starts the wait; the address changing (Back) resets the box above.
  }, [text]);
  return [text, setText] as const;
}

interface ShopControlsProps {
  filters: ShopFilters;
  categories: Category[];
  apply: Apply;
  view: CardMode;
  onView: (view: CardMode) => void;
}

/** Search, category, collection, sort and the grid/list switch. */
export function ShopControls({ filters, categories, apply, view, onView }: ShopControlsProps) {
  const id = useId();
  const [text, setText] = useSearchText(filters.search, apply);
  const options = categoryOptions(categories);
  if (filters.category && !options.some((o) => o.slug === filters.category)) {
    options.push({ slug: filters.category, name: filters.category });
  }

  return (
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
        <select id={`${id}-category`} value={filters.category} onChange={(e) => apply({ category: e.target.value })} className={control}>
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
        <select id={`${id}-collection`} value={filters.featured} onChange={(e) => apply({ featured: e.target.value })} className={control}>
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
      <ViewSwitch view={view} onView={onView} />
    </form>
  );
}

function ViewSwitch({ view, onView }: { view: CardMode; onView: (view: CardMode) => void }) {
  return (
    <div role="group" aria-label="View" className="flex gap-1">
      {(['grid', 'list'] as const).map((mode) => (
        <button
          key={mode}
          type="button"
          aria-pressed={view === mode}
          onClick={() => onView(mode)}
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
  );
}

/** The filters the form does not show (size, promo), each removable, and Clear all filters. */
export function ActiveFilters({ filters, apply }: { filters: ShopFilters; apply: Apply }) {
  const extraFilters = [
    filters.weight && { key: 'weight' as const, text: `Size: ${filters.weight}` },
    filters.promo && { key: 'promo' as const, text: PROMOS[filters.promo] ?? filters.promo },
  ].filter((x): x is { key: 'weight' | 'promo'; text: string } => !!x);
  const anyFilter = filtersToParams({ ...filters, sort: 'name', page: 1 }).toString() !== '';
  if (extraFilters.length === 0 && !anyFilter) return null;

  return (
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
  );
}
