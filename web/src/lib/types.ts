// Shapes of the shop API's JSON (docs/architecture.md section 2, docs/product.md section 3).
// Money is a decimal string with two places, e.g. "1500.00"; format it with formatKsh.

export interface Variant {
  id: number;
  product: number;
  size: string;
  sku: string;
  price: string;
  stock: number;
  /** Shipping weight in kg, which delivery fees count. */
  weight_kg?: number;
}

export interface Image {
  id: number;
  product: number;
  image: string;
  sort_order: number;
  width: number;
  height: number;
  alt: string;
}

export interface Review {
  id: number;
  product: number;
  name: string;
  rating: number;
  comment: string;
  created_at: string;
}

/** A product's own fields: what every answer about a product carries. */
export interface ProductSummary {
  id: number;
  name: string;
  slug: string;
  description: string;
  base_price: string;
  category: number;
  occasion_tags: number[];
  is_active: boolean;
  is_featured: boolean;
  is_best_seller: boolean;
  is_new_arrival: boolean;
  promo: string | null;
  /** The product's VAT class; its rate is the shop's data (docs/architecture.md section 11). */
  vat_class?: 'standard' | 'zero' | 'exempt';
  variants: Variant[];
  /** On the product page every picture; in a list the first alone. */
  images: Image[];
  rating: number | null;
  review_count: number;
}

/** A product on its page (GET /api/products/{id}/), with every review. */
export interface Product extends ProductSummary {
  reviews: Review[];
}

/** A product in a list (GET /api/products/): no reviews, its price range and stock state. */
export interface ProductCard extends ProductSummary {
  price_min: string | null;
  price_max: string | null;
  in_stock: boolean;
}

export interface Category {
  id: number;
  name: string;
  slug: string;
  parent: number | null;
}

/** A page of results, as the API answers list calls that are given a `page`. */
export interface Paginated<T> {
  /** Every match, or CountCap (1,000) when count_capped says there are more. */
  count: number;
  count_capped?: boolean;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** The API's error body for any non-2xx answer. `fields` only on validation errors. */
export interface ApiErrorBody {
  error: string;
  fields?: Record<string, string>;
}
