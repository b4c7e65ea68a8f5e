// Orders as the API returns them: for the tests of the order confirmation page and its polling,
// of the account page (listedOrder) and of the track page (trackedOrder).
import type { Order, OrderDelivery, OrderStatus, OrderStep } from '../lib/orders';

export function testOrder(status: OrderStatus, payment: Partial<NonNullable<Order['payment']>> = {}): Order {
  return {
    orderId: 'ORDER-1700000000000',
    status,
    created_at: '2026-01-01T00:00:00Z',
    items: [
      { product_name: 'High Yield Dairy Meal', size: '70 Kg', sku: 'MB-HYDM-70', quantity: 2, unit_price: '3950.00', total_price: '7900.00' },
    ],
    subtotal: '7900.00',
    shipping: '500.00',
    total: '8400.00',
    customer: { name: 'Wanjiku Kamau', email: 'w@example.com', phone: '254722111222' },
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
      ...payment,
    },
    can_retry_payment: status === 'payment_failed',
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

/** A customer's paid order as GET /api/orders/ lists it on the account page. */
export const listedOrder = {
  orderId: 'ORDER-1767225600000-a1',
  status: 'paid',
  created_at: '2026-03-02T10:00:00Z',
  items: [
    { product_name: 'Dairy Meal', size: '70 Kg', sku: 'DM-70', quantity: 2, unit_price: '3500.00', total_price: '7000.00' },
    { product_name: 'Albendazole 10%', size: '1 litre', sku: 'AL-1L', quantity: 1, unit_price: '1200.00', total_price: '1200.00' },
  ],
  subtotal: '8200.00',
  shipping: '500.00',
  total: '8700.00',
};

/** The road of listedOrder once it is paid and being prepared. */
export const listedTimeline = [
  { status: 'paid', at: '2026-03-02T10:01:00Z' },
  { status: 'processing', at: '2026-03-02T11:00:00Z' },
];

/** An order as POST /api/orders/track/ answers it: what a customer may see without signing in. */
export const trackedOrder = {
  orderId: 'ORDER-1795381559464',
  status: 'dispatched',
  created_at: '2026-11-20T07:00:00Z',
  items: [{ product_name: 'High Yield Dairy Meal', size: '70 Kg', sku: 'MB-HDM-70KG', quantity: 2, unit_price: '3950.00', total_price: '7900.00' }],
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
