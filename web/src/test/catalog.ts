// Test fixtures of the catalogue and the cart, as the shop API answers them.
import type { CartItem, Category, Paginated, Product, ProductCard, ProductSummary, Review, Variant } from '../shared/api/shapes';

export const categories: Category[] = [
  { id: 1, name: 'Poultry Feeds', slug: 'poultry-feeds', parent: null },
  { id: 2, name: 'Layers Rations', slug: 'layers-rations', parent: 1 },
];

export function variant(id: number, size: string, price: string, stock = 20): Variant {
  return { id, product: 1, size, sku: `MB-LM-${id}`, price, stock, weight_kg: Number.parseFloat(size) || 0 };
}

const layersMash: ProductSummary = {
  id: 1,
  name: 'Layers Mash Premium',
  slug: 'layers-mash-premium',
  description: 'Complete ration for laying hens from 18 weeks.',
  base_price: '1450.00',
  category: 2,
  occasion_tags: [],
  is_active: true,
  is_featured: true,
  is_best_seller: true,
  is_new_arrival: true,
  promo: null,
  vat_class: 'standard',
  variants: [variant(11, '20 Kg', '1450.00', 0), variant(12, '70 Kg', '4700.00', 8)],
  images: [],
  rating: 4.5,
  review_count: 2,
  created_at: '2026-01-05T08:00:00Z',
  updated_at: '2026-02-20T08:00:00Z',
};

export function productCard(overrides: Partial<ProductCard> = {}): ProductCard {
  return { ...layersMash, price_min: '1450.00', price_max: '4700.00', in_stock: true, ...overrides };
}

export const reviews: Review[] = [
  { id: 1, product: 1, name: 'Akinyi O.', rating: 5, comment: 'Hens laid more within two weeks.', created_at: '2026-02-03T08:00:00Z' },
  { id: 2, product: 1, name: 'Kibet', rating: 4, comment: '', created_at: '2026-01-15T08:00:00Z' },
];

export function productPage(overrides: Partial<Product> = {}): Product {
  return {
    ...layersMash,
    images: [
      { id: 1, product: 1, image: '/media/layers-1.svg', sort_order: 0, width: 600, height: 600, alt: 'Layers Mash Premium bag' },
      { id: 2, product: 1, image: '/media/layers-2.svg', sort_order: 1, width: 600, height: 600, alt: 'Layers Mash Premium label' },
    ],
    reviews,
    ...overrides,
  };
}

export function page<T>(results: T[], count = results.length): Paginated<T> {
  return { count, next: null, previous: null, results, count_capped: false };
}

export function cartLine(id: number, name: string, size: string, quantity: number, unitPrice: string): CartItem {
  const unit = Number(unitPrice);
  return {
    id,
    quantity,
    unit_price: unitPrice,
    total_price: (unit * quantity).toFixed(2),
    added_at: '2026-03-01T09:00:00Z',
    variant: { id: 100 + id, size, sku: `MB-${id}`, price: unitPrice, stock: 20, product: { id, name, slug: `product-${id}`, images: [] } },
  };
}
