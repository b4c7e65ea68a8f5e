import { useCallback, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { SelectField } from '../../../shared/ui/form/SelectField';
import { TextField } from '../../../shared/ui/form/TextField';
import { formatKsh } from '../../../shared/domain/money';
import { feeText } from '../../../shared/domain/delivery';
import { statusLabel } from '../../../shared/api/orders';
import type { OrderDetail, OrderStatus } from '../../../shared/api/shapes';
import { OrderMail } from './OrderMail';
import { OrderTexts } from './OrderTexts';
import { Refunds } from './RefundForm';
import { useCan } from '../../../shared/hooks/permissions';
import { NewOrder } from './NewOrder';
import { PaymentFollow } from './PaymentFollow';
import { RiderSelect } from './RiderSelect';
import { adminApi } from '../../../shared/api/admin';
import { OrdersList } from './OrdersList';
import { CourierPicker, useCouriers } from './CourierPicker';
import { MSG } from '../../../shared/domain/adminRules';
import { Note, Part, StatusBadge, formatDate, useAction } from '../../../shared/ui/controls';
import { Button } from '../../../shared/ui/Button';
import { ErrorState } from '../../../shared/ui/ErrorState';
import { invalidate, useAdminResource } from '../../../shared/hooks/useAdminResource';
import { useSubPath } from '../../../shared/hooks/useSubPath';

/**
 * /admin/orders and below: the list (its filters in the query string), /admin/orders/new for an
 * order taken by phone, and /admin/orders/ORDER-… for one order, so a reload or a shared link opens it.
 */
export function OrdersTab() {
  const rest = useSubPath();
  const navigate = useNavigate();
  const location = useLocation();
  const back = (location.state as { back?: string } | null)?.back ?? '';
  if (rest === '') return <OrdersList />;
  if (rest === 'new') {
    return <NewOrder onPlaced={(id) => void navigate(`/admin/orders/${encodeURIComponent(id)}`)} onCancel={() => void navigate('/admin/orders')} />;
  }
  return <OrderView key={rest} orderId={decodeURIComponent(rest)} onClose={() => void navigate(`/admin/orders${back}`)} />;
}

function OrderView({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  // Refunds are shown and sent only by a role with `refunds` (docs/product.md, "Roles").
  const canRefund = useCan('refunds');
  const loaded = useAdminResource(`admin-order:${orderId}`, () => adminApi.order(orderId));
  const [order, setOrderState] = useState<OrderDetail | null>(null);
  // An edit here shows in every panel of the order and in whatever else lists it (the dashboard's
  // figures, the list behind Back): the one data loader loads them again.
  const setOrder = useCallback((next: OrderDetail) => {
    setOrderState(next);
    invalidate('admin-orders');
    invalidate('stats');
  }, []);
  const o = order ?? loaded.data;
  if (loaded.error && !o) return <ErrorState title="We could not load the order." error={loaded.error} onRetry={loaded.retry} />;
  if (!o) return <p role="status">Loading the order…</p>;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-bold text-stone-900">
          {o.orderId} <StatusBadge status={o.status} />
        </h2>
        <div className="flex flex-wrap gap-2">
          <Link
            to={`/admin/orders/${encodeURIComponent(o.orderId)}/print`}
            target="_blank"
            className="inline-flex min-h-10 items-center rounded-md border border-stone-400 bg-white px-3 py-1.5 text-sm font-semibold text-stone-900 hover:bg-stone-100"
          >
            Print delivery note
          </Link>
          <Button variant="secondary" onClick={onClose}>
            Back to orders
          </Button>
        </div>
      </div>
      {o.attention && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 font-semibold text-red-900">
          Needs attention: {o.attention}
        </p>
      )}
      {o.stock_held_until && (
        <p className="rounded-md border border-earth-100 bg-earth-100 p-3 text-earth-800">
          Its stock is held until {formatDate(o.stock_held_until)} while the customer pays; then it goes back on sale.
        </p>
      )}
      <div className="grid gap-6 md:grid-cols-2">
        <Part id="cust-h" title="Customer">
          <p>{o.customer.name}</p>
          <p>
            <a href={`tel:+${o.customer.phone}`} className="font-semibold text-brand-800 underline">
              {o.customer.phone}
            </a>
          </p>
          <p>{o.customer.email}</p>
          <h3 className="mt-3 font-bold text-stone-900">Delivery address</h3>
          <p>
            {[o.shipping_address.address, o.shipping_address.city, o.shipping_address.county].filter(Boolean).join(', ')}
            {o.shipping_address.postalCode && ` ${o.shipping_address.postalCode}`}
          </p>
          {o.delivery && (
            <>
              <h3 className="mt-3 font-bold text-stone-900">{o.delivery.kind === 'pickup' ? 'Pickup point' : 'Delivery'}</h3>
              <p>
                {o.delivery.name}: {feeText(o.delivery.fee, formatKsh)}
                {o.delivery.eta && `, ${o.delivery.eta}`}
                {o.weight_kg !== undefined && ` · ${o.weight_kg} kg`}
              </p>
              {o.delivery.address && <p>{o.delivery.address}</p>}
              {o.courier && (
                <p>
                  Sent with {o.courier}
                  {o.tracking_number && `, tracking number ${o.tracking_number}`}
                </p>
              )}
            </>
          )}
        </Part>
        <Part id="pay-h" title="Payment">
          {o.payments.length === 0 && <p>No payment yet ({o.payment_method}).</p>}
          <ul className="space-y-1">
            {o.payments.map((p, i) => (
              <li key={i}>
                {p.method === 'paybill' ? `Paybill from ${p.payer_name || 'an unknown payer'} (${p.phone})` : `M-Pesa ${p.phone}`}:{' '}
                {formatKsh(p.amount)}, {p.status}
                {p.created_at && <span className="text-sm text-stone-600">, {formatDate(p.created_at)}</span>}
                {p.receipt && (
                  <>
                    , receipt <strong>{p.receipt}</strong>
                  </>
                )}
                {p.result_desc && <span className="text-sm text-stone-600"> ({p.result_desc})</span>}
              </li>
            ))}
          </ul>
          {o.amount_paid !== undefined && (
            <p className="mt-2 font-medium text-stone-900">
              Received {formatKsh(o.amount_paid)} · still due {formatKsh(o.balance_due ?? '0')}
            </p>
          )}
        </Part>
      </div>
      <Part id="items-h" title="Items">
        <ul className="mt-1 divide-y divide-stone-200 rounded-md border border-stone-200 bg-white">
          {o.items.map((it) => (
            <li key={it.sku} className="flex flex-wrap justify-between gap-2 px-3 py-2">
              <span>
                {it.quantity} × {it.product_name} {it.size} <span className="text-sm text-stone-600">({it.sku})</span>
              </span>
              <span>{formatKsh(it.total_price)}</span>
            </li>
          ))}
          {Number(o.discount ?? 0) > 0 && (
            <li className="flex justify-between px-3 py-2 text-sm">
              <span>Discount ({o.coupon_code})</span>
              <span>−{formatKsh(o.discount ?? 0)}</span>
            </li>
          )}
          <li className="flex justify-between px-3 py-2 text-sm">
            <span>Shipping</span>
            <span>{formatKsh(o.shipping)}</span>
          </li>
          <li className="flex justify-between px-3 py-2 font-bold">
            <span>Total</span>
            <span>{formatKsh(o.total)}</span>
          </li>
        </ul>
      </Part>
      <PaymentFollow order={o} onChanged={setOrder} />
      <DispatchForm order={o} onMoved={setOrder} />
      <StatusForm order={o} onMoved={setOrder} />
      <RiderSelect order={o} />
      {canRefund && <Refunds order={o} onRefunded={setOrder} />}
      <OrderTexts order={o} onChanged={setOrder} />
      <OrderMail order={o} onChanged={setOrder} />
      <Part id="hist-h" title="History">
        <ol className="mt-1 space-y-1">
          {o.history.map((h, i) => (
            <li key={i} className="text-sm text-stone-800">
              {formatDate(h.created_at)}: {h.from ? `${statusLabel(h.from)} → ` : ''}
              {statusLabel(h.to)}
              {h.note && ` — ${h.note}`} <span className="text-stone-600">({h.actor})</span>
            </li>
          ))}
        </ol>
      </Part>
    </div>
  );
}

function StatusForm({ order, onMoved }: { order: OrderDetail; onMoved: (o: OrderDetail) => void }) {
  const [to, setTo] = useState('');
  const [note, setNote] = useState('');
  const [courier, setCourier] = useState(order.courier ?? '');
  const [tracking, setTracking] = useState(order.tracking_number ?? '');
  const dispatching = to === 'dispatched';
  const { busy, note: message, setNote: setMessage, run } = useAction();
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!to) {
      setMessage({ kind: 'error', text: "Choose the order's new status." });
      return;
    }
    if (dispatching && courier.trim() === '') {
      setMessage({ kind: 'error', text: MSG.courierRequired });
      return;
    }
    if (to === 'cancelled' && !window.confirm('Cancel this order? Its items go back into stock.')) return;
    await run(async () => {
      const dispatch = dispatching ? { courier, tracking_number: tracking } : undefined;
      const moved = await adminApi.moveOrder(order.orderId, to as OrderStatus, note, dispatch);
      onMoved(moved);
      setTo('');
      setNote('');
      setMessage({ kind: 'ok', text: `Status changed to ${statusLabel(moved.status)}.` });
    }, 'The status could not be changed.');
  }

  const feedback = <Note note={message} className="mt-2" />;
  if (order.next_statuses.length === 0) {
    return (
      <div>
        {feedback}
        <p className="text-stone-700">This order is {statusLabel(order.status).toLowerCase()}: its status cannot change any more.</p>
      </div>
    );
  }
  return (
    <form noValidate onSubmit={submit} aria-label="Change status" className="rounded-md border border-stone-200 bg-white p-3">
      <h3 className="font-bold text-stone-900">Change status</h3>
      <div className="mt-2 grid gap-3 sm:grid-cols-3 sm:items-end">
        <SelectField compact id="new-status" label="New status" value={to} onChange={setTo}>
          <option value="">Choose…</option>
          {order.next_statuses.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </SelectField>
        <TextField compact id="status-note" label="Note (optional)" value={note} onChange={setNote} />
        {dispatching && (
          <>
            <TextField compact id="status-courier" label="Courier" placeholder="G4S, Wells Fargo, shop van…" value={courier} onChange={setCourier} />
            <TextField compact id="status-tracking" label="Tracking or waybill number" value={tracking} onChange={setTracking} />
          </>
        )}
        <Button type="submit" disabled={busy}>
          Update status
        </Button>
      </div>
      {feedback}
    </form>
  );
}

/**
 * A paid or processing order sent out in one step: a delivery with its courier (the saved default
 * to start with) and tracking number, a pickup made ready for collection; the customer is texted.
 */
function DispatchForm({ order, onMoved }: { order: OrderDetail; onMoved: (o: OrderDetail) => void }) {
  const couriers = useCouriers();
  const pickup = order.delivery?.kind === 'pickup';
  const [courier, setCourier] = useState<string | null>(null);
  const [tracking, setTracking] = useState('');
  const { busy, note, setNote, run } = useAction();
  if (order.status !== 'paid' && order.status !== 'processing') return null;
  const chosen = courier ?? couriers.data?.find((c) => c.is_default)?.name ?? '';
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!pickup && chosen.trim() === '') {
      setNote({ kind: 'error', text: MSG.courierRequired });
      return;
    }
    await run(async () => {
      const moved = await adminApi.dispatchOrder(order.orderId, pickup ? '' : chosen, pickup ? '' : tracking);
      onMoved(moved);
    }, 'The order could not be sent out.');
  }
  return (
    <form noValidate onSubmit={submit} aria-label={pickup ? 'Ready for pickup' : 'Send out'} className="rounded-md border border-brand-700 bg-white p-3">
      <h3 className="font-bold text-stone-900">{pickup ? 'Ready for pickup' : 'Send out'}</h3>
      <p className="text-sm text-stone-700">
        {pickup ? 'The customer gets a text that the order can be collected.' : 'The customer gets a text with the courier and tracking number.'}
      </p>
      <div className="mt-2 grid gap-3 sm:grid-cols-3 sm:items-end">
        {!pickup && (
          <>
            <CourierPicker id="dispatch-courier" couriers={couriers.data ?? []} value={chosen} onChange={setCourier} />
            <TextField compact id="dispatch-tracking" label="Tracking or waybill number" value={tracking} onChange={setTracking} />
          </>
        )}
        <Button type="submit" disabled={busy}>
          {pickup ? 'Mark ready for pickup' : 'Send out now'}
        </Button>
      </div>
      <Note note={note} className="mt-2" />
    </form>
  );
}
