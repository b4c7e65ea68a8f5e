// An order as every customer page shows it (the checkout, the order and track pages, My
// Account): the names of its statuses, the summary box, the road it travels and its receipt.
import { messages } from '../i18n';

const en = {
  // The server's words for the same states (internal/order/store.go) read the same way.
  statuses: {
    pending_payment: 'Waiting for payment',
    awaiting_delivery_payment: 'Pay on delivery',
    paid: 'Paid',
    processing: 'Processing',
    dispatched: 'Dispatched',
    delivered: 'Delivered',
    ready_for_pickup: 'Ready for pickup',
    collected: 'Collected',
    partially_refunded: 'Partly refunded',
    refunded: 'Refunded',
    payment_failed: 'Payment failed',
    cancelled: 'Cancelled',
  },

  summary: {
    subtotal: 'Subtotal',
    discount: 'Discount',
    discountWithCode: (code: string) => `Discount (${code})`,
    shipping: 'Shipping',
    chooseDelivery: 'Choose a delivery option',
    total: 'Total',
    totalBeforeDelivery: 'Total before delivery',
  },

  timeline: {
    progress: 'Order progress',
    notYet: '(not yet)',
    withCourier: (courier: string) => `With ${courier}`,
    trackingNumber: ', tracking number',
  },

  receipt: {
    download: 'Download receipt (PDF)',
    downloading: 'Preparing receipt…',
    failed: 'Could not download the receipt. Please try again.',
  },
  again: {
    button: 'Order again',
    busy: 'Adding to your cart…',
    failed: 'Could not add the order to your cart. Please try again.',
    leftOutTitle: 'Some items of your past order were left out',
    reasons: {
      not_sold: 'no longer sold',
      out_of_stock: 'out of stock',
      fewer: 'fewer in stock',
    } as Record<string, string>,
    missing: (n: number) => `${n} left out`,
  },
};

export type OrdersMessages = typeof en;
export const ordersMessages = () => messages('orders', en);
/** The statuses' English names, which the back office always shows (docs/i18n.md). */
export const ENGLISH_STATUSES: Readonly<typeof en.statuses> = en.statuses;
