/**
 * How many items are in the visitor's cart, for the header badge.
 * The cart is not wired to the API yet, so this is always 0 for now.
 */
export function useCartCount(): number {
  return 0;
}
