// The agent's calls: their page, an order for a farmer, and "Order again".
import { request } from '../../shared/api/api';
import type { AgentOrderPlaced, AgentOverview, DeliveryOption, PhoneOrderInput } from '../../shared/api/shapes';

/** GET /api/agent/: the signed-in agent's farmers, orders and commission. */
export function fetchAgentPage(signal?: AbortSignal): Promise<AgentOverview> {
  return request('GET', '/agent/', undefined, signal ? { signal } : undefined);
}

/** POST /api/agent/orders/: an order for a farmer; the M-Pesa prompt goes to the farmer's phone. */
export function placeFarmerOrder(body: PhoneOrderInput): Promise<AgentOrderPlaced> {
  return request('POST', '/agent/orders/', body);
}

/** A size and quantity the shop still sells, from "Order again". */
export interface AgainLine {
  variant: number;
  quantity: number;
}

/**
 * POST /api/orders/{orderId}/reorder/: "Order again" for whoever may see the order. It answers
 * the cart with the lines it put back at today's prices; the agent's form takes them from there.
 * Where the shop does not answer it (yet), the order's own sizes are used.
 */
export async function orderAgain(orderId: string, fallback: AgainLine[]): Promise<AgainLine[]> {
  try {
    const cart = await request<{ items?: { variant?: number | { id: number }; quantity: number }[] }>(
      'POST',
      `/orders/${encodeURIComponent(orderId)}/reorder/`,
      {},
    );
    const lines = (cart.items ?? [])
      .map((it) => ({ variant: typeof it.variant === 'object' ? it.variant.id : (it.variant ?? 0), quantity: it.quantity }))
      .filter((l) => l.variant > 0);
    return lines.length ? lines : fallback;
  } catch {
    return fallback;
  }
}

/** GET /api/delivery/options/?county=: the pickup points and home delivery of a county. */
export function fetchOptions(county: string): Promise<DeliveryOption[]> {
  return request('GET', `/delivery/options/?county=${encodeURIComponent(county)}`);
}
