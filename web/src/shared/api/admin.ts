// The back office's calls (docs/architecture.md section 2: /api/admin/...), all through the one API
// client; their shapes are the API's (shared/api/shapes.ts).
import { request } from './api';
import type { AdminCategory, BulkAnswer, AdminOrderPage, AdminPage, AdminPaymentPage, AdminProduct, AdminProductPage, AdminReview, AdminUser, AdminUserPage, AgentInput, AgentOverview, AgentPayoutAnswer, AgentRecord, AgentSummary, AssignedOrder, AuditEntry, CategoryPayload, ChannelsReport, Coupon, CouponPayload, Courier, CourierPayload, DeleteProductAnswer, DeliveryOption, Dispatch, EtimsOverview, Image, ImportResult, KnownCustomer, LostPromptPayment, Me, Message, OrderDetail, OrderStatus, PaybillPayment, PhoneOrderInput, PickupPayload, PickupPoint, ProductPayload, ProductsReport, RefundApproval, RefundFloat, RefundPayload, ReportQuery, ReviewStatus, RiderAssignment, RiderSummary, Role, SalesReport, SmsReply, StatementReport, Stats, StockMovement, StockPayload, SubscriberList, UnreadablePayment, Variant, VariantPayload, VatClass, VatClassCode, Zone, ZonePayload } from './shapes';

/**
 * An M-Pesa payment that arrived for no known order, kept until an admin assigns it: a lost
 * prompt's payment ("stk") or a Paybill payment whose account number matched no order. The
 * back office's one list of both (unmatchedPayments).
 */
export type UnmatchedPayment = Pick<LostPromptPayment, 'id' | 'receipt' | 'amount' | 'phone' | 'received_at'> &
  Partial<Pick<LostPromptPayment, 'checkout_request_id'> & Pick<PaybillPayment, 'payer_name' | 'account'>> & { kind: 'stk' | 'paybill' };

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

  products: (p: { search?: string; status?: string; category?: string; stock?: string; sort?: string; page?: number | string }) =>
    request<AdminProductPage>('GET', `/admin/products/${qs(p)}`),
  product: (id: number) => request<AdminProduct>('GET', `/admin/products/${id}/`),
  createProduct: (body: ProductPayload) => request<AdminProduct>('POST', '/admin/products/', body),
  updateProduct: (id: number, body: ProductPayload) => request<AdminProduct>('PUT', `/admin/products/${id}/`, body),
  /** Puts a draft on sale; refused (409) while it has no size with a price. */
  publishProduct: (id: number) => request<AdminProduct>('POST', `/admin/products/${id}/publish/`),
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
  createCategory: (body: CategoryPayload) => request<AdminCategory>('POST', '/admin/categories/', body),
  updateCategory: (id: number, body: CategoryPayload) => request<AdminCategory>('PUT', `/admin/categories/${id}/`, body),
  deleteCategory: (id: number) => request<{ message: string }>('DELETE', `/admin/categories/${id}/`),

  /** The orders list; `query` is the list's own query string (its filters, sort and page). */
  orders: (query: string) => request<AdminOrderPage>('GET', `/admin/orders/${query ? `?${query}` : ''}`),
  /** Sends a paid or processing order out in one step (a pickup order: ready for pickup). */
  dispatchOrder: (orderId: string, courier: string, tracking: string) =>
    request<OrderDetail>('POST', `/admin/orders/${encodeURIComponent(orderId)}/dispatch/`, { courier, tracking }),
  /** The orders CSV of the list's query string (the list's filters). */
  exportOrders: (query: string) => request<Blob>('GET', `/admin/orders/export/${query ? `?${query}` : ''}`, undefined, { as: 'blob' }),
  couriers: () => request<Courier[]>('GET', '/admin/delivery/couriers/'),
  createCourier: (c: CourierPayload) => request<Courier>('POST', '/admin/delivery/couriers/', c),
  updateCourier: (id: number, c: CourierPayload) => request<Courier>('PUT', `/admin/delivery/couriers/${id}/`, c),
  deleteCourier: (id: number) => request<void>('DELETE', `/admin/delivery/couriers/${id}/`),
  order: (orderId: string) => request<OrderDetail>('GET', `/admin/orders/${encodeURIComponent(orderId)}/`),
  /** Places an order for a caller; the prompt (or the payment link) goes to their phone. */
  createOrder: (body: PhoneOrderInput) => request<OrderDetail>('POST', '/admin/orders/', body),
  /** What the shop knows of a caller's phone: name, last delivery, latest three orders. */
  lookupCustomer: (phone: string) => request<KnownCustomer>('GET', `/admin/customers/lookup/${qs({ phone })}`),
  /** "Send the prompt again" to the customer's phone. */
  promptOrder: (orderId: string) => request<OrderDetail>('POST', `/admin/orders/${encodeURIComponent(orderId)}/prompt/`),
  /** The ways an order can reach county (pickup points and home delivery). */
  deliveryOptions: (county: string) => request<DeliveryOption[]>('GET', `/delivery/options/${qs({ county })}`),
  moveOrder: (orderId: string, status: OrderStatus, note: string, dispatch?: Dispatch) =>
    request<OrderDetail>('PATCH', `/admin/orders/${encodeURIComponent(orderId)}/`, { status, note, ...dispatch }),

  /** The shop's agents with their commission figures and the owner's flags. */
  agents: () => request<AgentSummary[]>('GET', '/admin/agents/'),
  agent: (id: number) => request<AgentOverview>('GET', `/admin/agents/${id}/`),
  createAgent: (body: AgentInput) => request<AgentRecord>('POST', '/admin/agents/', body),
  updateAgent: (id: number, body: AgentInput) => request<AgentRecord>('PATCH', `/admin/agents/${id}/`, body),
  /** Pays what is payable now, once per period: by M-Pesa (B2C to the agent) or recorded as paid by hand. */
  payAgent: (id: number, body: { period?: string; method: 'mpesa' | 'manual'; reference?: string; note?: string }) =>
    request<AgentPayoutAnswer>('POST', `/admin/agents/${id}/payouts/`, body),

  coupons: () => request<Coupon[]>('GET', '/admin/coupons/'),
  saveCoupon: (id: number | null, body: CouponPayload) =>
    id === null ? request<Coupon>('POST', '/admin/coupons/', body) : request<Coupon>('PATCH', `/admin/coupons/${id}/`, body),
  deactivateCoupon: (id: number) => request<Coupon>('DELETE', `/admin/coupons/${id}/`),
  vatClasses: () => request<VatClass[]>('GET', '/admin/vat/'),
  etims: () => request<EtimsOverview>('GET', '/admin/etims/'),
  retryEtims: () => request<{ retried: number }>('POST', '/admin/etims/retry/'),
  setVatRate: (code: VatClassCode, rate: string) => request<VatClass>('PATCH', `/admin/vat/${code}/`, { rate }),
  /** The order refunded, or the refund waiting for an owner's approval (a manager's above the line). */
  refund: (orderId: string, body: RefundPayload) =>
    request<OrderDetail | { approval: RefundApproval }>('POST', `/admin/orders/${encodeURIComponent(orderId)}/refunds/`, body),
  refundsWaiting: () => request<{ results: RefundApproval[] }>('GET', '/admin/refunds/'),
  approveRefund: (id: number) => request<OrderDetail>('POST', `/admin/refunds/${id}/approve/`),
  declineRefund: (id: number) => request<RefundApproval>('POST', `/admin/refunds/${id}/decline/`),
  refundFloat: () => request<RefundFloat>('GET', '/admin/payments/float/'),
  /** Checks (dryRun: only previews) the M-Pesa org portal's statement export against the books. */
  uploadStatement: (file: Blob, dryRun: boolean) =>
    request<StatementReport>('POST', `/admin/payments/statement/${dryRun ? '?dry_run=1' : ''}`, file, { headers: { 'Content-Type': 'text/csv' } }),

  salesReport: (q: ReportQuery) => request<SalesReport>('GET', `/admin/reports/sales/${qs({ ...q })}`),
  productsReport: (q: ReportQuery) => request<ProductsReport>('GET', `/admin/reports/products/${qs({ from: q.from, to: q.to })}`),
  channelsReport: (q: ReportQuery) => request<ChannelsReport>('GET', `/admin/reports/channels/${qs({ from: q.from, to: q.to })}`),
  /** A report as a CSV file: the same figures, for a spreadsheet. */
  reportCSV: (report: 'sales' | 'products', q: ReportQuery) =>
    request<Blob>('GET', `/admin/reports/${report}/${qs({ ...q, format: 'csv' })}`, undefined, { as: 'blob' }),

  zones: () => request<Zone[]>('GET', '/admin/delivery/zones/'),
  /** Every rider with their day's figures (today without a date): also the list to give deliveries to. */
  riders: (date?: string) => request<{ date: string; riders: RiderSummary[] }>('GET', `/admin/riders/summary/${qs({ date })}`),
  orderRider: (orderId: string) => request<RiderAssignment | null>('GET', `/admin/orders/${encodeURIComponent(orderId)}/rider/`),
  assignRider: (orderId: string, riderId: number) =>
    request<RiderAssignment>('PUT', `/admin/orders/${encodeURIComponent(orderId)}/rider/`, { rider_id: riderId }),
  saveZone: (id: number | null, body: ZonePayload) =>
    id === null ? request<Zone>('POST', '/admin/delivery/zones/', body) : request<Zone>('PUT', `/admin/delivery/zones/${id}/`, body),
  deleteZone: (id: number) => request<void>('DELETE', `/admin/delivery/zones/${id}/`),
  pickupPoints: () => request<PickupPoint[]>('GET', '/admin/delivery/pickup-points/'),
  savePickupPoint: (id: number | null, body: PickupPayload) =>
    id === null
      ? request<PickupPoint>('POST', '/admin/delivery/pickup-points/', body)
      : request<PickupPoint>('PUT', `/admin/delivery/pickup-points/${id}/`, body),

  users: (query: string) => request<AdminUserPage>('GET', `/admin/users/${query ? `?${query}` : ''}`),
  payments: (query: string) => request<AdminPaymentPage>('GET', `/admin/payments/all/${query ? `?${query}` : ''}`),
  setRole: (id: number, role: Role) => request<AdminUser>('PATCH', `/admin/users/${id}/`, { role }),
  /** A customer's data as a JSON file, for a customer who asks by phone. */
  exportUser: (id: number) => request<Blob>('GET', `/admin/users/${id}/export/`, undefined, { as: 'blob' }),
  /** Erases a customer's account: orders kept, anonymised. */
  eraseUser: (id: number) => request<void>('DELETE', `/admin/users/${id}/`),
  resetUserMfa: (id: number) => request<void>('DELETE', `/admin/users/${id}/mfa/`),
  endUserSessions: (id: number) => request<void>('DELETE', `/admin/users/${id}/sessions/`),

  messages: () => request<Message[]>('GET', '/admin/messages/'),
  setHandled: (id: number, handled: boolean) => request<Message>('PATCH', `/admin/messages/${id}/`, { handled }),
  /** The texts farmers sent: those kept for staff, or all of them. */
  smsReplies: (all = false) => request<SmsReply[]>('GET', `/admin/sms/replies/${all ? '?all=1' : ''}`),

  subscribers: () => request<SubscriberList>('GET', '/admin/subscribers/'),
  subscribersCSV: () => request<Blob>('GET', '/admin/subscribers/?format=csv', undefined, { as: 'blob' }),

  audit: (p: { page?: number }) => request<AdminPage<AuditEntry>>('GET', `/admin/audit/${qs(p)}`),

  stockHistory: (productId: number, variantId: number, page = 1) =>
    request<AdminPage<StockMovement>>('GET', `/admin/products/${productId}/variants/${variantId}/stock/${qs({ page })}`),
  adjustStock: (productId: number, variantId: number, body: StockPayload) =>
    request<StockMovement>('POST', `/admin/products/${productId}/variants/${variantId}/stock/`, body),

  reviews: (p: { status?: ReviewStatus | ''; page?: number }) => request<AdminPage<AdminReview>>('GET', `/admin/reviews/${qs(p)}`),
  setReviewStatus: (id: number, status: 'approved' | 'rejected') => request<AdminReview>('PATCH', `/admin/reviews/${id}/`, { status }),

  /** Every size of every product as a CSV file. */
  /** Every product's sizes as CSV, or with ids the selected products' only. */
  exportProducts: (ids?: number[]) =>
    request<Blob>('GET', `/admin/products/export/${ids ? `?ids=${ids.join(',')}` : ''}`, undefined, { as: 'blob' }),
  bulkProducts: (action: 'publish' | 'hide', ids: number[]) => request<BulkAnswer>('POST', '/admin/products/bulk/', { action, ids }),
  exportUsers: (ids: number[]) => request<Blob>('GET', `/admin/users/export/?ids=${ids.join(',')}`, undefined, { as: 'blob' }),
  /** The payments list's rows by their keys: mpesa-12, paybill-34. */
  exportPayments: (keys: string[]) => request<Blob>('GET', `/admin/payments/export/?ids=${keys.join(',')}`, undefined, { as: 'blob' }),
  /** Previews (dryRun) or imports a CSV in the export's format. */
  importProducts: (file: Blob, dryRun: boolean) =>
    request<ImportResult>('POST', `/admin/products/import/${dryRun ? '?dry_run=1' : ''}`, file, { headers: { 'Content-Type': 'text/csv' } }),

  resendSms: (orderId: string, id: number) =>
    request<OrderDetail>('POST', `/admin/orders/${encodeURIComponent(orderId)}/sms/${id}/resend/`),
  resendMail: (orderId: string, id: number) =>
    request<OrderDetail>('POST', `/admin/orders/${encodeURIComponent(orderId)}/mail/${id}/resend/`),

  /** Paybill confirmations the shop could not read, newest first. */
  unreadablePayments: () => request<{ results: UnreadablePayment[] }>('GET', '/admin/payments/unreadable/').then((r) => r.results),

  /** Money that reached the shop for no order yet: lost prompts' payments and Paybill payments. */
  unmatchedPayments: async (): Promise<UnmatchedPayment[]> => {
    const [stk, paybill] = await Promise.all([
      request<{ results: LostPromptPayment[] }>('GET', '/admin/payments/unmatched/'),
      request<{ results: PaybillPayment[] }>('GET', '/admin/payments/?matched=false'),
    ]);
    return [
      ...stk.results.map((p) => ({ ...p, kind: 'stk' as const })),
      ...paybill.results.map((p) => ({
        kind: 'paybill' as const,
        id: p.id,
        receipt: p.trans_id,
        amount: p.amount,
        phone: p.msisdn,
        payer_name: p.payer_name,
        account: p.account,
        received_at: p.received_at,
      })),
    ];
  },
  assignPayment: (p: Pick<UnmatchedPayment, 'kind' | 'id'>, orderId: string) =>
    request<AssignedOrder>(
      'POST',
      p.kind === 'paybill' ? `/admin/payments/${p.id}/assign/` : `/admin/payments/unmatched/${p.id}/assign/`,
      { orderId },
    ),
};
