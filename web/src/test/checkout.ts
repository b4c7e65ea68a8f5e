// Test fixtures of the checkout: the delivery options of Kiambu as the API lists them, a cart
// line, and the cart (shared/hooks/CartProvider) a test hands the page in place of the real one.
import { vi } from 'vitest';
import type { Cart } from '../shared/hooks/CartProvider';
import type { CartItem, DeliveryOption } from '../shared/api/shapes';

/** The shop's own store, a free pickup point. */
export const pickupStore: DeliveryOption = {
  id: 'pickup-1',
  kind: 'pickup',
  name: 'Mifugo Bora store, Ruiru',
  fee: '0.00',
  eta: 'Ready the next working day',
  address: 'Eastern Bypass, Ruiru',
  hours: 'Mon-Fri 8:00 AM-6:00 PM',
};

export const homeDelivery: DeliveryOption = { id: 'delivery-1', kind: 'delivery', name: 'Home delivery (Nairobi and Kiambu)', fee: '900.00', eta: 'Next day' };

/** Two bags of dairy meal. */
export const dairyMealLine: CartItem = {
  id: 1,
  variant: {
    id: 3,
    size: '70 Kg',
    sku: 'MB-HYDM-70',
    price: '3950.00',
    stock: 40,
    product: { id: 1, name: 'High Yield Dairy Meal', slug: 'high-yield-dairy-meal', images: [] },
  },
  quantity: 2,
  unit_price: '3950.00',
  total_price: '7900.00',
  added_at: '2026-01-01T00:00:00Z',
};

export function fakeCart(items: CartItem[], status: Cart['status'] = 'ready'): Cart {
  return {
    items,
    count: items.reduce((n, it) => n + it.quantity, 0),
    status,
    error: null,
    add: vi.fn(),
    update: vi.fn(),
    remove: vi.fn(),
    reload: vi.fn(() => Promise.resolve()),
  };
}
