// Texts of the product page (features/product): the product, its reviews, the review form and
// its checks, and the related products.
import { messages } from '../../shared/i18n/i18n';

const en = {
  notFound: 'Product not found',
  notFoundText: 'This product is not in our shop, or is no longer for sale.',
  backToShop: 'Back to the shop',
  product: 'Product',
  failed: 'We could not load this product.',
  loading: 'Loading the product',
  breadcrumb: 'Breadcrumb',
  home: 'Home',
  shop: 'Shop',
  morePictures: 'More pictures',
  picture: (n: number) => `Picture ${n}`,
  forSize: (size: string) => `for ${size}`,
  sku: (sku: string) => `SKU: ${sku}`,
  delivery: 'Delivery to all 47 counties, or collect free from our Ruiru store. Pay with M-Pesa.',
  ask: 'Ask on WhatsApp',
  share: 'Share',
  reviews: 'Reviews',
  noReviews: 'No reviews yet.',
  related: 'Related products',
  relatedFailed: 'We could not load related products.',

  reviewForm: {
    title: 'Review this product',
    rating: 'Your rating',
    stars: (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`,
    comment: 'Your comment',
    commentHint: (max: string) => `Up to ${max} characters`,
    send: 'Send review',
    sending: 'Sending…',
  },
  // The server says the same in the same words (internal/review/review.go).
  review: {
    rating: 'Please choose a rating from 1 to 5 stars',
    comment: 'Your comment must be at most 1,000 characters',
    thanks: 'Thank you - your review will appear once approved',
    signIn: 'Sign in to review a product you bought from us.',
    failed: 'Your review could not be sent. Please try again.',
  },
};

export type ProductMessages = typeof en;
export const productMessages = () => messages('product', en);
