import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BrowserRouter } from 'react-router';
import { useUrlQuery, useUrlSearch } from './useUrlQuery';

let type: (text: string) => void = () => undefined;

function SearchBox() {
  const [, setText] = useUrlSearch(useUrlQuery());
  type = setText;
  return null;
}

describe('useUrlSearch', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.history.replaceState(null, '', '/admin/orders');
  });
  afterEach(() => vi.useRealTimers());

  it('writes the search to the address once the typing pauses', () => {
    render(
      <BrowserRouter>
        <SearchBox />
      </BrowserRouter>,
    );
    act(() => type('ORDER-17'));
    expect(window.location.search).toBe('');
    act(() => vi.advanceTimersByTime(300));
    expect(window.location.pathname).toBe('/admin/orders');
    expect(new URLSearchParams(window.location.search).get('search')).toBe('ORDER-17');
  });

  it('does not take the user back to the list after a click opened a record during the pause', () => {
    render(
      <BrowserRouter>
        <SearchBox />
      </BrowserRouter>,
    );
    act(() => type('ORDER-17'));
    // The click navigates at once; the list stays mounted while the record's code loads.
    window.history.pushState(null, '', '/admin/orders/ORDER-17');
    act(() => vi.advanceTimersByTime(300));
    expect(window.location.pathname).toBe('/admin/orders/ORDER-17');
    expect(window.location.search).toBe('');
  });
});
