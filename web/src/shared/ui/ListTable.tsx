import type { ReactNode } from 'react';

// The back office lists' table (orders, products, customers, payments; English only, docs/i18n.md):
// the count above it, the bordered table that scrolls sideways on a narrow screen, dimmed while the
// next page loads, and the row that says the filters found nothing.

/** "23 orders", or "1,000+ orders" for a count that stopped at its cap. */
export function ListCount({ count, capped, noun }: { count: number; capped?: boolean; noun: [string, string] }) {
  return (
    <p className="text-sm text-stone-700" aria-live="polite">
      {capped ? `${count.toLocaleString('en')}+ ${noun[1]}` : `${count} ${count === 1 ? noun[0] : noun[1]}`}
    </p>
  );
}

export function ListTable({
  caption,
  head,
  columns,
  loading,
  empty,
  children,
}: {
  /** Names the table for a screen reader. */
  caption: string;
  /** The header row's cells. */
  head: ReactNode;
  /** How many columns, for the empty row. */
  columns: number;
  loading: boolean;
  /** Shown as the only row when there is none; null when there are rows. */
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-md border border-stone-200 bg-white">
      <table className={`w-full text-left text-sm ${loading ? 'opacity-60' : ''}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-stone-200 bg-stone-50 text-stone-800">
          <tr>{head}</tr>
        </thead>
        <tbody className="divide-y divide-stone-200">
          {children}
          {empty !== null && (
            <tr>
              <td colSpan={columns} className="px-3 py-6 text-center text-stone-700">
                {empty}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/** A plain header cell beside the sortable ones. */
export function Th({ children, className = '' }: { children?: ReactNode; className?: string }) {
  return (
    <th scope="col" className={`px-2 py-2 ${className}`}>
      {children}
    </th>
  );
}
