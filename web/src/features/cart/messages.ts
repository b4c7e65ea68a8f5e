// Texts of the cart page (features/cart): its lines, the summary beside them and the coupon field.
import { messages } from '../../shared/i18n/i18n';

const en = {
  title: 'Your Cart',
  failed: 'We could not load your cart.',
  loading: 'Loading your cart…',
  emptyTitle: 'Your Cart is Empty',
  emptyText: 'Add feeds, dewormers or supplements from the shop and they will wait for you here.',
  items: 'Items in your cart',
  summary: 'Order Summary',
  shippingPending: 'Chosen at checkout',
  checkout: 'Proceed to Checkout',
  whatsapp: 'Order on WhatsApp',
  whatsappHint: 'Rather talk? Send us this order as a message.',

  line: {
    size: (size: string) => `Size: ${size}`,
    sku: (sku: string) => `SKU: ${sku}`,
    remove: 'Remove',
    removeItem: (name: string, size: string) => `Remove ${name} (${size})`,
    quantityOf: (name: string, size: string) => `Quantity of ${name} (${size})`,
    decrease: (name: string) => `Decrease quantity of ${name}`,
    increase: (name: string) => `Increase quantity of ${name}`,
    quantity: 'Quantity',
    each: (price: string) => `${price} each`,
    changeFailed: 'Could not change the cart. Please try again.',
  },

  // The coupon field's own words; its refusals come from the server (docs/product.md section 8).
  coupon: {
    label: 'Have a coupon code?',
    apply: 'Apply',
    applying: 'Applying…',
    remove: 'Remove',
    applied: (code: string) => `Code ${code} applied`,
    failed: 'Could not apply the code. Please try again.',
    removeFailed: 'Could not remove the code. Please try again.',
  },
};

export type CartMessages = typeof en;
export const cartMessages = () => messages('cart', en);
