import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { FormMessage, SubmitButton } from '../../shared/ui/form/FormMessage';
import { PhoneField, TextField } from '../../shared/ui/form/TextField';
import { OrderSummary, orderLines } from '../../shared/ui/OrderSummary';
import { OrderTimeline } from '../../shared/ui/OrderTimeline';
import { Page } from '../../shared/ui/Page';
import { ApiError } from '../../shared/api/api';
import { trackMessages } from './messages';
import { statusText } from '../../shared/api/orders';
import type { TrackedOrder } from '../../shared/api/shapes';
import { checkPhone } from '../../shared/domain/validation';
import { trackOrder } from './api';

/**
 * /track: an order found by its number and the phone given at checkout, from any phone and
 * without an account. It shows where the order stands, its road and its lines; never the
 * customer's email or address. A short link over its limit leads here with ?busy=1, and the
 * page says to wait (order.TrackBusyPath).
 */
export default function TrackPage() {
  const id = useId();
  const [params] = useSearchParams();
  const m = trackMessages();
  const [orderId, setOrderId] = useState('');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<{ orderId?: string; phone?: string }>({});
  const [formError, setFormError] = useState<string | null>(() => (params.get('busy') === '1' ? m.busy : null));
  const [busy, setBusy] = useState(false);
  const [order, setOrder] = useState<TrackedOrder | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = {
      orderId: orderId.trim() ? undefined : m.orderRequired,
      phone: phone.trim() ? checkPhone(phone, m.phoneRequired) : m.phoneRequired,
    };
    setErrors(found);
    setFormError(null);
    if (found.orderId || found.phone) return;
    setBusy(true);
    try {
      setOrder(await trackOrder(orderId.trim(), phone.trim()));
    } catch (err) {
      setOrder(null);
      if (err instanceof ApiError && err.status === 400 && err.fields) {
        setErrors({ orderId: err.fields.orderId, phone: err.fields.phone });
      } else {
        setFormError(err instanceof ApiError && err.status !== 0 && err.message ? err.message : m.failed);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title={m.title}>
      <p className="mt-2 max-w-prose text-stone-700">{m.intro}</p>
      <form onSubmit={submit} noValidate className="mt-4 max-w-md space-y-4" aria-label={m.form}>
        <TextField
          id={`${id}-order`}
          label={m.orderNumber}
          required
          autoComplete="off"
          // The form of every order number, in every language.
          placeholder="ORDER-…"
          value={orderId}
          onChange={(v) => {
            setOrderId(v);
            setErrors((e) => ({ ...e, orderId: undefined }));
          }}
          error={errors.orderId}
        />
        <PhoneField
          id={`${id}-phone`}
          required
          value={phone}
          onChange={(v) => {
            setPhone(v);
            setErrors((e) => ({ ...e, phone: undefined }));
          }}
          error={errors.phone}
        />
        <FormMessage kind="error">{formError}</FormMessage>
        <SubmitButton busy={busy} label={m.submit} busyLabel={m.looking} />
      </form>
      {order && <Tracked order={order} />}
    </Page>
  );
}

function Tracked({ order }: { order: TrackedOrder }) {
  const m = trackMessages();
  return (
    <section aria-labelledby="tracked-title" className="mt-8 grid gap-6 lg:grid-cols-5">
      <div className="rounded-lg border border-earth-200 bg-white p-5 lg:col-span-3">
        <h2 id="tracked-title" className="text-xl font-semibold text-stone-900">
          <span className="font-mono">{order.orderId}</span>: {statusText(order.status)}
        </h2>
        {order.delivery?.name && <p className="mt-1 text-stone-800">{order.delivery.name}</p>}
        <OrderTimeline order={order} className="mt-4" />
      </div>
      <div className="lg:col-span-2">
        <OrderSummary title={m.yourOrder} titleId="tracked-summary-title" as="section" lines={orderLines(order.items)} strongLineTotals totals={order} />
      </div>
    </section>
  );
}
