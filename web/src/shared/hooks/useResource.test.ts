import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The page's first data (internal/storefront) is keyed with lang=sw last in Kiswahili
// (docs/i18n.md, "First data keys"); each language must find its own and only its own.
async function withPageData(language: 'en' | 'sw') {
  document.body.innerHTML =
    '<script type="application/json" id="page-data">{"products?page=1":{"name":"Dairy Meal"},"products?page=1&lang=sw":{"name":"Chakula cha Ng\'ombe wa Maziwa"}}</script>';
  vi.resetModules();
  const i18n = await import('../i18n/i18n');
  // Only the language shown matters here, not its words.
  i18n.showDictionary(language === 'sw' ? {} : null);
  return (await import('./useResource')).useResource;
}

describe('useResource and the page data', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it.each([
    ['en', 'Dairy Meal'],
    ['sw', "Chakula cha Ng'ombe wa Maziwa"],
  ] as const)('in %s takes the answer the page carries in that language, without asking', async (language, name) => {
    const useResource = await withPageData(language);
    const load = vi.fn(() => new Promise<never>(() => {}));
    const { result } = renderHook(() => useResource<{ name: string }>('products?page=1', load));
    expect(result.current.data).toEqual({ name });
    expect(load).not.toHaveBeenCalled();
  });
});

describe('useResource without the cache', () => {
  // The back office's screens: what another admin just changed must show, even where the
  // storefront would have shown what it had a moment ago.
  it('asks again each time a screen opens, and keeps nothing for the storefront', async () => {
    const useResource = await withPageData('en');
    const load = vi.fn(() => Promise.resolve({ name: 'Layers Mash' }));
    const first = renderHook(() => useResource<{ name: string }>('products?page=2', load, { cache: false }));
    await waitFor(() => expect(first.result.current.data).toEqual({ name: 'Layers Mash' }));
    first.unmount();
    const again = renderHook(() => useResource<{ name: string }>('products?page=2', load, { cache: false }));
    expect(again.result.current.status).toBe('loading');
    await waitFor(() => expect(again.result.current.data).toEqual({ name: 'Layers Mash' }));
    expect(load).toHaveBeenCalledTimes(2);
    // The page's own first data is still the storefront's to read without asking.
    const cached = renderHook(() => useResource<{ name: string }>('products?page=1', vi.fn(() => new Promise<never>(() => {}))));
    expect(cached.result.current.data).toEqual({ name: 'Dairy Meal' });
  });
});

describe('invalidate', () => {
  // The back office's edits: a save refreshes every panel showing that record, and only those.
  it('loads again every mounted resource whose name starts so, keeping what it showed meanwhile', async () => {
    vi.resetModules();
    const { useAdminResource: useResource, invalidate } = await import('./useAdminResource');
    let stock = 40;
    const history = vi.fn(() => Promise.resolve({ stock }));
    const other = vi.fn(() => Promise.resolve({ stock: 7 }));
    const a = renderHook(() => useResource<{ stock: number }>('admin-stock:5:1', history));
    const b = renderHook(() => useResource<{ stock: number }>('admin-stock:6:1', other));
    await waitFor(() => expect(a.result.current.data).toEqual({ stock: 40 }));
    await waitFor(() => expect(b.result.current.data).toEqual({ stock: 7 }));
    stock = 50;
    invalidate('admin-stock:5:');
    expect(a.result.current.data).toEqual({ stock: 40 });
    await waitFor(() => expect(a.result.current.data).toEqual({ stock: 50 }));
    expect(history).toHaveBeenCalledTimes(2);
    expect(other).toHaveBeenCalledTimes(1);
  });
});
