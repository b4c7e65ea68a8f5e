// Tracking an order without an account: its number and the phone given at checkout.
import { request } from '../../lib/api';
import type { TrackedOrder } from '../../lib/shapes';

export function trackOrder(orderId: string, phone: string): Promise<TrackedOrder> {
  return request('POST', '/orders/track/', { orderId, phone });
}
