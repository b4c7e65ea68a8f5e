// The order page's calls: reading the order while M-Pesa answers, and asking again.
import { request, type RequestOptions } from '../../shared/api/api';
import { orderTokenHeaders } from '../../shared/api/orders';
import type { Order, PaymentStarted } from '../../shared/api/shapes';

export function getOrder(orderId: string, options: RequestOptions = {}): Promise<Order> {
  return request('GET', `/orders/${encodeURIComponent(orderId)}/`, undefined, {
    ...options,
    headers: { ...orderTokenHeaders(orderId), ...options.headers },
  });
}

/** Asks M-Pesa again for an unpaid order's money, from phone. */
export function retryPayment(orderId: string, phone: string): Promise<PaymentStarted> {
  return request('POST', `/orders/${encodeURIComponent(orderId)}/pay/`, { phone }, { headers: orderTokenHeaders(orderId) });
}
