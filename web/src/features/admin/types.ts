// The back office's shapes: what its calls (api.ts) send and answer.
import type { Order, OrderPayment, OrderStatus } from '../../lib/orders';
import type { Category, Product, Review, Variant } from '../../lib/types';

/** Every paginated admin list answers this envelope. */
export interface AdminPage<T> {
  count: number;
  /** A search's count stopped at 1,000 (or the end of this page): there are more. */
  count_capped?: boolean;
  page: number;
  page_size: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export interface Me {
  id: number;
  email: string;
  first_name: string;
  role: 'customer' | 'admin';
}

export interface OrderSummary {
  orderId: string;
  status: OrderStatus;
  created_at: string;
  customer_name: string;
  phone: string;
  email: string;
  county: string;
  total: string;
  item_count: number;
  payment_method: string;
  payment_status: string;
  receipt: string;
  attention: string;
}

export interface LowStockVariant extends Variant {
  product_name: string;
  is_active: boolean;
}

export interface Stats {
  totalProducts: number;
  totalOrders: number;
  totalUsers: number;
  totalRevenue: string;
  ordersByStatus: Record<OrderStatus, number>;
  awaitingDispatch: number;
  attentionOrders: number;
  /** Money that came in for no order yet (lost prompts and unmatched Paybill payments). */
  unmatchedPayments: number;
  /** Paybill confirmations the shop could not read, kept raw. */
  unreadablePayments: number;
  /** Text messages that could not be sent. */
  failedSms: number;
  unhandledMessages: number;
  subscribers: number;
  /** Buyers' reviews waiting for approval. */
  pendingReviews: number;
  lowStockThreshold: number;
  lowStock: LowStockVariant[];
  toDispatch: OrderSummary[];
  recentOrders: OrderSummary[];
  /** The backups (null when the server does not say): internal/backup Status. */
  backup: BackupStatus | null;
}

export interface BackupStatus {
  engine: 'sqlite' | 'postgres';
  scheduled: boolean;
  intervalSeconds: number;
  lastAt: string | null;
  warning: boolean;
  /** Unfinished snapshot folders of stopped backups that the last backup removed. */
  lastStaleRemoved: number;
}

/** A text message sent about an order, and what the SMS gateway said of it. */
export interface SmsMessage {
  id: number;
  kind: string;
  /** 254XXXXXXXXX */
  to: string;
  body: string;
  status: 'queued' | 'sending' | 'sent' | 'failed';
  attempts: number;
  status_code: number;
  status_text: string;
  created_at: string;
  sent_at: string | null;
}

/** An order as the back office reads it: the customer's view, its payments and its history. */
export interface OrderDetail extends Order {
  sms: SmsMessage[];
  updated_at: string;
  payments: OrderPayment[];
  payment_method: string;
  history: { from: string; to: OrderStatus; note: string; actor: string; created_at: string }[];
  next_statuses: OrderStatus[];
  attention: string;
  user_id: number | null;
}

export interface RefundPayload {
  amount: string;
  reason: string;
  reference: string;
  restock: boolean;
}

/** A report's range (YYYY-MM-DD, Nairobi days, both included) and grouping. */
export interface ReportQuery {
  from?: string;
  to?: string;
  group?: 'day' | 'week' | 'month';
}

export interface SalesReport {
  from: string;
  to: string;
  group: 'day' | 'week' | 'month';
  series: { period: string; revenue: string; orders: number }[];
  totals: { revenue: string; orders: number; refunded: string };
  average_order_value: string;
  by_county: { county: string; revenue: string; orders: number }[];
  payments: {
    stk: { prompts: number; paid: number; paid_amount: string; failed: number; pending: number };
    failures: { result_code: number | null; reason: string; count: number }[];
    paybill: { payments: number; amount: string; unmatched: number };
  } | null;
}

export interface ProductSales {
  product_id: number;
  name: string;
  revenue: string;
  quantity: number;
}

export interface ProductsReport {
  from: string;
  to: string;
  by_revenue: ProductSales[];
  by_quantity: ProductSales[];
}

export interface AdminUser {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  role: 'customer' | 'admin';
  date_joined: string;
}

export interface Message {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: string;
  handled_at: string | null;
}

export interface Subscriber {
  id: number;
  email: string;
  created_at: string;
}

export interface AuditEntry {
  id: number;
  actor_email: string;
  action: string;
  entity: string;
  entity_id: string;
  summary: string;
  created_at: string;
}

export interface AdminCategory extends Category {
  product_count: number;
  /** The name in Kiswahili, '' when none is written: the shop then shows the English (docs/i18n.md). */
  name_sw: string;
}

export interface CategoryPayload {
  name: string;
  parent: number | null;
  name_sw: string;
}

/** A product as the back office edits it: `name` and `description` in English, their Kiswahili beside them ('' when none). */
export interface AdminProduct extends Product {
  name_sw: string;
  description_sw: string;
}

export interface ProductPayload {
  name: string;
  description: string;
  name_sw: string;
  description_sw: string;
  base_price: string;
  category: number | null;
  is_active: boolean;
  is_featured: boolean;
  is_best_seller: boolean;
  is_new_arrival: boolean;
  promo: '' | 'bulk' | 'seasonal';
  vat_class: VatClassCode;
}

export type VatClassCode = 'standard' | 'zero' | 'exempt';

/** The classes a product may have, as the product editor offers them. */
export const VAT_CLASSES: { code: VatClassCode; label: string }[] = [
  { code: 'standard', label: 'Standard rate' },
  { code: 'zero', label: 'Zero-rated' },
  { code: 'exempt', label: 'Exempt' },
];

/** A VAT class and its rate now, a percentage with two decimals ("16.00"). */
export interface VatClass {
  code: VatClassCode;
  name: string;
  rate: string;
}

/** A coupon code as the back office sees it, with how many orders hold it now. */
export interface Coupon {
  id: number;
  code: string;
  kind: 'percent' | 'fixed';
  /** A whole percent ("10") or an amount ("200.00"). */
  value: string;
  min_subtotal: string;
  product_ids: number[];
  category_ids: number[];
  starts_at: string | null;
  ends_at: string | null;
  max_uses: number | null;
  max_uses_per_phone: number | null;
  active: boolean;
  uses: number;
}

export type CouponPayload = Omit<Coupon, 'id' | 'uses'>;

export interface VariantPayload {
  size: string;
  sku: string;
  price: string;
  stock: string;
  /** Left empty, a new size's weight is read from its name and an edited one keeps its own. */
  weight_kg: string;
}

/** A delivery zone: its counties and how it prices an order's weight. */
export interface Zone {
  id: number;
  name: string;
  counties: string[];
  base_fee: string;
  included_kg: number;
  per_kg_fee: string;
  eta: string;
  free_over: string | null;
}

export interface ZonePayload {
  name: string;
  counties: string[];
  base_fee: string;
  included_kg: string;
  per_kg_fee: string;
  eta: string;
  free_over: string;
}

/** A place farmers collect orders from. */
export interface PickupPoint {
  id: number;
  name: string;
  county: string;
  town: string;
  address: string;
  phone: string;
  hours: string;
  fee: string;
  eta: string;
  is_store: boolean;
  is_active: boolean;
}

export type PickupPayload = Omit<PickupPoint, 'id'>;

/** What dispatching an order records. */
export interface Dispatch {
  courier: string;
  tracking_number: string;
}

export interface DeleteProductAnswer {
  deleted: boolean;
  deactivated: boolean;
  message: string;
}


/** A payment made by Paybill (or Buy Goods) from the customer's own M-Pesa menu. */
export interface PaybillPayment {
  id: number;
  trans_id: string;
  amount: string;
  /** The account number as the customer typed it. */
  account: string;
  payer_name: string;
  /** Masked by M-Pesa. */
  msisdn: string;
  trans_time: string;
  received_at: string;
  source: string;
  order_id: string;
  /** The M-Pesa prompt's own payment, listed again by M-Pesa: counted once, as the prompt's. */
  prompt_payment: boolean;
}

/** A Paybill confirmation the shop could not read (its amount in no form M-Pesa uses), kept raw. */
export interface UnreadablePayment {
  id: number;
  trans_id: string;
  reason: string;
  body: string;
  received_at: string;
}

/**
 * An M-Pesa payment that arrived for no known order, kept until an admin assigns it: a lost
 * prompt's payment ("stk") or a Paybill payment whose account number matched no order.
 */
export interface UnmatchedPayment {
  kind: 'stk' | 'paybill';
  id: number;
  checkout_request_id?: string;
  receipt: string;
  amount: string;
  phone: string;
  payer_name?: string;
  account?: string;
  received_at: string;
}

/** A change of a size's stock (internal/catalog Movement). */
export interface StockMovement {
  id: number;
  variant: number;
  /** Signed: + in, - out. */
  quantity: number;
  stock_after: number;
  reason: 'sale' | 'order_returned' | 'received' | 'damaged' | 'count_correction' | 'import' | 'edit';
  /** An admin's email, or "system". */
  actor: string;
  order_id: number | null;
  note: string;
  created_at: string;
}

export type StockPayload =
  | { kind: 'received' | 'damaged'; quantity: string; note: string }
  | { kind: 'count_correction'; count: string; note: string };

export type ReviewStatus = 'pending' | 'approved' | 'rejected';

export interface AdminReview extends Review {
  status: ReviewStatus;
  product_name: string;
  product_slug: string;
}

/** One row of an import's preview: what the import does with it and why. */
export interface ImportRow {
  row: number;
  sku: string;
  product_slug: string;
  action: 'create' | 'update' | 'unchanged' | 'refused';
  reason: string;
}

export interface ImportResult {
  rows: ImportRow[];
  summary: Record<ImportRow['action'], number>;
  applied: boolean;
  /** Set when rows were refused and nothing was imported. */
  error?: string;
}
