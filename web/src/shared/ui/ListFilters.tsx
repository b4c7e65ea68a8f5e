import type { ReactNode } from 'react';
import { presetRange, type DatePreset } from '../domain/nairobiDays';

// The back office lists' filter parts (English only, docs/i18n.md): chips that filter and count,
// the date presets in Nairobi days, and a sortable column's header.

const chipBase =
  'inline-flex min-h-10 items-center gap-1.5 rounded-full border px-3 text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-earth-500';

export function Chip({ on, onClick, children, count }: { on: boolean; onClick: () => void; children: ReactNode; count?: number }) {
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={onClick}
      className={`${chipBase} ${on ? 'border-brand-700 bg-brand-700 text-white' : 'border-stone-400 bg-white text-stone-900 hover:bg-stone-100'}`}
    >
      {children}
      {count !== undefined && <span className={`rounded-full px-1.5 text-xs ${on ? 'bg-white text-brand-900' : 'bg-stone-200 text-stone-900'}`}>{count}</span>}
    </button>
  );
}

export const DATE_PRESETS: [DatePreset, string][] = [
  ['today', 'Today'],
  ['yesterday', 'Yesterday'],
  ['week', 'This week'],
  ['month', 'This month'],
];

/** Today, Yesterday, This week, This month and a range: the days from and to, both included. */
export function DateRange({
  from,
  to,
  onChange,
  idPrefix,
  legend = 'Placed',
}: {
  legend?: string;
  from: string;
  to: string;
  onChange: (from: string, to: string) => void;
  idPrefix: string;
}) {
  const now = Date.now();
  return (
    <fieldset className="flex flex-wrap items-end gap-2">
      <legend className="mb-1 text-sm font-semibold text-stone-800">{legend}</legend>
      {DATE_PRESETS.map(([p, label]) => {
        const r = presetRange(p, now);
        const on = r.from === from && r.to === to;
        return (
          <Chip key={p} on={on} onClick={() => (on ? onChange('', '') : onChange(r.from, r.to))}>
            {label}
          </Chip>
        );
      })}
      <label className="text-sm text-stone-800" htmlFor={`${idPrefix}-from`}>
        From
      </label>
      <input
        id={`${idPrefix}-from`}
        type="date"
        value={from}
        onChange={(e) => onChange(e.target.value, to)}
        className="min-h-10 rounded-md border border-stone-400 bg-white px-2 text-sm"
      />
      <label className="text-sm text-stone-800" htmlFor={`${idPrefix}-to`}>
        to
      </label>
      <input
        id={`${idPrefix}-to`}
        type="date"
        value={to}
        onChange={(e) => onChange(from, e.target.value)}
        className="min-h-10 rounded-md border border-stone-400 bg-white px-2 text-sm"
      />
    </fieldset>
  );
}

/**
 * A column header that sorts: `desc` and `asc` are the sort's values for the column (the list's
 * ?sort=), the first click sorting by `desc`.
 */
export function SortHeader({
  label,
  sort,
  desc,
  asc,
  onSort,
  className = '',
}: {
  label: string;
  sort: string;
  desc: string;
  asc: string;
  onSort: (sort: string) => void;
  className?: string;
}) {
  const state = sort === desc ? 'descending' : sort === asc ? 'ascending' : 'none';
  return (
    <th scope="col" aria-sort={state} className={`px-2 py-2 ${className}`}>
      <button type="button" onClick={() => onSort(state === 'descending' ? asc : desc)} className="inline-flex min-h-10 items-center gap-1 font-semibold underline-offset-2 hover:underline">
        {label}
        <span aria-hidden="true">{state === 'descending' ? '▼' : state === 'ascending' ? '▲' : '↕'}</span>
      </button>
    </th>
  );
}
