// The shop's USSD code (docs/ussd.md), for the pages a farmer without data would need it on.
// Its own module, imported by lazily loaded pages only: the first load does not carry it.

/** A USSD code as SHOP_USSD_CODE takes one: a star, digits and stars, a hash. */
const USSD_CODE = /^\*[0-9][0-9*]*#$/;

/**
 * The code farmers dial to order from any phone: SHOP_USSD_CODE, which the server writes into
 * each page's head (internal/storefront); null when the shop has none. Read at each render, so a
 * page shows what its head says.
 */
export function ussdCode(): string | null {
  if (typeof document === 'undefined') return null;
  const code = document.querySelector<HTMLMetaElement>('meta[name="shop:ussd"]')?.content ?? '';
  return USSD_CODE.test(code) ? code : null;
}

/** A link that dials the code on a phone (the hash written %23, as tel: links need). */
export function ussdHref(code: string): string {
  return `tel:${encodeURIComponent(code)}`;
}
