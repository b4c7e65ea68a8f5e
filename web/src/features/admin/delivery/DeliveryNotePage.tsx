import { Navigate, useParams, useSearchParams } from 'react-router';
import { BUSINESS } from '../../../shared/domain/business';
import { formatDateTime } from '../../../shared/domain/dates';
import { feeText } from '../../../shared/domain/delivery';
import { formatKsh } from '../../../shared/domain/money';
import { isPaid } from '../../../shared/api/orders';
import type { OrderDetail } from '../../../shared/api/shapes';
import { adminApi } from '../../../shared/api/admin';
import { LoadError, mustSignIn } from '../../../shared/ui/controls';
import { useResource } from '../../../shared/hooks/useResource';

// /admin/orders/{id}/print, and /admin/orders/print?ids=A,B for several: the delivery notes packed
// with orders (docs/product.md section 2), each on a page of its own, on A4 or an 80 mm receipt
// printer. The route has no storefront frame, and the print styles are a stylesheet file: the
// shop's Content-Security-Policy (style-src 'self') blocks an inline <style>.

/** At most this many notes in one document: the back office selects a page of orders at a time. */
const MAX_NOTES = 50;

function orderIds(param: string, query: string | null): string[] {
  const ids = param ? [param] : (query ?? '').split(',');
  return [...new Set(ids.map((id) => id.trim()).filter(Boolean))].slice(0, MAX_NOTES);
}

export default function DeliveryNotePage() {
  const params = useParams();
  // Its own route in the tests; under the back office's /admin/* in the app.
  const orderId = params.orderId ?? /^orders\/([^/]+)\/print$/.exec(params['*'] ?? '')?.[1] ?? '';
  const [query] = useSearchParams();
  const ids = orderIds(orderId, query.get('ids'));
  const here = orderId ? `/admin/orders/${encodeURIComponent(orderId)}/print` : `/admin/orders/print?ids=${ids.map(encodeURIComponent).join(',')}`;
  const loaded = useResource(ids.length ? `notes:${ids.join(',')}` : null, () => Promise.all(ids.map((id) => adminApi.order(id))), { cache: false });
  if (mustSignIn(loaded.error)) return <Navigate to="/login" replace state={{ from: here }} />;
  if (ids.length === 0) {
    return (
      <p role="alert" className="p-6 text-stone-700">
        No orders to print: choose orders in the list first.
      </p>
    );
  }
  if (loaded.error && !loaded.data) {
    return (
      <div className="mx-auto max-w-2xl p-4">
        <LoadError what={ids.length > 1 ? 'the orders' : 'the order'} error={loaded.error} onRetry={loaded.retry} />
      </div>
    );
  }
  if (!loaded.data) {
    return (
      <p role="status" className="p-6 text-stone-700">
        {ids.length > 1 ? `Loading ${ids.length} delivery notes…` : 'Loading the delivery note…'}
      </p>
    );
  }
  return (
    <main className="delivery-notes py-6">
      <div className="no-print mx-auto flex max-w-2xl items-center justify-between gap-2 px-1 pb-3">
        <p className="text-sm text-stone-700">{loaded.data.length > 1 ? `${loaded.data.length} delivery notes, one page each.` : 'One delivery note.'}</p>
        <button type="button" onClick={() => window.print()} className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          Print
        </button>
      </div>
      {loaded.data.map((o) => (
        <DeliveryNote key={o.orderId} order={o} />
      ))}
    </main>
  );
}

function DeliveryNote({ order: o }: { order: OrderDetail }) {
  const receipt = o.payments.find((p) => p.status === 'succeeded')?.receipt;
  const d = o.delivery;
  const pickup = d?.kind === 'pickup';
  const a = o.shipping_address;
  return (
    <article aria-labelledby={`note-${o.orderId}`} className="delivery-note mx-auto mb-6 max-w-2xl rounded-md border border-stone-300 bg-white p-6 text-stone-900">
      <header className="border-b border-stone-300 pb-3">
        <p className="font-bold">{BUSINESS.name}</p>
        <p className="text-sm">
          {BUSINESS.address} · {BUSINESS.phone}
        </p>
      </header>
      <h1 id={`note-${o.orderId}`} className="mt-3 text-xl font-bold">
        Delivery note <span className="font-mono">{o.orderId}</span>
      </h1>
      <p className="text-sm">Ordered {formatDateTime(o.created_at)}</p>

      <div className="note-columns mt-4 grid gap-4 sm:grid-cols-2">
        <section aria-labelledby={`note-customer-${o.orderId}`}>
          <h2 id={`note-customer-${o.orderId}`} className="font-bold">
            Customer
          </h2>
          <p>{o.customer.name}</p>
          <p>{o.customer.phone}</p>
        </section>
        <section aria-labelledby={`note-to-${o.orderId}`}>
          <h2 id={`note-to-${o.orderId}`} className="font-bold">
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
