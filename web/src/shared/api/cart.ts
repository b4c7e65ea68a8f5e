// The cart endpoints (docs/architecture.md section 2). A guest's cart is found by an httpOnly cookie the
// server sets; the shared client sends same-origin credentials, so nothing more is needed here.
import { request, type RequestOptions } from './api';
import type { CartItem } from './shapes';

export function getCart(options?: RequestOptions): Promise<CartItem[]> {
  return request('GET', '/cart/', undefined, options);
}

/** Adds a size to the cart; adding one already there raises its quantity. */
export function addCartItem(variant: number, quantity = 1): Promise<CartItem> {
  return request('POST', '/cart/items/', { variant, quantity });
}

/** Sets a line's quantity; at or below 0 the server removes the line and answers nothing. */
export function updateCartItem(id: number, quantity: number): Promise<CartItem | undefined> {
  return request('PATCH', `/cart/items/${id}/`, { quantity });
}

export function removeCartItem(id: number): Promise<void> {
  return request('DELETE', `/cart/items/${id}/`);
}
