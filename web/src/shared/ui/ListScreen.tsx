import { useState, type ReactNode } from 'react';
import type { AdminPage } from '../api/shapes';
import type { Resource } from '../hooks/useResource';
import { ErrorState } from './ErrorState';
import { Pager } from './PagedList';
import { ListCount, ListTable } from './ListTable';

// The back office's list screens (orders, products, customers, payments; English only,
// docs/i18n.md) below their filters: a failed load with 'Try again', the first load, the count,
// the table with a checkbox on each row when rows can be selected, and the pager. Each screen
// brings its header cells and its row's cells.

/** The rows ticked on a list, by key; kept across pages until the screen clears it. */
export function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  return {
    selected,
    has: (key: string) => selected.has(key),
    set: (keys: string[], on: boolean) =>
      setSelected((s) => {
        const next = new Set(s);
        for (const k of keys) {
          if (on) next.add(k);
          else next.delete(k);
        }
        return next;
      }),
    clear: () => setSelected(new Set()),
  };
}

export type Selection = ReturnType<typeof useSelection>;

interface ListScreenProps<T> {
  list: Resource<AdminPage<T>>;
  /** Said above 'Try again': "We could not load the orders." */
  what: string;
  /** Said while the first page loads: "Loading orders…" */
  loading: string;
  /** The count's noun, one and many. */
  noun: [string, string];
  /** Names the table for a screen reader. */
  caption: string;
  /** The header cells, without the selection's. */
  head: ReactNode;
  /** How many header cells head has. */
  columns: number;
  /** The only row when the filters found nothing. */
  empty: string;
  page: number;
  onPage: (page: number) => void;
  rowKey: (row: T) => string;
  /** A row's cells, without the selection's. */
  cells: (row: T) => ReactNode;
  rowClassName?: (row: T) => string;
  /** With it, a checkbox on each row and one in the header for the whole page. */
  select?: {
    selection: Selection;
    /** Names a row's checkbox: "Select ORDER-…". */
    label: (row: T) => string;
    /** Names the header's checkbox: "Select every order on this page". */
    all: string;
  };
}

export function ListScreen<T>({ list, what, loading, noun, caption, head, columns, empty, page, onPage, rowKey, cells, rowClassName, select }: ListScreenProps<T>) {
  const data = list.data;
  const failed = list.error && <ErrorState title={what} error={list.error} onRetry={list.retry} />;
  if (!data) return failed || <p role="status">{loading}</p>;
  const keys = data.results.map(rowKey);
  const sel = select?.selection;
  return (
    <>
      {failed}
      <ListCount count={data.count} capped={data.count_capped} noun={noun} />
      <ListTable
        caption={caption}
        columns={columns + (select ? 1 : 0)}
        loading={list.status === 'loading'}
        empty={data.results.length === 0 ? empty : null}
        head={
          <>
            {select && (
              <th scope="col" className="w-10 px-2 py-2">
                <input
                  type="checkbox"
                  aria-label={select.all}
                  className="h-5 w-5 accent-brand-700"
                  checked={keys.length > 0 && keys.every((k) => sel?.has(k))}
                  onChange={(e) => sel?.set(keys, e.target.checked)}
                />
              </th>
            )}
            {head}
          </>
        }
      >
        {data.results.map((row) => {
          const key = rowKey(row);
          return (
          <tr key={key} className={rowClassName?.(row) ?? ''}>
            {select && (
              <td className="px-2 py-2">
                <input
                  type="checkbox"
                  aria-label={select.label(row)}
                  className="h-5 w-5 accent-brand-700"
                  checked={sel?.has(key) ?? false}
                  onChange={(e) => sel?.set([key], e.target.checked)}
                />
              </td>
            )}
            {cells(row)}
          </tr>
          );
        })}
      </ListTable>
      <Pager page={page} count={data.count} capped={data.count_capped} pageSize={data.page_size} onPage={onPage} />
    </>
  );
}

/**
 * The bar above a list with selectable rows: how many are selected, and the actions on them, shown
 * only once there are some (always: actions that need no selection, like the orders' export).
 */
export function SelectionBar({
  label,
  count,
  none,
  children,
  always,
  footer,
}: {
  /** Names the bar: "Selected orders". */
  label: string;
  count: number;
  /** Said when none is: "No orders selected". */
  none: string;
  children?: ReactNode;
  always?: ReactNode;
  /** Under the actions: what the last one did. */
  footer?: ReactNode;
}) {
  return (
    <section aria-label={label} className="rounded-md border border-stone-200 bg-white p-3">
      <div className="flex flex-wrap items-end gap-3">
        <p className="min-h-10 content-center text-sm font-semibold text-stone-900">{count === 0 ? none : `${count} selected`}</p>
        {count > 0 && children}
        {always}
      </div>
      {footer}
    </section>
  );
}
