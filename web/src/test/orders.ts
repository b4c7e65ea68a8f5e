// Orders as the API returns them: for the tests of the order confirmation page and its polling,
// of the account page (listedOrder) and of the track page (trackedOrder).
import type { Order, OrderDelivery, OrderItem, OrderStatus, OrderStep, TrackedOrder } from '../shared/api/shapes';

export function testOrder(status: OrderStatus, payment: Partial<NonNullable<Order['payment']>> = {}): Order {
  return {
    orderId: 'ORDER-1700000000000',
    account_number: '7K3QX9P',
    status,
    pay_on_delivery: false,
    created_at: '2026-01-01T00:00:00Z',
    items: [
      {
        id: 1,
        product_name: 'High Yield Dairy Meal',
        size: '70 Kg',
        sku: 'MB-HYDM-70',
        quantity: 2,
        unit_price: '3950.00',
        total_price: '7900.00',
        discount: '0.00',
        vat_class: 'B',
        vat: '1089.66',
        refunded_quantity: 0,
      },
    ],
    subtotal: '7900.00',
    discount: '0.00',
    coupon_code: '',
    shipping: '500.00',
    total: '8400.00',
    customer: { name: 'Wanjiku Kamau', firstName: 'Wanjiku', lastName: 'Kamau', email: 'w@example.com', phone: '254722111222' },
    shipping_address: { address: 'Kamiti Road', city: 'Ruiru', county: 'Kiambu', postalCode: '00232' },
    delivery: { kind: 'delivery', option: 'delivery-1', name: 'Home delivery (Nairobi and Kiambu)', fee: '500.00', eta: 'Next day' },
    weight_kg: 140,
    courier: '',
    tracking_number: '',
    timeline: [{ status: 'pending_payment', at: '2026-01-01T00:00:00Z' }],
    payment: {
      method: 'mpesa',
      status: 'pending',
      phone: '254700000001',
      amount: '8400.00',
      result_code: null,
      result_desc: '',
      receipt: '',
      message: '',
      created_at: '2026-01-01T00:00:00Z',
      ...payment,
    },
    amount_paid: '0.00',
    balance_due: '8400.00',
    refunds: [],
    kra_pin: '',
    etims: { status: 'off', invoice_no: null, cu_invoice_no: '', signed_at: null, verify_url: '', scu_id: '', internal_data: '', receipt_signature: '' },
    amount_refunded: '0.00',
    can_retry_payment: status === 'payment_failed',
    lang: 'en',
    channel: 'web',
    placed_by: null,
  };
}

/** The road of a testOrder paid on 2 March 2026 and being prepared since. */
export const preparedTimeline: OrderStep[] = [
  { status: 'paid', at: '2026-03-02T07:01:00Z' },
  { status: 'processing', at: '2026-03-02T09:00:00Z' },
];

/** An unpaid order with the Paybill road open for what is still due. */
export function withGuide(o: Order, due = o.total, paid = '0.00'): Order {
  return {
    ...o,
    amount_paid: paid,
    balance_due: due,
    paybill: { kind: 'paybill', business_number: '174379', account_number: o.orderId, amount: due },
  };
}

/** The delivery of an order collected from the shop's own store. */
export const pickupDelivery: OrderDelivery = {
  kind: 'pickup',
  option: 'pickup-1',
  name: 'Mifugo Bora store, Ruiru',
  fee: '0.00',
  eta: 'Ready the next working day',
  address: 'Eastern Bypass, Ruiru',
  hours: 'Mon-Fri 8:00 AM-6:00 PM',
};

let nextLine = 100;

/** A line of an order at the standard rate, without a discount. */
function line(product_name: string, size: string, sku: string, quantity: number, unit_price: string): OrderItem {
  const total = Number(unit_price) * quantity;
  const vat = Math.round((total * 16 * 100) / 116) / 100;
  return { id: nextLine++, product_name, size, sku, quantity, unit_price, total_price: total.toFixed(2), discount: '0.00', vat_class: 'B', vat: vat.toFixed(2), refunded_quantity: 0 };
}

/** A customer's paid order as GET /api/orders/ lists it on the account page. */
export const listedOrder: Order = {
  ...testOrder('paid', { status: 'succeeded', receipt: 'SBL4XK29QZ', amount: '8700.00' }),
  orderId: 'ORDER-1767225600000-a1',
  created_at: '2026-03-02T10:00:00Z',
  items: [line('Dairy Meal', '70 Kg', 'DM-70', 2, '3500.00'), line('Albendazole 10%', '1 litre', 'AL-1L', 1, '1200.00')],
  subtotal: '8200.00',
  shipping: '500.00',
  total: '8700.00',
  amount_paid: '8700.00',
  balance_due: '0.00',
  timeline: [{ status: 'pending_payment', at: '2026-03-02T10:00:00Z' }],
};

/** The road of listedOrder once it is paid and being prepared. */
export const listedTimeline: OrderStep[] = [
  { status: 'paid', at: '2026-03-02T10:01:00Z' },
  { status: 'processing', at: '2026-03-02T11:00:00Z' },
];

/** An order as POST /api/orders/track/ answers it: what a customer may see without signing in. */
export const trackedOrder: TrackedOrder = {
  orderId: 'ORDER-1795381559464',
  status: 'dispatched',
  created_at: '2026-11-20T07:00:00Z',
  items: [line('High Yield Dairy Meal', '70 Kg', 'MB-HDM-70KG', 2, '3950.00')],
  subtotal: '7900.00',
  shipping: '300.00',
  total: '8200.00',
  county: 'Kiambu',
  delivery: { kind: 'delivery', option: 'delivery-1', name: 'Home delivery (Nairobi and Kiambu)', fee: '300.00', eta: 'Next day' },
  courier: 'G4S',
  tracking_number: 'G4S-KBC-20931',
  timeline: [
    { status: 'pending_payment', at: '2026-11-20T07:00:00Z' },
    { status: 'paid', at: '2026-11-20T07:01:00Z' },
    { status: 'dispatched', at: '2026-11-21T06:30:00Z' },
  ],
};
