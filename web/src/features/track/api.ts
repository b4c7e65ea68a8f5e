// Tracking an order without an account: its number and the phone given at checkout.
import { request } from '../../shared/api/api';
import type { TrackedOrder } from '../../shared/api/shapes';

export function trackOrder(orderId: string, phone: string): Promise<TrackedOrder> {
  return request('POST', '/orders/track/', { orderId, phone });
}
