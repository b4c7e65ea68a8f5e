import { useEffect, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { fetchSuggestions } from '../../shared/api/catalog';
import { shopMessages } from './messages';
import { productPath } from '../../shared/domain/product';
import type { Suggestion } from '../../shared/api/shapes';

/** How long the box waits between keys before asking for suggestions. */
const SUGGEST_DELAY_MS = 150;
/** Suggestions start from this many letters. */
const SUGGEST_FROM = 2;

type Suggestions = { status: 'loading' } | { status: 'ready'; items: Suggestion[] } | { status: 'error' };

/** The suggestions for what is typed: fetched after a short pause, the last answer kept while the next loads. */
function useSuggestions(q: string): Suggestions | null {
  const [state, setState] = useState<{ q: string; answer: Suggestions } | null>(null);
  useEffect(() => {
    if (q.length < SUGGEST_FROM) return;
    const ctl = new AbortController();
    const timer = setTimeout(() => {
      fetchSuggestions(q, { signal: ctl.signal }).then(
        (items) => setState({ q, answer: { status: 'ready', items } }),
        () => {
          if (!ctl.signal.aborted) setState({ q, answer: { status: 'error' } });
        },
      );
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      ctl.abort();
    };
  }, [q]);
  if (q.length < SUGGEST_FROM) return null;
  if (state?.q === q) return state.answer;
  return state?.answer.status === 'ready' ? state.answer : { status: 'loading' };
}

interface SearchBoxProps {
  id: string;
  value: string;
  onChange: (text: string) => void;
  /** A category was picked: show it. */
  onCategory: (slug: string) => void;
  /**
   * A product was picked: the page is about to leave, and what was typed must not become a search
   * while the product page loads (it would take the shopper back to the list).
   */
  onProduct: () => void;
  className: string;
}

/**
 * The shop's search field with names suggested under it while typing (a combobox): arrow keys move
 * through them, Enter or a tap opens one, Escape closes the list. Enter with none chosen searches.
 */
export function SearchBox({ id, value, onChange, onCategory, onProduct, className }: SearchBoxProps) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useSuggestions(value.trim());
  const items = suggestions?.status === 'ready' ? suggestions.items : [];
  const listId = `${id}-suggestions`;
  const shown = open && suggestions !== null;
  const m = shopMessages().search;

  const pick = (s: Suggestion) => {
    setOpen(false);
    setActive(-1);
    if (s.type === 'product') {
      onProduct();
      void navigate(productPath(s));
    } else onCategory(s.slug);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') {
      setOpen(false);
      return;
    }
    if (items.length === 0) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      // -1 is the field itself: the moves cycle through it.
      const next = active + (e.key === 'ArrowDown' ? 1 : -1);
      setActive(next >= items.length ? -1 : next < -1 ? items.length - 1 : next);
    } else if (e.key === 'Enter' && shown && active >= 0 && items[active]) {
      e.preventDefault();
      pick(items[active]);
    }
  };

  return (
    <div className="relative">
      <input
        id={id}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        placeholder={m.placeholder}
        value={value}
        maxLength={100}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className={className}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={m.suggestions}
        hidden={!shown}
        className="absolute inset-x-0 top-full z-20 mt-1 max-h-96 overflow-auto rounded-md border border-stone-300 bg-white py-1 shadow-lg"
      >
        {suggestions?.status === 'loading' && <li className="px-3 py-2 text-stone-700">{m.looking}</li>}
        {suggestions?.status === 'error' && <li className="px-3 py-2 text-stone-700">{m.unavailable}</li>}
        {suggestions?.status === 'ready' && items.length === 0 && <li className="px-3 py-2 text-stone-700">{m.none}</li>}
        {items.map((s, i) => (
          <li
            key={`${s.type}:${s.slug}`}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            // Keep the field focused, so the tap reaches the option before the list closes.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(s)}
            className={`flex min-h-11 cursor-pointer items-center justify-between gap-3 px-3 py-2 text-stone-900 ${i === active ? 'bg-earth-100' : 'hover:bg-earth-50'}`}
          >
            <span>{s.name}</span>
            <span className="text-xs font-semibold text-stone-600">{s.type === 'category' ? m.category : m.product}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
