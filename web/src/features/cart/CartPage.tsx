import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { LeftOutNotice } from '../../shared/ui/LeftOutNotice';
import { buttonClass } from '../../shared/ui/button';
import { ErrorState } from '../../shared/ui/ErrorState';
import { OrderSummary } from '../../shared/ui/OrderSummary';
import { whatsappTo } from '../../shared/domain/business';
import type { CartItem } from '../../shared/api/shapes';
import { cartMessage } from '../../shared/domain/whatsapp';
import { ContinueShopping, LoadingLine, Page } from '../../shared/ui/Page';
import { useCart, type Cart } from '../../shared/hooks/CartProvider';
import { useOnline } from '../../shared/hooks/useOnline';
import { cartMessages } from './messages';
import { componentsMessages } from '../../shared/i18n/messages/components';
import { formatKsh } from '../../shared/domain/money';
import { useCartCoupon } from '../../shared/api/coupon';
import { orderTotals } from '../../shared/api/orders';
import { CouponForm } from './CouponForm';

const PLACEHOLDER = '/images/placeholder-product.svg';
const stepButton =
  'inline-flex h-11 w-11 items-center justify-center text-xl font-semibold text-brand-800 hover:bg-brand-50 disabled:text-stone-400 disabled:hover:bg-transparent';

const SAVED_KEY = 'cart:saved';

/**
 * The last cart the server gave, kept on the phone: offline the page shows it, marked as saved,
 * instead of an error. When the network returns the page fetches the cart again by itself.
 */
function useSavedCart(cart: Cart): CartItem[] | null {
  const online = useOnline();
  const wasOffline = useRef(!online);
  const { status, items, reload } = cart;
  useEffect(() => {
    if (status !== 'ready') return;
    try {
      window.localStorage.setItem(SAVED_KEY, JSON.stringify(items));
    } catch {
      // Storage refused: offline the page says it cannot load the cart.
    }
  }, [status, items]);
  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
    } else if (wasOffline.current) {
      wasOffline.current = false;
      void reload();
    }
  }, [online, reload]);
  if (status !== 'error' || items.length > 0) return null;
  try {
    const saved: unknown = JSON.parse(window.localStorage.getItem(SAVED_KEY) ?? 'null');
    return Array.isArray(saved) && saved.length > 0 ? (saved as CartItem[]) : null;
  } catch {
    return null;
  }
}

export default function CartPage() {
  const cart = useCart();
  const coupon = useCartCoupon(cart.items);
  const saved = useSavedCart(cart);
  const m = cartMessages();

  if (saved) {
    return (
      <Page title={m.title}>
        <p role="status" className="mt-4 rounded-md border border-earth-300 bg-earth-50 p-3 font-medium text-stone-900">
          {m.saved}
        </p>
        <ul className="mt-4 space-y-2" aria-label={m.items}>
          {saved.map((item) => (
            <li key={item.id} className="flex justify-between gap-3 rounded-lg border border-earth-200 bg-white p-3">
              <span>
                <span className="block font-semibold text-stone-900">{item.variant.product.name}</span>
                <span className="block text-sm text-stone-700">
                  {m.line.size(item.variant.size)} × {item.quantity}
                </span>
              </span>
              <span className="font-semibold whitespace-nowrap text-stone-900">{formatKsh(item.total_price)}</span>
            </li>
          ))}
        </ul>
        <ContinueShopping className="mt-4" />
      </Page>
    );
  }
  if (cart.status === 'error' && cart.items.length === 0) {
    return (
      <Page title={m.title}>
        <ErrorState className="mt-6" title={m.failed} error={cart.error ?? undefined} onRetry={() => void cart.reload()} />
      </Page>
    );
  }
  if (cart.status === 'loading' && cart.items.length === 0) {
    return (
      <Page title={m.title}>
        <LoadingLine>{m.loading}</LoadingLine>
      </Page>
    );
  }
  if (cart.items.length === 0) {
    return (
      <Page title={m.emptyTitle}>
        <LeftOutNotice className="mt-4" />
        <p className="mt-3 text-stone-700">{m.emptyText}</p>
        <p className="mt-6">
          <Link to="/shop" className={buttonClass({ size: 'lg' })}>
            {componentsMessages().continueShopping}
          </Link>
        </p>
      </Page>
    );
  }

  const totals = orderTotals(cart.items, null, coupon.coupon.discount);
  return (
    <Page title={m.title}>
      <LeftOutNotice className="mt-4" />
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <section aria-label={m.items} className="lg:col-span-2">
          <ul className="space-y-3">
            {cart.items.map((item) => (
              <CartLine key={item.id} item={item} />
            ))}
          </ul>
          <ContinueShopping className="mt-4" />
        </section>

        <OrderSummary
          title={m.summary}
          titleId="cart-summary-title"
          totals={{ ...totals, coupon_code: coupon.coupon.code ?? undefined }}
          shippingPending={m.shippingPending}
        >
          <CouponForm coupon={coupon.coupon} onChange={coupon.set} />
          {/* Narrower than 640 px the button is a bar fixed to the bottom of the screen, with the
              total beside it (said once to a screen reader, in the summary above), so a farmer
              with a long cart never scrolls to find it; wider, it sits in the summary. */}
          <div
            data-checkout-bar
            className="fixed inset-x-0 bottom-0 z-30 flex items-center gap-3 border-t border-earth-200 bg-white px-4 py-3 shadow-[0_-2px_8px_rgba(0,0,0,0.08)] sm:static sm:z-auto sm:mt-5 sm:block sm:border-0 sm:p-0 sm:shadow-none"
          >
            <span aria-hidden="true" className="shrink-0 text-lg font-bold whitespace-nowrap text-stone-900 sm:hidden">
              {formatKsh(totals.total)}
            </span>
            <Link to="/checkout" className={buttonClass({ size: 'lg', full: true, className: 'min-w-0' })}>
              {m.checkout}
            </Link>
          </div>
          <a
            href={whatsappTo(cartMessage(cart.items))}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass({ variant: 'outlined', size: 'lg', full: true, className: 'mt-3' })}
          >
            {m.whatsapp}
          </a>
          <p className="mt-2 text-center text-sm text-stone-700">{m.whatsappHint}</p>
        </OrderSummary>
      </div>
    </Page>
  );
}

/** One line: picture, name, size, SKU, quantity buttons, prices and remove. Every change is stored. */
function CartLine({ item }: { item: CartItem }) {
  const { update, remove } = useCart();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = item.variant.product.name;
  const image = item.variant.product.images[0];
  const errorId = `cart-line-${item.id}-error`;
  const m = cartMessages().line;

  const run = async (change: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await change();
    } catch (err) {
      // Not enough stock, or no connection: said beside the line, which keeps its quantity.
      setError(err instanceof Error && err.message ? err.message : m.changeFailed);
      setBusy(false);
      return;
    }
    setBusy(false);
  };

  return (
    <li className="flex gap-3 rounded-lg border border-earth-200 bg-white p-3 sm:gap-4 sm:p-4" aria-busy={busy}>
      <img
        src={image?.image ?? PLACEHOLDER}
        alt=""
        width={image?.width ?? 600}
        height={image?.height ?? 600}
        loading="lazy"
        decoding="async"
        className="h-20 w-20 shrink-0 rounded-md bg-earth-100 object-contain sm:h-24 sm:w-24"
      />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 className="font-semibold text-stone-900">
              <Link to={`/products/${item.variant.product.slug}`} className="hover:underline">
                {name}
              </Link>
            </h2>
            <p className="text-sm text-stone-700">{m.size(item.variant.size)}</p>
            <p className="text-sm text-stone-600">{m.sku(item.variant.sku)}</p>
          </div>
          <button
            type="button"
            onClick={() => void run(() => remove(item.id))}
            disabled={busy}
            aria-label={m.removeItem(name, item.variant.size)}
            className="inline-flex h-11 shrink-0 items-center rounded-md px-2 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:text-stone-400"
          >
            {m.remove}
          </button>
        </div>

        <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
          <div
            role="group"
            aria-label={m.quantityOf(name, item.variant.size)}
            aria-describedby={error ? errorId : undefined}
            className="inline-flex items-center overflow-hidden rounded-md border border-stone-400 bg-white"
          >
            <button
              type="button"
              className={stepButton}
              onClick={() => void run(() => update(item.id, item.quantity - 1))}
              disabled={busy}
              aria-label={m.decrease(name)}
            >
              −
            </button>
            <output aria-live="polite" className="w-12 text-center text-base font-semibold" aria-label={m.quantity}>
              {item.quantity}
            </output>
            <button
              type="button"
              className={stepButton}
              onClick={() => void run(() => update(item.id, item.quantity + 1))}
              disabled={busy}
              aria-label={m.increase(name)}
            >
              +
            </button>
          </div>
          <div className="text-right">
            <p className="font-bold text-stone-900">{formatKsh(item.total_price)}</p>
            <p className="text-sm text-stone-600">{m.each(formatKsh(item.unit_price))}</p>
          </div>
        </div>
        {error && (
          <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-800">
            {error}
          </p>
        )}
      </div>
    </li>
  );
}
