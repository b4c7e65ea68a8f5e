// The signed-in customer's orders (GET /api/orders/, order JSON per DESIGN.md section 2).
import { request } from '../../lib/api';

export interface AccountOrderItem {
  product_name: string;
  size: string;
  sku: string;
  quantity: number;
  unit_price: string;
  total_price: string;
}

export interface AccountOrder {
  orderId: string;
  status: string;
  created_at: string;
  items: AccountOrderItem[];
  total: string;
}

/** The user's orders, newest first. */
export async function listMyOrders(options?: { signal?: AbortSignal }): Promise<AccountOrder[]> {
  const orders = await request<AccountOrder[]>('GET', '/orders/', undefined, options);
  return Array.isArray(orders) ? orders : [];
}

const STATUS_LABELS: Record<string, string> = {
  pending_payment: 'Awaiting payment',
  paid: 'Paid',
  processing: 'Processing',
  dispatched: 'Dispatched',
  delivered: 'Delivered',
  payment_failed: 'Payment failed',
  cancelled: 'Cancelled',
};

export function statusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status;
}

const dateFormat = new Intl.DateTimeFormat('en-KE', { day: 'numeric', month: 'short', year: 'numeric' });

export function orderDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateFormat.format(d);
}
