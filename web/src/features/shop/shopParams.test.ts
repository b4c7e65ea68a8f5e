import { describe, expect, it } from 'vitest';
import { changeFilters, DEFAULT_FILTERS, filtersToParams, pageWindow, parseFilters, productQuery, showingText } from './shopParams';

describe('shop filters in the address', () => {
  it('reads every filter docs/product.md lists', () => {
    const f = parseFilters(new URLSearchParams('category=dairy-meal&weight=70kg&promo=bulk&featured=new-arrivals&search=%20mash%20&sort=price-high&page=3'));
    expect(f).toEqual({ category: 'dairy-meal', weight: '70kg', promo: 'bulk', featured: 'new-arrivals', search: 'mash', sort: 'price-high', page: 3 });
  });

  it('falls back to the defaults for anything it does not understand', () => {
    expect(parseFilters(new URLSearchParams('category=<script>&promo=free&featured=old&sort=random&page=-2'))).toEqual(DEFAULT_FILTERS);
    expect(parseFilters(new URLSearchParams('page=abc')).page).toBe(1);
    expect(parseFilters(new URLSearchParams('page=2.5')).page).toBe(1);
    expect(parseFilters(new URLSearchParams('search=' + 'x'.repeat(300))).search).toHaveLength(100);
  });

  it('accepts collection as another name for featured, and spaced weights', () => {
    expect(parseFilters(new URLSearchParams('collection=best-sellers')).featured).toBe('best-sellers');
    expect(parseFilters(new URLSearchParams('weight=10%20Kg')).weight).toBe('10kg');
  });

  it('writes only what differs from the defaults', () => {
    expect(filtersToParams(DEFAULT_FILTERS).toString()).toBe('');
    expect(filtersToParams({ ...DEFAULT_FILTERS, category: 'feeds', search: 'dairy meal', page: 2 }).toString()).toBe(
      'category=feeds&search=dairy+meal&page=2',
    );
  });

  it('round-trips', () => {
    const f = { ...DEFAULT_FILTERS, weight: '1litre', promo: 'seasonal', sort: 'price-low' as const, page: 4 };
    expect(parseFilters(filtersToParams(f))).toEqual(f);
  });

  it('goes back to page 1 on any filter change, but not when the page changes', () => {
    const f = { ...DEFAULT_FILTERS, page: 3 };
    expect(changeFilters(f, { category: 'dewormers' }).page).toBe(1);
    expect(changeFilters(f, { sort: 'price-low' }).page).toBe(1);
    expect(changeFilters(f, { search: 'dcp' }).page).toBe(1);
    expect(changeFilters(f, { page: 4 }).page).toBe(4);
  });

  it('asks the server for one page of 20', () => {
    expect(productQuery({ ...DEFAULT_FILTERS, category: 'feeds', page: 2 })).toMatchObject({ category: 'feeds', page: 2, page_size: 20, sort: 'name' });
    // A search with no sort chosen leaves the order to the server: best match first.
    expect(productQuery({ ...DEFAULT_FILTERS, search: 'kuku' }).sort).toBeUndefined();
    expect(productQuery({ ...DEFAULT_FILTERS, search: 'kuku', sort: 'price-low' }).sort).toBe('price-low');
  });
});

describe('pagination', () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 9, [1, 2, 3, 4, 5]],
    [5, 9, [3, 4, 5, 6, 7]],
    [9, 9, [5, 6, 7, 8, 9]],
    [2, 9, [1, 2, 3, 4, 5]],
    [3, 0, []],
  ])('page %i of %i shows %j', (page, pages, expected) => {
    expect(pageWindow(page, pages)).toEqual(expected);
  });

  it('says which products are shown', () => {
    expect(showingText(1, 20, 48)).toBe('Showing 1-20 of 48 products');
    expect(showingText(3, 8, 48)).toBe('Showing 41-48 of 48 products');
    expect(showingText(1, 0, 0)).toBe('Showing 0 of 0 products');
    expect(showingText(2, 20, 1000, true)).toBe('Showing 21-40 of 1,000+ products');
  });
});
