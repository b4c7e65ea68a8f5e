// The catalogue endpoints: filtering, sorting and paging all run on the server.
import { request, type RequestOptions } from './api';
import type { Category, Paginated, Product, ProductCard, Suggestion } from './shapes';
import { useResource } from '../hooks/useResource';

export type ProductSort = 'name' | 'price-low' | 'price-high';

/** Filters of GET /api/products/. Empty values are left out of the query. */
export interface ProductQuery {
  category?: string;
  weight?: string;
  promo?: string;
  featured?: string;
  search?: string;
  sort?: ProductSort;
  page: number;
  page_size: number;
}

export function productQueryString(params: ProductQuery): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '') continue;
    search.set(key, String(value));
  }
  return search.toString();
}

/** One page of products and the number of matches. */
export function fetchProducts(params: ProductQuery, options?: RequestOptions): Promise<Paginated<ProductCard>> {
  return request('GET', `/products/?${productQueryString(params)}`, undefined, options);
}

export function fetchProduct(slug: string, options?: RequestOptions): Promise<Product> {
  return request('GET', `/products/${encodeURIComponent(slug)}/`, undefined, options);
}

export function fetchSuggestions(q: string, options?: RequestOptions): Promise<Suggestion[]> {
  return request('GET', `/search/suggest/?q=${encodeURIComponent(q)}`, undefined, options);
}

export function fetchCategories(options?: RequestOptions): Promise<Category[]> {
  return request('GET', '/categories/', undefined, options);
}

/** A page of products for a component, loaded (and cached briefly) by its query. */
export function useProducts(params: ProductQuery | null) {
  const key = params ? `products?${productQueryString(params)}` : null;
  return useResource(key, (signal) => fetchProducts(params as ProductQuery, { signal }));
}

export function useCategories() {
  return useResource('categories', (signal) => fetchCategories({ signal }));
}
