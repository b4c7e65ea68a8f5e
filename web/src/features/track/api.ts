// Tracking an order without an account: its number and the phone given at checkout.
import { request } from '../../lib/api';
import type { Order } from '../../lib/orders';

/** What tracking shows: the order's status, road, lines and totals; no email, no address. */
export type TrackedOrder = Pick<
  Order,
  'orderId' | 'status' | 'created_at' | 'items' | 'subtotal' | 'shipping' | 'total' | 'delivery' | 'courier' | 'tracking_number' | 'timeline'
> & { county: string };

export function trackOrder(orderId: string, phone: string): Promise<TrackedOrder> {
  return request('POST', '/orders/track/', { orderId, phone });
}
