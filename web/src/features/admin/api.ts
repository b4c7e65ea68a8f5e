// The back office's calls (docs/architecture.md section 2: /api/admin/...), all through the one API client.
import { request } from '../../lib/api';
import type { Order, OrderPayment, OrderStatus } from '../../lib/orders';
import type { Category, Image, Product, Variant } from '../../lib/types';

/** Every paginated admin list answers this envelope. */
export interface AdminPage<T> {
  count: number;
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
  unhandledMessages: number;
  subscribers: number;
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
}

/** An order as the back office reads it: the customer's view, its payments and its history. */
export interface OrderDetail extends Order {
  updated_at: string;
  payments: OrderPayment[];
  payment_method: string;
  history: { from: string; to: OrderStatus; note: string; actor: string; created_at: string }[];
  next_statuses: OrderStatus[];
  attention: string;
  user_id: number | null;
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
}

export interface ProductPayload {
  name: string;
  description: string;
  base_price: string;
  category: number | null;
  is_active: boolean;
  is_featured: boolean;
  is_best_seller: boolean;
  is_new_arrival: boolean;
  promo: '' | 'bulk' | 'seasonal';
}

export interface VariantPayload {
  size: string;
  sku: string;
  price: string;
  stock: string;
}

export interface DeleteProductAnswer {
  deleted: boolean;
  deactivated: boolean;
  message: string;
}

function qs(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined && v !== '') search.set(k, String(v));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}

export const adminApi = {
  me: () => request<Me>('GET', '/auth/me/'),
  stats: () => request<Stats>('GET', '/admin/stats/'),

  products: (p: { search?: string; status?: string; page?: number }) =>
    request<AdminPage<Product>>('GET', `/admin/products/${qs(p)}`),
  product: (id: number) => request<Product>('GET', `/admin/products/${id}/`),
  createProduct: (body: ProductPayload) => request<Product>('POST', '/admin/products/', body),
  updateProduct: (id: number, body: ProductPayload) => request<Product>('PUT', `/admin/products/${id}/`, body),
  deleteProduct: (id: number) => request<DeleteProductAnswer>('DELETE', `/admin/products/${id}/`),
  addVariant: (id: number, body: VariantPayload) => request<Variant>('POST', `/admin/products/${id}/variants/`, body),
  updateVariant: (id: number, variantId: number, body: VariantPayload) =>
    request<Variant>('PUT', `/admin/products/${id}/variants/${variantId}/`, body),
  deleteVariant: (id: number, variantId: number) =>
    request<void>('DELETE', `/admin/products/${id}/variants/${variantId}/`),
  uploadImage: (id: number, file: File) => {
    const form = new FormData();
    form.append('image', file);
    return request<Image>('POST', `/admin/products/${id}/images/`, form);
  },
  reorderImages: (id: number, ids: number[]) => request<Image[]>('PUT', `/admin/products/${id}/images/order/`, { ids }),
  deleteImage: (id: number, imageId: number) => request<void>('DELETE', `/admin/products/${id}/images/${imageId}/`),

  categories: () => request<AdminCategory[]>('GET', '/admin/categories/'),
  createCategory: (body: { name: string; parent: number | null }) =>
    request<AdminCategory>('POST', '/admin/categories/', body),
  updateCategory: (id: number, body: { name: string; parent: number | null }) =>
    request<AdminCategory>('PUT', `/admin/categories/${id}/`, body),
  deleteCategory: (id: number) => request<{ message: string }>('DELETE', `/admin/categories/${id}/`),

  orders: (p: { status?: string; search?: string; page?: number; attention?: string }) =>
    request<AdminPage<OrderSummary>>('GET', `/admin/orders/${qs(p)}`),
  order: (orderId: string) => request<OrderDetail>('GET', `/admin/orders/${encodeURIComponent(orderId)}/`),
  moveOrder: (orderId: string, status: OrderStatus, note: string) =>
    request<OrderDetail>('PATCH', `/admin/orders/${encodeURIComponent(orderId)}/`, { status, note }),

  users: (p: { search?: string; page?: number }) => request<AdminPage<AdminUser>>('GET', `/admin/users/${qs(p)}`),
  setRole: (id: number, role: 'customer' | 'admin') => request<AdminUser>('PATCH', `/admin/users/${id}/`, { role }),
  /** A customer's data as a JSON file, for a customer who asks by phone. */
  exportUser: (id: number) => request<Blob>('GET', `/admin/users/${id}/export/`, undefined, { as: 'blob' }),
  /** Erases a customer's account: orders kept, anonymised. */
  eraseUser: (id: number) => request<void>('DELETE', `/admin/users/${id}/`),

  messages: () => request<Message[]>('GET', '/admin/messages/'),
  setHandled: (id: number, handled: boolean) => request<Message>('PATCH', `/admin/messages/${id}/`, { handled }),

  subscribers: () => request<{ count: number; results: Subscriber[] }>('GET', '/admin/subscribers/'),
  subscribersCSV: () => request<Blob>('GET', '/admin/subscribers/?format=csv', undefined, { as: 'blob' }),

  audit: (p: { page?: number }) => request<AdminPage<AuditEntry>>('GET', `/admin/audit/${qs(p)}`),

  unmatchedPayments: () => request<{ count: number; results: UnmatchedPayment[] }>('GET', '/admin/payments/unmatched/'),
  assignPayment: (id: number, orderId: string) =>
    request<OrderDetail>('POST', `/admin/payments/unmatched/${id}/assign/`, { orderId }),
};

/** An M-Pesa payment that arrived for no known order, kept until an admin assigns it. */
export interface UnmatchedPayment {
  id: number;
  checkout_request_id: string;
  receipt: string;
  amount: string;
  phone: string;
  received_at: string;
}
