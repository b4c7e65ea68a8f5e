import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../test/utils';
import { fetchCategories, fetchProduct, fetchProducts } from './catalog';

const fetchMock = stubFetch();


function call(n = 0): { url: string; init: RequestInit } {
  const args = fetchMock.mock.calls[n];
  if (!args) throw new Error(`fetch was not called ${n + 1} time(s)`);
  const [url, init = {}] = args;
  return { url: String(url), init };
}

describe('catalogue', () => {
  it('asks for one page without empty filters', async () => {
    fetchMock.mockResolvedValue(json(200, { count: 0, next: null, previous: null, results: [] }));

    await expect(fetchProducts({ page: 1, page_size: 20 })).resolves.toMatchObject({ count: 0, results: [] });
    expect(call().url).toBe('/api/products/?page=1&page_size=20');
  });

  it('sends the filters as query parameters and leaves out empty ones', async () => {
    const page = { count: 41, next: '/api/products/?page=3', previous: '/api/products/?page=1', results: [] };
    fetchMock.mockResolvedValue(json(200, page));

    const text = {
      category: 'dewormers',
      weight: '120ml',
      promo: 'bulk',
      featured: 'new-arrivals',
      search: 'albendazole 10%',
      sort: 'price-low',
    } as const;
    const result = await fetchProducts({ ...text, page: 2, page_size: 20 });

    expect(result.count).toBe(41);
    const url = new URL(call().url, 'http://shop.test');
    expect(url.pathname).toBe('/api/products/');
    // The text filters go as they are; the numbers as their digits.
    expect(Object.fromEntries(url.searchParams)).toEqual({ ...text, page: '2', page_size: '20' });

    fetchMock.mockResolvedValue(json(200, page));
    await fetchProducts({ category: '', search: undefined, sort: 'name', page: 1, page_size: 20 });
    expect(call(1).url).toBe('/api/products/?sort=name&page=1&page_size=20');
  });

  it('gets one product by slug, escaped', async () => {
    fetchMock.mockResolvedValue(json(200, { id: 1 }));
    await fetchProduct('dairy-meal');
    fetchMock.mockResolvedValue(json(200, { id: 1 }));
    await fetchProduct('dairy meal/20kg');

    expect(call(0).url).toBe('/api/products/dairy-meal/');
    expect(call(1).url).toBe('/api/products/dairy%20meal%2F20kg/');
  });

  it('lists categories', async () => {
    const categories = [{ id: 1, name: 'Feeds', slug: 'feeds', parent: null }];
    fetchMock.mockResolvedValue(json(200, categories));

    await expect(fetchCategories()).resolves.toEqual(categories);
    expect(call().url).toBe('/api/categories/');
    expect(call().init.method).toBe('GET');
  });
});
