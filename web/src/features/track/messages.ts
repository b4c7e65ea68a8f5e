// /track: an order found by its number and the phone given at checkout.
import { messages } from '../../shared/i18n/i18n';

const en = {
  title: 'Track Your Order',
  intro: 'Enter the order number from your SMS or receipt and the phone number you gave when ordering.',
  form: 'Track an order',
  orderNumber: 'Order number',
  orderRequired: 'Enter your order number (ORDER-…)',
  phoneRequired: 'Enter the phone number you gave at checkout',
  failed: 'We could not reach the shop. Please check your connection and try again.',
  submit: 'Track order',
  looking: 'Looking…',
  yourOrder: 'Your order',
  /** Shown when a short link (/o/…) sent the visitor here after too many wrong codes from their connection. */
  busy: 'Too many tries. Please wait a few minutes, or call us with your order number.',
};

export type TrackMessages = typeof en;
export const trackMessages = () => messages('track', en);
