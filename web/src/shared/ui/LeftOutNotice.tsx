import { useEffect, useState } from 'react';
import { ordersMessages } from '../i18n/messages/orders';
import { clearLeftOut, takeLeftOut, type LeftOut } from '../api/orders';

/** What the last "Order again" could not put into the cart, and why; shown
 *  by the cart once, then forgotten. */
export function LeftOutNotice({ className = '' }: { className?: string }) {
  const [lines] = useState<LeftOut[]>(() => takeLeftOut());
  useEffect(() => clearLeftOut, []);
  const m = ordersMessages().again;
  if (lines.length === 0) return null;
  return (
    <div role="status" className={`rounded-md border border-earth-300 bg-earth-50 p-3 text-stone-900 ${className}`}>
      <p className="font-semibold">{m.leftOutTitle}</p>
      <ul className="mt-1 list-disc pl-5 text-sm" aria-label={m.leftOutTitle}>
        {lines.map((l, i) => (
          <li key={i}>
            {l.product_name} {l.size}: {m.reasons[l.reason] ?? l.reason}
            {l.reason === 'fewer' ? ` (${m.missing(l.missing)})` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}
