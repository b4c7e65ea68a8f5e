// The checkout's calls: starting the M-Pesa payment, and the signed-in customer's details.
import { request, type RequestOptions } from '../../lib/api';
import { getAuthToken } from '../../lib/authToken';
import type { PaymentStarted } from '../order/api';
import type { InitiatePayload } from './rules';

/**
 * POST /api/payments/mpesa/initiate/: the server makes the order from the stored cart and
 * sends the STK push. 201 when the push is on its way; a refused push fails with a 502.
 */
export function initiatePayment<Item>(payload: InitiatePayload<Item>): Promise<PaymentStarted> {
  return request('POST', '/payments/mpesa/initiate/', payload);
}

export interface Customer {
  email: string;
  first_name: string;
  last_name: string;
  phone?: string;
}

/** The signed-in customer, or null for a guest (no token, or the server does not know it). */
export async function getSignedInCustomer(options?: RequestOptions): Promise<Customer | null> {
  if (!getAuthToken()) return null;
  try {
    return await request<Customer>('GET', '/auth/me/', undefined, options);
  } catch {
    // 401/404 or no connection: the form simply starts empty.
    return null;
  }
}
