// The checkout's calls: the delivery options for the cart, and starting the M-Pesa payment.
import { request } from '../../shared/api/api';
import type { DeliveryOption, PaymentStarted } from '../../shared/api/shapes';
import type { InitiatePayload } from './rules';

/**
 * POST /api/payments/mpesa/initiate/: the server makes the order from the stored cart and
 * sends the STK push. 201 when the push is on its way; a refused push fails with a 502.
 */
export function initiatePayment<Item>(payload: InitiatePayload<Item>): Promise<PaymentStarted> {
  return request('POST', '/payments/mpesa/initiate/', payload);
}

/** GET /api/delivery/options/?county=: the ways the stored cart can reach county, cheapest first. */
export function fetchDeliveryOptions(county: string, signal?: AbortSignal): Promise<DeliveryOption[]> {
  return request('GET', `/delivery/options/?county=${encodeURIComponent(county)}`, undefined, signal ? { signal } : undefined);
}
