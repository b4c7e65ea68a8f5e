// Delivery as the shop offers it (docs/product.md section 2, Checkout; docs/architecture.md
// section 2): Kenya's 47 counties and the ways an order reaches a farmer.

/**
 * Kenya's 47 counties by their official names, alphabetically: the same list the server
 * answers at GET /api/delivery/counties/ and checks (internal/delivery/counties.go;
 * delivery.test.ts holds the two to each other). Kept here so the checkout's county field
 * works at once, even on a slow connection.
 */
export const COUNTIES = [
  'Baringo', 'Bomet', 'Bungoma', 'Busia', 'Elgeyo-Marakwet', 'Embu', 'Garissa', 'Homa Bay', 'Isiolo',
  'Kajiado', 'Kakamega', 'Kericho', 'Kiambu', 'Kilifi', 'Kirinyaga', 'Kisii', 'Kisumu', 'Kitui', 'Kwale',
  'Laikipia', 'Lamu', 'Machakos', 'Makueni', 'Mandera', 'Marsabit', 'Meru', 'Migori', 'Mombasa', "Murang'a",
  'Nairobi', 'Nakuru', 'Nandi', 'Narok', 'Nyamira', 'Nyandarua', 'Nyeri', 'Samburu', 'Siaya', 'Taita-Taveta',
  'Tana River', 'Tharaka-Nithi', 'Trans Nzoia', 'Turkana', 'Uasin Gishu', 'Vihiga', 'Wajir', 'West Pokot',
] as const;

export function isCounty(value: string): boolean {
  return (COUNTIES as readonly string[]).includes(value);
}

/**
 * A fee as the farmer reads it: 'Free' or 'Ksh 900'. The customer's pages give the word for free
 * in the language shown; the back office's stays English (docs/i18n.md).
 */
export function feeText(fee: string | number, formatKsh: (v: string | number) => string, free = 'Free'): string {
  return Number(fee) === 0 ? free : formatKsh(fee);
}
