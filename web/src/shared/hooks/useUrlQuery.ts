import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

// A back-office list's filters, sort and page live in the address (?status=paid&from=…&page=2), so
// a reload, Back and a shared link show the same list. Every change but the page's starts again at
// page 1; a typed search reaches the address once the typing pauses.

export function useUrlQuery() {
  const [params, setParams] = useSearchParams();
  const get = useCallback((key: string) => params.get(key) ?? '', [params]);
  const set = useCallback(
    (changes: Record<string, string | null | undefined>, { keepPage = false, replace = false } = {}) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(changes)) {
            if (v) next.set(k, v);
            else next.delete(k);
          }
          if (!keepPage && !('page' in changes)) next.delete('page');
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );
  /** Goes to page p of the list; page 1 is the address without ?page=. */
  const setPage = useCallback((p: number) => set({ page: p > 1 ? String(p) : null }), [set]);
  return { params, get, set, setPage, page: Math.max(1, Number(params.get('page')) || 1) };
}

/** The search box's text, written to ?search= once the typing pauses for `ms`. */
export function useUrlSearch(q: ReturnType<typeof useUrlQuery>, ms = 300) {
  const inUrl = q.get('search');
  const [text, setText] = useState(inUrl);
  const { set } = q;
  useEffect(() => {
    if (text === inUrl) return;
    // A click that opens a record during the pause navigates first; the list may stay on screen
    // while the record's code loads, and a late write of ?search= would take the user back to it.
    const from = window.location.pathname;
    const t = setTimeout(() => {
      if (window.location.pathname === from) set({ search: text.trim() ? text : null }, { replace: true });
    }, ms);
    return () => clearTimeout(t);
  }, [text, inUrl, ms, set]);
  return [text, setText] as const;
}
