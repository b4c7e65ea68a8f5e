import { useState, type ReactNode } from 'react';
import type { AdminPage } from '../api/shapes';
import { LoadError, useDebounced } from './controls';
import { Button } from './Button';
import { useResource, type Resource } from '../hooks/useResource';

/**
 * A paginated admin list (products, orders, users): a search box and filters that start again
 * at page 1, the page shown, and the loaded page, fetched again when any of them changes.
 */
export function usePagedList<F extends object, T>(initialFilters: F, load: (query: F & { search: string; page: number }) => Promise<AdminPage<T>>) {
  const [filters, setFilters] = useState(initialFilters);
  const [search, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebounced(search);
  const query = { ...filters, search: q, page };
  const list = useResource(JSON.stringify(query), () => load(query), { cache: false });
  return {
    list,
    page,
    setPage,
    search,
    setSearch: (value: string) => {
      setSearchText(value);
      setPage(1);
    },
    filters,
    setFilter: <K extends keyof F>(key: K, value: F[K]) => {
      setFilters((f) => ({ ...f, [key]: value }));
      setPage(1);
    },
  };
}

interface PagedListProps<T> {
  list: Resource<AdminPage<T>>;
  page: number;
  onPage: (page: number) => void;
  /** Names the list for a screen reader: "Orders". */
  label: string;
  /** The count's noun, one and many. */
  noun: [string, string];
  /** Said by the retry box: "We could not load the orders." */
  what: string;
  empty: string;
  /** Said while the first page loads. */
  loading?: string;
  /** One row: an <li>. */
  children: (item: T) => ReactNode;
}

/** The count, the rows and the pager of a usePagedList list. */
export function PagedList<T>({ list, page, onPage, label, noun, what, empty, loading, children }: PagedListProps<T>) {
  return (
    <>
      {list.error && <LoadError what={what} error={list.error} onRetry={list.retry} />}
      {list.data && (
        <>
          <p className="mt-4 text-sm text-stone-700" aria-live="polite">
            {list.data.count_capped ? `${list.data.count.toLocaleString('en')}+ ${noun[1]}` : `${list.data.count} ${list.data.count === 1 ? noun[0] : noun[1]}`}
          </p>
          <ul className="mt-2 divide-y divide-stone-200 rounded-md border border-stone-200 bg-white" aria-label={label}>
            {list.data.results.map(children)}
            {list.data.results.length === 0 && <li className="px-3 py-6 text-center text-stone-700">{empty}</li>}
          </ul>
          <Pager page={page} count={list.data.count} capped={list.data.count_capped} pageSize={list.data.page_size} onPage={onPage} />
        </>
      )}
      {loading && !list.data && !list.error && <p role="status">{loading}</p>}
    </>
  );
}

/** Previous and Next; a capped count (a search past 1,000 matches) has pages beyond those counted. */
export function Pager({
  page,
  count,
  capped = false,
  pageSize,
  onPage,
}: {
  page: number;
  count: number;
  capped?: boolean;
  pageSize: number;
  onPage: (p: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  if (pages <= 1 && !capped) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center gap-3">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="text-sm text-stone-700">
        Page {page} of {pages}
        {capped && '+'}
      </span>
      <Button variant="secondary" disabled={page >= pages && !capped} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
