import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { CardMode } from '../../shared/ui/product/ProductCard';
import { shopMessages } from './messages';
import type { Category } from '../../shared/api/shapes';
import { SearchBox } from './SearchBox';
import { COLLECTIONS, filtersToParams, SORTS, type ShopFilters } from './shopParams';

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
  const m = shopMessages();
  if (filters.category && !options.some((o) => o.slug === filters.category)) {
    options.push({ slug: filters.category, name: filters.category });
  }

  return (
    <form
      role="search"
      aria-label={m.controls.form}
      className="mt-6 grid gap-3 rounded-lg border border-earth-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        if (text.trim() !== filters.search) apply({ search: text.trim() });
      }}
    >
      <div className="sm:col-span-2 lg:col-span-1">
        <label htmlFor={`${id}-search`} className={label}>
          {m.controls.search}
        </label>
        <SearchBox
          id={`${id}-search`}
          value={text}
          onChange={setText}
          onCategory={(category) => {
            setText('');
            apply({ category, search: '' });
          }}
          onProduct={() => setText(filters.search)}
          className={control}
        />
      </div>
      <FilterSelect
        id={`${id}-category`}
        label={m.controls.category}
        all={m.controls.allCategories}
        value={filters.category}
        options={options.map((o) => ({ value: o.slug, label: o.name }))}
        onChange={(category) => apply({ category })}
      />
      <FilterSelect
        id={`${id}-collection`}
        label={m.controls.collection}
        all={m.controls.allProducts}
        value={filters.featured}
        options={COLLECTIONS.map((value) => ({ value, label: m.collections[value] }))}
        onChange={(featured) => apply({ featured })}
      />
      <FilterSelect
        id={`${id}-sort`}
        label={m.controls.sortBy}
        value={filters.sort}
        options={SORTS.map((value) => ({ value, label: m.sorts[value] }))}
        onChange={(sort) => apply({ sort: sort as ShopFilters['sort'] })}
      />
      <ViewSwitch view={view} onView={onView} />
    </form>
  );
}

interface FilterSelectProps {
  id: string;
  label: string;
  /** The first option's text, the one that filters nothing; none for the sort. */
  all?: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}

function FilterSelect({ id, label: text, all, value, options, onChange }: FilterSelectProps) {
  return (
    <div>
      <label htmlFor={id} className={label}>
        {text}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={control}>
        {all !== undefined && <option value="">{all}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function ViewSwitch({ view, onView }: { view: CardMode; onView: (view: CardMode) => void }) {
  const m = shopMessages().controls;
  return (
    <div role="group" aria-label={m.view} className="flex gap-1">
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
          {mode === 'grid' ? m.grid : m.list}
        </button>
      ))}
    </div>
  );
}

/** The filters the form does not show (size, promo), each removable, and Clear all filters. */
export function ActiveFilters({ filters, apply }: { filters: ShopFilters; apply: Apply }) {
  const m = shopMessages();
  const promos: Record<string, string> = m.promos;
  const extraFilters = [
    filters.weight && { key: 'weight' as const, text: m.controls.size(filters.weight) },
    filters.promo && { key: 'promo' as const, text: promos[filters.promo] ?? filters.promo },
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
          aria-label={m.controls.removeFilter(f.text)}
          className="inline-flex min-h-9 items-center gap-1 rounded-full border border-brand-300 bg-brand-50 px-3 text-sm font-semibold text-brand-900 hover:bg-brand-100"
        >
          {f.text} <span aria-hidden="true">×</span>
        </button>
      ))}
      {anyFilter && (
        <Link to="/shop" className="inline-flex min-h-9 items-center px-2 text-sm font-semibold text-brand-800 underline underline-offset-2">
          {m.clearFilters}
        </Link>
      )}
    </div>
  );
}
