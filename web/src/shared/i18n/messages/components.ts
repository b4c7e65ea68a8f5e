// Texts of the storefront's shared components (shared/ui/ and shared/ui/product/) and of the
// lib helpers behind them: badges, adding to the cart, and the messages WhatsApp links carry.
import { messages } from '../i18n';

const en = {
  loading: 'Loading…',
  tryAgain: 'Try again',
  continueShopping: 'Continue Shopping',

  carousel: {
    slide: (n: number, of: number) => `${n} of ${of}`,
    previous: (label: string) => `Previous ${label}`,
    next: (label: string) => `Next ${label}`,
    show: (label: string, n: number, of: number) => `Show ${label} ${n} of ${of}`,
    play: (label: string) => `Play ${label}`,
    pause: (label: string) => `Pause ${label}`,
  },
  copy: {
    copy: 'Copy',
    copied: 'Copied',
    failed: 'Could not copy: please write it down',
  },
  map: {
    open: 'Open in Maps',
    title: (name: string, address: string) => `Map: ${name}, ${address}`,
  },
  quantity: {
    label: 'Quantity',
    decrease: 'Decrease quantity',
    increase: 'Increase quantity',
  },
  rated: (rating: number) => `Rated ${rating} out of 5`,
  reviewCount: (n: number) => `${n} ${n === 1 ? 'review' : 'reviews'}`,

  badges: {
    label: 'Labels',
    newProduct: 'New Product',
    bestSeller: 'Best Seller',
    featured: 'Featured',
  },
  inStock: 'In Stock',
  outOfStock: 'Out of Stock',
  quickView: 'Quick View',
  close: 'Close',
  fullDetails: 'View full details',
  addToCart: 'Add to Cart',
  addedToCart: 'Added to Cart!',
  added: 'Added!',
  addFailed: 'Could not add to the cart. Please try again.',
  sizes: {
    none: 'This product has no sizes for sale yet.',
    legend: 'Package size',
    soldOut: 'Out of stock',
    left: (n: number) => `${n} in stock`,
    available: 'In stock',
  },

  whatsapp: {
    cartIntro: 'Hello Mifugo Bora Feeds, I would like to order:',
    cartTotal: (total: string) => `Total: ${total} (before delivery)`,
    productQuestion: (name: string, url: string) => `Hello Mifugo Bora Feeds, I have a question about ${name}: ${url}`,
    orderHelp: (orderId: string) => `Hello Mifugo Bora Feeds, I need help with my order ${orderId}.`,
  },
};

export type ComponentsMessages = typeof en;
export const componentsMessages = () => messages('components', en);
