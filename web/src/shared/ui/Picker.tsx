import { useId, useState } from 'react';
import { useResource } from '../hooks/useResource';
import { useDebounced } from './controls';

// Picking records by name instead of typing their ids (the back office, English only): the chosen
// ones as chips that can be removed, and a search box whose matches are added with a click.

export interface Pickable {
  id: number;
  name: string;
}

export function Picker({
  label,
  hint,
  value,
  onChange,
  search,
  nameOf,
  error,
}: {
  label: string;
  hint?: string;
  value: number[];
  onChange: (ids: number[]) => void;
  /** The records matching a typed text (all of them for ''). */
  search: (q: string) => Promise<Pickable[]>;
  /** The name of a chosen record (loaded when not known yet). */
  nameOf: (id: number) => string | undefined;
  error?: string | undefined;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const q = useDebounced(text.trim());
  const matches = useResource(q === '' ? null : `picker:${label}:${q}`, () => search(q), { cache: false });
  const found = (matches.data ?? []).filter((m) => !value.includes(m.id)).slice(0, 8);
  return (
    <fieldset className="sm:col-span-2">
      <legend className="text-sm font-semibold text-stone-800">{label}</legend>
      {hint && <p className="text-sm text-stone-600">{hint}</p>}
      <ul aria-label={`${label}: chosen`} className="mt-1 flex flex-wrap gap-2">
        {value.map((v) => (
          <li key={v} className="inline-flex items-center gap-1 rounded-full border border-brand-700 bg-brand-50 py-0.5 pr-1 pl-3 text-sm">
            {nameOf(v) ?? `#${v}`}
            <button
              type="button"
              aria-label={`Remove ${nameOf(v) ?? `#${v}`}`}
              onClick={() => onChange(value.filter((x) => x !== v))}
              className="inline-flex h-8 w-8 items-center justify-center rounded-full hover:bg-brand-100"
            >
              ×
            </button>
          </li>
        ))}
        {value.length === 0 && <li className="text-sm text-stone-600">None chosen</li>}
      </ul>
      <label htmlFor={id} className="mt-2 block text-sm text-stone-800">
        Search by name to add
      </label>
      <input
        id={id}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        className="mt-1 block min-h-10 w-full rounded-md border border-stone-400 bg-white px-2 text-sm"
      />
      {q !== '' && (
        <ul aria-label={`${label}: matches`} className="mt-1 divide-y divide-stone-200 rounded-md border border-stone-200 bg-white">
          {found.map((m) => (
            <li key={m.id}>
              <button
                type="button"
                onClick={() => {
                  onChange([...value, m.id]);
                  setText('');
                }}
                className="flex min-h-10 w-full items-center px-3 text-left text-sm hover:bg-stone-100"
              >
                Add {m.name}
              </button>
            </li>
          ))}
          {matches.data && found.length === 0 && <li className="px-3 py-2 text-sm text-stone-700">Nothing matches “{q}”.</li>}
        </ul>
      )}
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-800">
          {error}
        </p>
      )}
    </fieldset>
  );
}
