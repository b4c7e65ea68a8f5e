// The cart's coupon code (docs/architecture.md section 11): applied and removed on the server,
// which prices the discount; the cart and checkout read it again whenever the cart changes.
import { useEffect, useState } from 'react';
import { request, type RequestOptions } from './api';
import type { CartCoupon, CartItem } from './shapes';

export function getCartCoupon(options?: RequestOptions): Promise<CartCoupon> {
  return request('GET', '/cart/coupon/', undefined, options);
}

/** Applies a code (case does not matter); a refusal is an ApiError with fields.code. */
export function applyCoupon(code: string): Promise<CartCoupon> {
  return request('POST', '/cart/coupon/', { code });
}

export function removeCoupon(): Promise<void> {
  return request('DELETE', '/cart/coupon/');
}

export const NO_COUPON: CartCoupon = { code: null, discount: '0.00' };

/** The cart's code and discount, read again each time the cart's lines change. */
export function useCartCoupon(items: readonly CartItem[]) {
  const key = items.map((it) => `${it.variant.id}x${it.quantity}`).join(',');
  const [coupon, setCoupon] = useState<CartCoupon>(NO_COUPON);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    getCartCoupon({ signal: controller.signal }).then(
      (c) => {
        setCoupon(c);
        setFailed(false);
      },
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [key, attempt]);
  return { coupon: key ? coupon : NO_COUPON, failed, set: setCoupon, reload: () => setAttempt((a) => a + 1) };
}
