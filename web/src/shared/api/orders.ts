// Orders and their M-Pesa payments (docs/architecture.md sections 2 and 5), as the customer's pages,
// the checkout and the back office all read them.
import { request } from './api';
import { ENGLISH_STATUSES, ordersMessages } from '../i18n/messages/orders';
import type { Order, OrderDelivery, OrderStatus, OrderStep } from './shapes';

/** Every status, in the order an order moves through them. */
export const ORDER_STATUSES = [
  'pending_payment',
  'awaiting_delivery_payment',
  'paid',
  'processing',
  'dispatched',
  'delivered',
  'ready_for_pickup',
  'collected',
  'partially_refunded',
  'refunded',
  'payment_failed',
  'cancelled',
] as const satisfies readonly OrderStatus[];

// The back office's words for the states: the admin stays English (docs/i18n.md). The
// customer's pages name them in the language shown (statusText).
const STATUS_LABELS: Record<OrderStatus, string> = ENGLISH_STATUSES;

/** A status in the back office's words; one the shop does not know yet is shown as the server named it. */
export function statusLabel(status: string): string {
  return STATUS_LABELS[status as OrderStatus] ?? status;
}

/** A status in the customer's language; one the shop does not know yet is shown as the server named it. */
export function statusText(status: string): string {
  return ordersMessages().statuses[status as OrderStatus] ?? status;
}

/** Statuses of an order whose money came in (a refunded one's went back out again, in part or in full). */
const PAID_STATUSES = new Set<string>(
  ORDER_STATUSES.filter((s) => s !== 'pending_payment' && s !== 'awaiting_delivery_payment' && s !== 'payment_failed' && s !== 'cancelled'),
);

export function isPaid(status: string): boolean {
  return PAID_STATUSES.has(status);
}

// ---- What an order costs ----

export interface CartLine {
  total_price: string;
}

/**
 * Subtotal, shipping and total in shillings (docs/product.md section 9: total = subtotal +
 * the chosen delivery's fee). Shipping is null until a delivery option is chosen; the total
 * is then the subtotal alone.
 */
export function orderTotals(items: readonly CartLine[], shipping: number | string | null = null, discount: number | string = 0) {
  // Sum in cents so that 0.1 + 0.2 stays exact.
  const cents = items.reduce((sum, it) => sum + Math.round(Number(it.total_price) * 100), 0);
  const fee = shipping === null ? null : Math.round(Number(shipping) * 100);
  const off = Math.round(Number(discount) * 100);
  return { subtotal: cents / 100, discount: off / 100, shipping: fee === null ? null : fee / 100, total: (cents - off + (fee ?? 0)) / 100 };
}

// ---- The road an order travels once paid ----

const ROADS: Record<OrderDelivery['kind'], OrderStatus[]> = {
  delivery: ['paid', 'processing', 'dispatched', 'delivered'],
  pickup: ['paid', 'processing', 'ready_for_pickup', 'collected'],
};

export interface TimelineStep {
  status: OrderStatus;
  label: string;
  /** When the order reached it; undefined while it has not. */
  at: string | undefined;
}

const REFUND_STATUSES: OrderStatus[] = ['partially_refunded', 'refunded'];

/**
 * A paid order's steps for its kind (delivery or pickup), each with the time it was reached; a
 * refund the order had comes after them, as a step reached.
 */
export function orderTimeline(order: { delivery: Pick<OrderDelivery, 'kind'>; timeline: readonly OrderStep[] }): TimelineStep[] {
  const road = ROADS[order.delivery.kind];
  const reachedAt = (status: OrderStatus) => order.timeline.filter((s) => s.status === status).pop()?.at;
  const steps = road.map((status) => ({ status, label: statusText(status), at: reachedAt(status) }));
  for (const status of REFUND_STATUSES) {
    const at = reachedAt(status);
    if (at !== undefined) steps.push({ status, label: statusText(status), at });
  }
  return steps;
}

// ---- The order's private token ----
// A guest can read an order only with the token the server gave when it was made. It is kept
// in this tab (sessionStorage) and in this browser (localStorage), so the confirmation page
// survives a reload and the link still works in a new tab. Storage may be refused (private
// browsing): then a signed-in owner still reads the order, a guest sees "not found".

const TOKEN_PREFIX = 'orderToken:';

export function saveOrderToken(orderId: string, token: string): void {
  for (const storage of storages()) {
    try {
      storage.setItem(TOKEN_PREFIX + orderId, token);
    } catch {
      // Full or refused: the other storage may still hold it.
    }
  }
}

export function loadOrderToken(orderId: string): string | null {
  for (const storage of storages()) {
    try {
      const token = storage.getItem(TOKEN_PREFIX + orderId);
      if (token) return token;
    } catch {
      // Refused: try the next one.
    }
  }
  return null;
}

function storages(): Storage[] {
  const out: Storage[] = [];
  try {
    out.push(window.sessionStorage);
  } catch {
    // Access itself can throw when storage is disabled.
  }
  try {
    out.push(window.localStorage);
  } catch {
    // As above.
  }
  return out;
}

/** The header that lets a guest read their own order. */
export function orderTokenHeaders(orderId: string): Record<string, string> {
  const token = loadOrderToken(orderId);
  return token ? { 'X-Order-Token': token } : {};
}

/** A paid order's receipt, a PDF, for its owner, its token's holder or an admin. */
export function fetchReceipt(orderId: string): Promise<Blob> {
  return request('GET', `/orders/${encodeURIComponent(orderId)}/receipt.pdf`, undefined, { as: 'blob', headers: orderTokenHeaders(orderId) });
}

/** A line of a past order that "Order again" left out of the cart, and why. */
export interface LeftOut {
  product_name: string;
  size: string;
  quantity: number;
  missing: number;
  reason: 'not_sold' | 'out_of_stock' | 'fewer';
}

/** The past order's delivery choice, which the checkout starts from. */
export interface LastDelivery {
  kind: string;
  option: string;
  county: string;
  address: string;
  city: string;
  postalCode: string;
}

const leftOutKey = 'shop.reorder.leftOut';
const deliveryKey = 'shop.reorder.delivery';

/** Puts the order's lines still sold into the cart; keeps what was left out
 *  (for the cart to say) and the delivery choice (for the checkout). */
export async function reorder(orderId: string): Promise<{ left_out: LeftOut[]; delivery: LastDelivery }> {
  const out: { left_out: LeftOut[]; delivery: LastDelivery } = await request(
    'POST',
    `/orders/${encodeURIComponent(orderId)}/reorder/`,
    {},
    { headers: orderTokenHeaders(orderId) },
  );
  try {
    sessionStorage.setItem(leftOutKey, JSON.stringify(out.left_out));
    sessionStorage.setItem(deliveryKey, JSON.stringify(out.delivery));
  } catch {
    // Private mode: the cart just will not list what was left out.
  }
  return out;
}

/** What the last "Order again" left out, once: reading it clears it. */
export function takeLeftOut(): LeftOut[] {
  try {
    const raw = sessionStorage.getItem(leftOutKey);
    return raw ? (JSON.parse(raw) as LeftOut[]) : [];
  } catch {
    return [];
  }
}

/** Forgets what "Order again" left out (the cart was shown it). */
export function clearLeftOut() {
  try {
    sessionStorage.removeItem(leftOutKey);
  } catch {
    // nothing kept
  }
}

/** Forgets the delivery choice of the last "Order again" (its order is placed). */
export function clearLastDelivery() {
  try {
    sessionStorage.removeItem(deliveryKey);
  } catch {
    // nothing kept
  }
}

/** The delivery choice of the last "Order again", for the checkout. */
export function lastDelivery(): LastDelivery | null {
  try {
    const raw = sessionStorage.getItem(deliveryKey);
    return raw ? (JSON.parse(raw) as LastDelivery) : null;
  } catch {
    return null;
  }
}

/** The name a receipt is saved under (the server's Content-Disposition says the same). */
export const receiptFilename = (orderId: string) => `receipt-${orderId}.pdf`;

/** The signed-in customer's orders, newest first. */
export async function listMyOrders(options?: { signal?: AbortSignal }): Promise<Order[]> {
  const orders = await request<Order[]>('GET', '/orders/', undefined, options);
  return Array.isArray(orders) ? orders : [];
}
