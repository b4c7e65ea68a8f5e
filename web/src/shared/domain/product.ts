import { componentsMessages } from '../i18n/messages/components';
import type { Category, ProductSummary, Variant } from '../api/shapes';

/** Whether any size can be bought (docs/product.md section 4, stock badge). */
export function inStock(p: ProductSummary): boolean {
  return p.variants.some((v) => v.stock > 0);
}

/**
 * The size a card adds to the cart: the first one, as docs/product.md says, unless it is sold out
 * and a later one is not.
 */
export function cardVariant(p: ProductSummary): Variant | undefined {
  return p.variants.find((v) => v.stock > 0) ?? p.variants[0];
}

/**
 * The badges of a product, from the flags the admin sets (docs/architecture.md section 3), in the
 * language shown.
 */
export function badges(p: ProductSummary): string[] {
  const m = componentsMessages().badges;
  const out: string[] = [];
  if (p.is_new_arrival || p.occasion_tags.includes(1)) out.push(m.newProduct);
  if (p.is_best_seller) out.push(m.bestSeller);
  if (p.is_featured) out.push(m.featured);
  return out;
}

export function productPath(p: Pick<ProductSummary, 'slug'>): string {
  return `/products/${p.slug}`;
}

/** A category and its ancestors, top first: Feeds › Dairy Meal. */
export function categoryTrail(categories: Category[] | undefined, id: number): Category[] {
  const trail: Category[] = [];
  const byId = new Map((categories ?? []).map((c) => [c.id, c]));
  let c = byId.get(id);
  while (c && trail.length < 10) {
    trail.unshift(c);
    c = c.parent === null ? undefined : byId.get(c.parent);
  }
  return trail;
}
