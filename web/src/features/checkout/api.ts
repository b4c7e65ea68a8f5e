// The checkout's call: starting the M-Pesa payment.
import { request } from '../../lib/api';
import type { PaymentStarted } from '../../lib/orders';
import type { InitiatePayload } from './rules';

/**
 * POST /api/payments/mpesa/initiate/: the server makes the order from the stored cart and
 * sends the STK push. 201 when the push is on its way; a refused push fails with a 502.
 */
export function initiatePayment<Item>(payload: InitiatePayload<Item>): Promise<PaymentStarted> {
  return request('POST', '/payments/mpesa/initiate/', payload);
}
