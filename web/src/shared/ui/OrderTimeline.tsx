import { formatDateTime } from '../domain/dates';
import { ordersMessages } from '../i18n/messages/orders';
import { orderTimeline } from '../api/orders';
import type { Order } from '../api/shapes';

/**
 * A paid order's road, step by step, with the time each was reached: paid, processing, then
 * dispatched and delivered, or ready for pickup and collected. The courier and tracking number
 * stand under 'Dispatched' once the shop has sent the order.
 */
export function OrderTimeline({
  order,
  className = '',
}: {
  order: Pick<Order, 'delivery' | 'timeline' | 'courier' | 'tracking_number'>;
  className?: string;
}) {
  const steps = orderTimeline(order);
  const current = steps.map((s) => s.at !== undefined).lastIndexOf(true);
  const m = ordersMessages().timeline;
  return (
    <ol aria-label={m.progress} className={`space-y-3 ${className}`}>
      {steps.map((step, i) => {
        const done = step.at !== undefined;
        return (
          <li key={step.status} aria-current={i === current ? 'step' : undefined} className="flex gap-3">
            <span
              aria-hidden="true"
              className={`mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                done ? 'bg-brand-700 text-white' : 'border border-stone-400 bg-white text-stone-500'
              }`}
            >
              {done ? '✓' : i + 1}
            </span>
            <div>
              <p className={done ? 'font-semibold text-stone-900' : 'text-stone-600'}>
                {step.label}
                {!done && <span className="sr-only"> {m.notYet}</span>}
              </p>
              {step.at && <p className="text-sm text-stone-700">{formatDateTime(step.at)}</p>}
              {step.status === 'dispatched' && done && order.courier && (
                <p className="text-sm text-stone-800">
                  {m.withCourier(order.courier)}
                  {order.tracking_number && (
                    <>
                      {m.trackingNumber} <strong className="font-mono">{order.tracking_number}</strong>
                    </>
                  )}
                </p>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
