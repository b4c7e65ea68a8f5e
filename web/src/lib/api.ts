// The one client for the shop's JSON API (DESIGN.md house rule 9): components never call
// fetch themselves. Every call goes to /api on the same origin, sends and accepts JSON,
// carries the bearer token when one is stored, and fails with an ApiError.

import { getAuthToken } from './authToken';
import type { ApiErrorBody, Category, Paginated, Product } from './types';

const BASE = '/api';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A failed call. `status` is the HTTP status, or 0 when the server could not be reached. */
export class ApiError extends Error {
  readonly status: number;
  readonly fields?: Record<string, string>;

  constructor(status: number, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    if (fields) this.fields = fields;
  }
}

export const NETWORK_ERROR_MESSAGE =
  'Could not reach the shop. Please check your internet connection and try again.';

export interface RequestOptions {
  /** Cancels the call, e.g. a react-router loader's request.signal. */
  signal?: AbortSignal;
  /** Extra request headers, e.g. an order's X-Order-Token. */
  headers?: Record<string, string>;
  /** 'blob': resolve with the body as a Blob (a file to download) instead of reading JSON. */
  as?: 'json' | 'blob';
}

export async function request<T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  // A FormData body (a file upload) goes as multipart; the browser sets its Content-Type.
  const form = typeof FormData !== 'undefined' && body instanceof FormData;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (!form) headers['Content-Type'] = 'application/json';
  const token = getAuthToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  Object.assign(headers, options.headers);

  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (body !== undefined) init.body = form ? (body as FormData) : JSON.stringify(body);
  if (options.signal) init.signal = options.signal;

  let response: Response;
  try {
    response = await fetch(`${BASE}${path}`, init);
  } catch (err) {
    // A cancelled call is the caller's decision, not a failure to report.
    if (options.signal?.aborted) throw err;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }

  if (!response.ok) throw await errorFrom(response);
  if (response.status === 204) return undefined as T;
  if (options.as === 'blob') return (await response.blob()) as T;
  try {
    return (await response.json()) as T;
  } catch {
    throw new ApiError(response.status, 'The shop sent an answer that could not be read.');
  }
}

async function errorFrom(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (isErrorBody(body)) return new ApiError(response.status, body.error, body.fields);
  return new ApiError(response.status, `API Error: ${response.status}`);
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const { error, fields } = value as Record<string, unknown>;
  if (typeof error !== 'string' || error === '') return false;
  if (fields === undefined) return true;
  return (
    typeof fields === 'object' &&
    fields !== null &&
    Object.values(fields).every((message) => typeof message === 'string')
  );
}

// ---- Catalogue ----

export type ProductSort = 'name' | 'price-low' | 'price-high';

/** Filters of GET /api/products/ (SPEC.md section 2, Shop). Empty values are left out. */
export interface ProductQuery {
  category?: string;
  weight?: string;
  promo?: string;
  featured?: string;
  search?: string;
  sort?: ProductSort;
  page?: number;
  page_size?: number;
  min_price?: number | string;
  max_price?: number | string;
}

/** With `page` the server answers one page; without it, the whole list. */
export function listProducts(
  params: ProductQuery & { page: number },
  options?: RequestOptions,
): Promise<Paginated<Product>>;
export function listProducts(
  params?: ProductQuery & { page?: undefined },
  options?: RequestOptions,
): Promise<Product[]>;
export function listProducts(
  params: ProductQuery = {},
  options?: RequestOptions,
): Promise<Paginated<Product> | Product[]> {
  return request('GET', `/products/${queryString(params)}`, undefined, options);
}

export function getProduct(idOrSlug: number | string, options?: RequestOptions): Promise<Product> {
  return request('GET', `/products/${encodeURIComponent(String(idOrSlug))}/`, undefined, options);
}

export function listCategories(options?: RequestOptions): Promise<Category[]> {
  return request('GET', '/categories/', undefined, options);
}

function queryString(params: ProductQuery): string {
  const search = new URLSearchParams();
  const entries = Object.entries(params) as [keyof ProductQuery, ProductQuery[keyof ProductQuery]][];
  for (const [key, value] of entries) {
    if (value === undefined || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
