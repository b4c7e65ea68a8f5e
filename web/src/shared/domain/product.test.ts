import { describe, expect, it } from 'vitest';
import { badges, cardVariant, categoryTrail, inStock } from './product';
import type { Category, Product, Variant } from '../api/shapes';

function variant(id: number, stock: number): Variant {
  return { id, product: 1, size: `${id} Kg`, sku: `SKU-${id}`, price: '100.00', stock, weight_kg: id };
}

function product(overrides: Partial<Product> = {}): Product {
  return {
    id: 9, name: 'Dairy Meal', slug: 'dairy-meal', description: '', base_price: '100.00', category: 2,
    occasion_tags: [], is_active: true, is_featured: false, is_best_seller: false, is_new_arrival: false,
    promo: null, vat_class: 'standard', variants: [variant(1, 5)], images: [], reviews: [], rating: null, review_count: 0,
    created_at: '2026-01-05T08:00:00Z', updated_at: '2026-01-05T08:00:00Z',
    ...overrides,
  };
}

describe('product card rules', () => {
  it('badges come from the stored flags, in SPEC order', () => {
    expect(badges(product())).toEqual([]);
    expect(badges(product({ is_new_arrival: true, is_best_seller: true, is_featured: true }))).toEqual([
      'New Product',
      'Best Seller',
      'Featured',
    ]);
    expect(badges(product({ occasion_tags: [1] }))).toEqual(['New Product']);
  });

  it('is in stock when any size is', () => {
    expect(inStock(product({ variants: [variant(1, 0), variant(2, 3)] }))).toBe(true);
    expect(inStock(product({ variants: [variant(1, 0), variant(2, 0)] }))).toBe(false);
    expect(inStock(product({ variants: [] }))).toBe(false);
  });

  it('adds the first size, or the first in stock', () => {
    expect(cardVariant(product({ variants: [variant(1, 2), variant(2, 3)] }))?.id).toBe(1);
    expect(cardVariant(product({ variants: [variant(1, 0), variant(2, 3)] }))?.id).toBe(2);
    expect(cardVariant(product({ variants: [variant(1, 0)] }))?.id).toBe(1);
    expect(cardVariant(product({ variants: [] }))).toBeUndefined();
  });

  it('finds the category trail, top first', () => {
    const cats: Category[] = [
      { id: 1, name: 'Feeds', slug: 'feeds', parent: null },
      { id: 2, name: 'Dairy Meal', slug: 'dairy-meal', parent: 1 },
    ];
    expect(categoryTrail(cats, 2).map((c) => c.name)).toEqual(['Feeds', 'Dairy Meal']);
    expect(categoryTrail(undefined, 2)).toEqual([]);
  });
});
