import type { ReactNode } from 'react';
import { ordersMessages } from '../i18n/messages/orders';
import { formatKsh } from '../domain/money';
import type { OrderItem } from '../api/shapes';

export interface SummaryLine {
  key: string | number;
  name: string;
  /** Size and quantity, as the page words them. */
  detail: string;
  total: string;
}

/** An order's items as summary lines: "70 Kg · 2 × Ksh 3,950". */
export function orderLines(items: readonly OrderItem[]): SummaryLine[] {
  return items.map((it) => ({
    key: it.sku,
    name: it.product_name,
    detail: `${it.size} · ${it.quantity} × ${formatKsh(it.unit_price)}`,
    total: it.total_price,
  }));
}

interface OrderSummaryProps {
  title: string;
  titleId: string;
  /** The lines above the totals; none on the cart page, which lists them beside it. */
  lines?: SummaryLine[];
  /** Shows each line's total in the weight of the names (the order page, where the lines are the record). */
  strongLineTotals?: boolean;
  /** In shillings, as numbers or the API's "1500.00" strings; shipping null until a delivery option is chosen. */
  totals: {
    subtotal: number | string;
    /** A coupon's discount, shown as its own line when above 0 (with its code when known). */
    discount?: number | string | undefined;
    coupon_code?: string | undefined;
    shipping: number | string | null;
    total: number | string;
  };
  /** What the shipping line says while it is null ('Chosen at checkout'); 'Choose a delivery option' when not given. */
  shippingPending?: string;
  /** An aside sits beside the page's main column and keeps its own height. */
  as?: 'aside' | 'section';
  /** What follows the totals: a button, the delivery address. */
  children?: ReactNode;
}

/** The order summary box of the cart, the checkout and the order page: lines, subtotal, shipping, total. */
export function OrderSummary({
  title,
  titleId,
  lines,
  strongLineTotals = false,
  totals,
  shippingPending,
  as: Box = 'aside',
  children,
}: OrderSummaryProps) {
  const m = ordersMessages().summary;
  const pending = totals.shipping === null;
  const hasLines = lines !== undefined;
  return (
    <Box aria-labelledby={titleId} className={`${Box === 'aside' ? 'h-fit ' : ''}rounded-lg border border-earth-200 bg-white p-5`}>
      <h2 id={titleId} className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      {hasLines && (
        <ul className="mt-3 divide-y divide-earth-200">
          {lines.map((line) => (
            <li key={line.key} className="flex justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="font-medium text-stone-900">{line.name}</p>
                <p className="text-sm text-stone-600">{line.detail}</p>
              </div>
              <p className={strongLineTotals ? 'shrink-0 font-medium' : 'shrink-0'}>{formatKsh(line.total)}</p>
            </li>
          ))}
        </ul>
      )}
      {/* Under a list of lines the rule sits above the totals; alone, above the total. */}
      <dl className={hasLines ? 'mt-3 space-y-1 border-t border-earth-200 pt-3' : 'mt-3 space-y-1'}>
        <div className="flex justify-between">
          <dt className="text-stone-700">{m.subtotal}</dt>
          <dd>{formatKsh(totals.subtotal)}</dd>
        </div>
        {Number(totals.discount ?? 0) > 0 && (
          <div className="flex justify-between text-brand-800">
            <dt>{totals.coupon_code ? m.discountWithCode(totals.coupon_code) : m.discount}</dt>
            <dd>−{formatKsh(totals.discount ?? 0)}</dd>
          </div>
        )}
        <div className="flex justify-between">
          <dt className="text-stone-700">{m.shipping}</dt>
          <dd className={pending ? 'text-right text-stone-700' : undefined}>{pending ? (shippingPending ?? m.chooseDelivery) : formatKsh(totals.shipping ?? 0)}</dd>
        </div>
        <div className={hasLines ? 'flex justify-between text-lg font-bold' : 'flex justify-between border-t border-earth-200 pt-2 text-lg font-bold'}>
          <dt>{pending ? m.totalBeforeDelivery : m.total}</dt>
          <dd>{formatKsh(totals.total)}</dd>
        </div>
      </dl>
      {children}
    </Box>
  );
}
