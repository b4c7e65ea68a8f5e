// Orders and their M-Pesa payments (docs/architecture.md sections 2 and 5), as the customer's pages,
// the checkout and the back office all read them.
import { request } from './api';
import { ENGLISH_STATUSES, ordersMessages } from './messages/orders';

/** Every status, in the order an order moves through them. */
export const ORDER_STATUSES = [
  'pending_payment',
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
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

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

export interface OrderItem {
  product_name: string;
  size: string;
  sku: string;
  quantity: number;
  unit_price: string;
  total_price: string;
}

export interface OrderPayment {
  method: string;
  /** The payment attempt's own state: pending, succeeded or failed. */
  status: string;
  phone: string;
  amount: string;
  result_code: number | null;
  result_desc: string;
  /** The M-Pesa receipt number once paid. */
  receipt: string;
  /** What happened, in a farmer's words (docs/payments.md section 6). */
  message: string;
  /** What to do next after a failure. */
  advice?: string;
  /** The name M-Pesa gives for a Paybill payment (method "paybill"). */
  payer_name?: string;
  created_at?: string;
}

/** How to pay an unpaid order from the customer's own M-Pesa menu (docs/payments.md section 10). */
export interface PayGuide {
  /** "paybill": business and account number; "till": Buy Goods with a till number. */
  kind: 'paybill' | 'till';
  business_number: string;
  account_number?: string;
  /** What is still due. */
  amount: string;
}

/** How the order reaches the farmer, as chosen and priced at checkout (a snapshot). */
export interface OrderDelivery {
  kind: 'delivery' | 'pickup';
  option: string;
  name: string;
  fee: string;
  eta: string;
  /** A pickup point's address and opening hours. */
  address?: string;
  hours?: string;
}

/** A status the order reached, and when. */
export interface OrderStep {
  status: OrderStatus;
  at: string;
}

/** Statuses of an order whose money came in (a refunded one's went back out again, in part or in full). */
const PAID_STATUSES = new Set<string>(
  ORDER_STATUSES.filter((s) => s !== 'pending_payment' && s !== 'payment_failed' && s !== 'cancelled'),
);

export function isPaid(status: string): boolean {
  return PAID_STATUSES.has(status);
}

/** An order as its customer reads it; money as "1500.00" strings. */
export interface Order {
  orderId: string;
  status: OrderStatus;
  created_at: string;
  items: OrderItem[];
  subtotal: string;
  /** What the coupon coupon_code took off the subtotal ("0.00" without one). */
  discount?: string;
  coupon_code?: string;
  shipping: string;
  total: string;
  customer: { name: string; firstName?: string; lastName?: string; email: string; phone: string };
  shipping_address: { address: string; city: string; county: string; postalCode: string };
  delivery?: OrderDelivery;
  /** The order's shipping weight in kg. */
  weight_kg?: number;
  /** Who carries a dispatched order, and its tracking or waybill number. */
  courier?: string;
  tracking_number?: string;
  /** When the order reached each status, oldest first. */
  timeline?: OrderStep[];
  payment: OrderPayment | null;
  /** What the order has received by STK and Paybill, and what is still due. */
  amount_paid?: string;
  balance_due?: string;
  /** Present while money is due: the Paybill (or till) road. */
  paybill?: PayGuide;
  can_retry_payment?: boolean;
  /** While it waits for its payment: when its stock goes back on sale. */
  stock_held_until?: string;
  /** Money the shop sent back, oldest first, and its sum. */
  refunds?: Refund[];
  amount_refunded?: string;
}

/** Money sent back to the farmer by M-Pesa for an order. */
export interface Refund {
  amount: string;
  reason: string;
  /** The M-Pesa reference of the money sent back. */
  reference: string;
  restocked?: boolean;
  created_at: string;
}

/** The answer to starting a payment: docs/product.md's shape plus the order's private token. */
export interface PaymentStarted {
  success: boolean;
  orderId: string;
  checkoutRequestId: string;
  message: string;
  orderToken?: string;
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
export function orderTimeline(order: Pick<Order, 'delivery' | 'timeline'>): TimelineStep[] {
  const road = ROADS[order.delivery?.kind ?? 'delivery'];
  const reachedAt = (status: OrderStatus) => (order.timeline ?? []).filter((s) => s.status === status).pop()?.at;
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

/** The name a receipt is saved under (the server's Content-Disposition says the same). */
export const receiptFilename = (orderId: string) => `receipt-${orderId}.pdf`;

/** The signed-in customer's orders, newest first. */
export async function listMyOrders(options?: { signal?: AbortSignal }): Promise<Order[]> {
  const orders = await request<Order[]>('GET', '/orders/', undefined, options);
  return Array.isArray(orders) ? orders : [];
}
