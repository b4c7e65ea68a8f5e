import { Navigate, useParams } from 'react-router';
import { BUSINESS } from '../../../shared/domain/business';
import { formatDateTime } from '../../../shared/domain/dates';
import { feeText } from '../../../shared/domain/delivery';
import { formatKsh } from '../../../shared/domain/money';
import { isPaid } from '../../../shared/api/orders';
import type { OrderDetail } from '../../../shared/api/shapes';
import { adminApi } from '../../../shared/api/admin';
import { LoadError, mustSignIn } from '../../../shared/ui/controls';
import { useResource } from '../../../shared/hooks/useResource';

// /admin/orders/{id}/print: the delivery note packed with an order (docs/product.md section 2). One
// page that prints on A4 and on an 80 mm receipt printer: the print styles drop the shop's frame
// and let the text follow the paper's width.

const PRINT_CSS = `
@media print {
  @page { margin: 8mm; }
  body * { visibility: hidden; }
  #delivery-note, #delivery-note * { visibility: visible; }
  #delivery-note { position: absolute; inset: 0 auto auto 0; width: 100%; max-width: none; border: 0; padding: 0; font-size: 11pt; }
  #delivery-note .no-print { display: none; }
}
@media print and (max-width: 90mm) {
  @page { size: 80mm auto; margin: 3mm; }
  #delivery-note { font-size: 9pt; }
  #delivery-note .note-columns { display: block; }
}`;

export default function DeliveryNotePage() {
  const { orderId = '' } = useParams();
  const loaded = useResource(orderId, () => adminApi.order(orderId), { cache: false });
  if (mustSignIn(loaded.error)) return <Navigate to="/login" replace state={{ from: `/admin/orders/${encodeURIComponent(orderId)}/print` }} />;
  if (loaded.error && !loaded.data) {
    return (
      <div className="mx-auto max-w-2xl p-4">
        <LoadError what="the order" error={loaded.error} onRetry={loaded.retry} />
      </div>
    );
  }
  if (!loaded.data) {
    return (
      <p role="status" className="p-6 text-stone-700">
        Loading the delivery note…
      </p>
    );
  }
  return <DeliveryNote order={loaded.data} />;
}

function DeliveryNote({ order: o }: { order: OrderDetail }) {
  const receipt = o.payments.find((p) => p.status === 'succeeded')?.receipt;
  const d = o.delivery;
  const pickup = d?.kind === 'pickup';
  const a = o.shipping_address;
  return (
    <article id="delivery-note" aria-labelledby="note-title" className="mx-auto my-6 max-w-2xl rounded-md border border-stone-300 bg-white p-6 text-stone-900">
      <style>{PRINT_CSS}</style>
      <header className="flex flex-wrap items-start justify-between gap-2 border-b border-stone-300 pb-3">
        <div>
          <p className="font-bold">{BUSINESS.name}</p>
          <p className="text-sm">
            {BUSINESS.address} · {BUSINESS.phone}
          </p>
        </div>
        <button type="button" onClick={() => window.print()} className="no-print rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          Print
        </button>
      </header>
      <h1 id="note-title" className="mt-3 text-xl font-bold">
        Delivery note <span className="font-mono">{o.orderId}</span>
      </h1>
      <p className="text-sm">Ordered {formatDateTime(o.created_at)}</p>

      <div className="note-columns mt-4 grid gap-4 sm:grid-cols-2">
        <section aria-labelledby="note-customer">
          <h2 id="note-customer" className="font-bold">
            Customer
          </h2>
          <p>{o.customer.name}</p>
          <p>{o.customer.phone}</p>
        </section>
        <section aria-labelledby="note-to">
          <h2 id="note-to" className="font-bold">
            {pickup ? 'Collect at' : 'Deliver to'}
          </h2>
          {pickup && d ? (
            <>
              <p>{d.name}</p>
              {d.address && <p>{d.address}</p>}
              {d.hours && <p>Open {d.hours}</p>}
            </>
          ) : (
            <>
              <p>{a.address}</p>
              <p>
                {a.city}, {a.county}
                {a.postalCode && ` ${a.postalCode}`}
              </p>
              {d && <p>{d.name}</p>}
            </>
          )}
          {o.courier && (
            <p>
              Courier: {o.courier}
              {o.tracking_number && `, ${o.tracking_number}`}
            </p>
          )}
        </section>
      </div>

      <table className="mt-4 w-full border-collapse text-left">
        <caption className="sr-only">What to pack</caption>
        <thead>
          <tr className="border-b border-stone-400">
            <th scope="col" className="py-1">Item</th>
            <th scope="col" className="py-1">Size</th>
            <th scope="col" className="py-1 text-right">Qty</th>
          </tr>
        </thead>
        <tbody>
          {o.items.map((it) => (
            <tr key={it.sku} className="border-b border-stone-200">
              <td className="py-1">
                {it.product_name} <span className="text-sm">({it.sku})</span>
              </td>
              <td className="py-1">{it.size}</td>
              <td className="py-1 text-right">{it.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <dl className="mt-4 grid grid-cols-2 gap-1">
        <dt>Total weight</dt>
        <dd className="text-right">{o.weight_kg ?? 0} kg</dd>
        {Number(o.discount ?? 0) > 0 && (
          <>
            <dt>Discount ({o.coupon_code})</dt>
            <dd className="text-right">−{formatKsh(o.discount ?? 0)}</dd>
          </>
        )}
        <dt>Delivery</dt>
        <dd className="text-right">{d ? feeText(d.fee, formatKsh) : formatKsh(o.shipping)}</dd>
        <dt className="font-bold">Total</dt>
        <dd className="text-right font-bold">{formatKsh(o.total)}</dd>
        <dt className="font-bold">Payment</dt>
        <dd className="text-right font-bold">
          {isPaid(o.status) ? `Paid by M-Pesa${receipt ? `, receipt ${receipt}` : ''}` : 'NOT PAID: collect payment before handing over'}
        </dd>
      </dl>
      <p className="mt-6 text-sm">Received in good order: ______________________ Date: __________</p>
    </article>
  );
}
