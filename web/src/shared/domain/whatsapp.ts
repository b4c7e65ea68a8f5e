// The texts of the WhatsApp links: an order written out for a farmer who would rather send it as
// a message, a question about a product, and help with an order (docs/product.md).
import { componentsMessages } from '../i18n/messages/components';
import { formatKsh } from './money';
import { orderTotals } from '../api/orders';
import type { CartItem } from '../api/shapes';

/** The cart as a message: each line with its size, quantity and price, and the total. */
export function cartMessage(items: readonly CartItem[]): string {
  const lines = items.map((it) => `- ${it.quantity} × ${it.variant.product.name} (${it.variant.size}): ${formatKsh(it.total_price)}`);
  const { subtotal } = orderTotals(items);
  const m = componentsMessages().whatsapp;
  return [m.cartIntro, ...lines, m.cartTotal(formatKsh(subtotal))].join('\n');
}

/** A question about a product, with its page. */
export function productQuestion(name: string, url: string): string {
  return componentsMessages().whatsapp.productQuestion(name, url);
}

/** Help with an order, naming it. */
export function orderHelp(orderId: string): string {
  return componentsMessages().whatsapp.orderHelp(orderId);
}
