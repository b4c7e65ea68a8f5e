import { useEffect, useState, type FormEvent } from 'react';
import { TextField } from '../../../shared/ui/form/TextField';
import { ApiError } from '../../../shared/api/api';
import { formatKsh } from '../../../shared/domain/money';
import { statusLabel } from '../../../shared/api/orders';
import type { OrderDetail, Refund, RefundFloat } from '../../../shared/api/shapes';
import type { Errors } from '../../../shared/domain/validation';
import { adminApi } from '../../../shared/api/admin';
import { checkRefund, MSG, type RefundField, type RefundMethod } from '../../../shared/domain/adminRules';
import { useResource } from '../../../shared/hooks/useResource';
import { Badge, Note, PriceField, formatDate, useAction, type NoteState } from '../../../shared/ui/controls';
import { Button } from '../../../shared/ui/Button';

// Refunds of an order (docs/product.md section 5, docs/payments.md section 12): the money sent
// back, and the form that sends one by M-Pesa (B2C to a phone, or a reversal of the payment) or
// records one sent by hand. A refund being sent is shown as such and the order is read again until
// M-Pesa's result turns it sent or failed.

const REFUNDABLE = new Set(['paid', 'processing', 'dispatched', 'delivered', 'ready_for_pickup', 'collected', 'partially_refunded', 'cancelled']);

/** How often the order is read again while a refund is on its way. */
const POLL_MS = 2000;

const cents = (s: string | undefined) => Math.round(Number(s ?? '0') * 100);

type Item = OrderDetail['items'][number];

/**
 * What giving back qty more of a line is worth once done went back: the server's rule
 * (docs/payments.md section 12, "Refunds by line"): the line less its discount share, shared by
 * quantity, each refund the difference of the running shares rounded down to the cent.
 */
function lineValueCents(it: Item, qty: number): number {
  const paid = cents(it.total_price) - cents(it.discount);
  const done = it.refunded_quantity;
  const share = (n: number) => Math.floor((paid * n) / it.quantity);
  return share(done + qty) - share(done);
}
const shillings = (c: number) => (c / 100).toFixed(2);

function inFlight(r: Refund): boolean {
  return r.status === 'sending' || r.status === 'unknown';
}

/** What may still go back: what came in, less what went back or is going back, in cents. */
function refundableCents(o: OrderDetail): number {
  const going = (o.refunds ?? []).filter(inFlight).reduce((sum, r) => sum + cents(r.amount), 0);
  return Math.max(0, cents(o.amount_paid) - cents(o.amount_refunded) - going);
}

/**
 * The refund the shop knows the amount of: what an overpaid order received over its total, or all
 * a cancelled order received; 0 when there is none.
 */
function knownRefundCents(o: OrderDetail): number {
  const left = refundableCents(o);
  if (o.status === 'cancelled') return left;
  return Math.min(left, Math.max(0, cents(o.amount_paid) - cents(o.total) - cents(o.amount_refunded)));
}

/** 254708374149 → "0708 374 149", the way a Kenyan reads a number. */
export function localPhone(phone: string): string {
  return /^254\d{9}$/.test(phone) ? `0${phone.slice(3, 6)} ${phone.slice(6, 9)} ${phone.slice(9)}` : phone;
}

const METHOD_WORDS: Record<string, string> = { manual: 'by M-Pesa (recorded)', mpesa: 'by M-Pesa', reversal: 'by reversal' };

function RefundStatus({ r }: { r: Refund }) {
  switch (r.status) {
    case 'sending':
      return <Badge tone="blue">Sending…</Badge>;
    case 'unknown':
      return <Badge tone="amber">Checking with M-Pesa…</Badge>;
    case 'failed':
      return <Badge tone="red">Failed</Badge>;
    default:
      return <Badge tone="green">Sent</Badge>;
  }
}

function RefundRow({ r }: { r: Refund }) {
  const receipt = r.mpesa_receipt || (r.method === 'manual' ? r.reference : '');
  return (
    <li data-refund={r.id} className="flex flex-wrap items-center gap-x-2">
      <span>
        {formatKsh(r.amount)} {METHOD_WORDS[r.method] ?? ''} {receipt && <strong>{receipt}</strong>}
        {r.phone && (
          <span>
            {' '}
            to {localPhone(r.phone)}
            {r.receiver_name && ` (${r.receiver_name})`}
          </span>
        )}
        , {formatDate(r.created_at)}: {r.reason}
        {r.restocked && <span className="text-sm text-stone-600"> (stock returned)</span>}
      </span>
      <RefundStatus r={r} />
      {r.status === 'failed' && r.result_text && <span className="text-sm text-red-800">{r.result_text}</span>}
    </li>
  );
}

export function Refunds({ order, onRefunded }: { order: OrderDetail; onRefunded: (o: OrderDetail) => void }) {
  const left = refundableCents(order);
  const refunds = order.refunds ?? [];
  const float = useResource(`refund-float-${order.orderId}`, () => adminApi.refundFloat(), { cache: false });
  const [done, setDone] = useState<NoteState>(null);
  const waiting = refunds.some(inFlight);
  const orderId = order.orderId;

  // While M-Pesa has a refund, read the order again until its result is in.
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => {
      adminApi.order(orderId).then(onRefunded, () => undefined);
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [waiting, orderId, onRefunded]);

  const refunded = (o: OrderDetail, text: string) => {
    setDone({ kind: 'ok', text });
    onRefunded(o);
  };
  const canRefund = REFUNDABLE.has(order.status) && left > 0;
  return (
    <section aria-labelledby="refunds-h" className="space-y-3">
      <h3 id="refunds-h" className="font-bold text-stone-900">
        Refunds
      </h3>
      {refunds.length === 0 ? (
        <p className="text-stone-700">No refund recorded.</p>
      ) : (
        <ul className="space-y-1" aria-label="Refunds recorded">
          {refunds.map((r) => (
            <RefundRow key={r.id} r={r} />
          ))}
          <li className="font-medium">Refunded in all: {formatKsh(order.amount_refunded ?? '0')}</li>
        </ul>
      )}
      {canRefund && <FloatLine float={float.data} loading={float.status === 'loading'} error={float.error} />}
      {canRefund && float.data?.sends && knownRefundCents(order) > 0 && (
        <OneClickRefund key={`one-${order.status}-${left}`} order={order} amountCents={knownRefundCents(order)} onRefunded={refunded} />
      )}
      {canRefund ? (
        <RefundForm key={`form-${order.status}-${left}`} order={order} left={left} float={float.data} onRefunded={refunded} />
      ) : (
        refunds.length > 0 && <p className="text-stone-700">Nothing more can be refunded on this order ({statusLabel(order.status).toLowerCase()}).</p>
      )}
      <Note note={done} />
    </section>
  );
}

/** What a manager reads when the refund is above the approval line and waits for an owner. */
function waitingText(amount: string): string {
  return `The refund of ${formatKsh(amount)} is above the approval line: it waits for an owner's approval on the dashboard. Nothing has been sent yet.`;
}

/** The Utility account's balance and the day's limit, or why refunds stay manual. */
function FloatLine({ float, loading, error }: { float: RefundFloat | undefined; loading: boolean; error: Error | undefined }) {
  if (!float) {
    if (error) return <p className="text-sm text-red-800">We could not read the M-Pesa balance: {error.message}</p>;
    return loading ? <p className="text-sm text-stone-600">Reading the M-Pesa balance…</p> : null;
  }
  if (!float.sends) return <p className="text-sm text-stone-700">Refunds stay manual: {float.why}</p>;
  return (
    <p className="text-sm text-stone-700">
      {float.utility == null
        ? 'Utility account: asking M-Pesa for the balance.'
        : `Utility account: ${formatKsh(float.utility)}${float.checked_at ? ` (at ${formatDate(float.checked_at)})` : ''}.`}{' '}
      M-Pesa refunds today: {formatKsh(float.sent_today)} of {formatKsh(float.daily_limit)}.
    </p>
  );
}

/**
 * The payer: the number the order's M-Pesa payment came from (a Paybill payer's is masked: then the
 * customer's own number), with the customer's name.
 */
function payerOf(o: OrderDetail): { phone: string; name: string } {
  const phone = o.payment?.status === 'succeeded' && o.payment.phone ? o.payment.phone : (o.customer?.phone ?? '');
  return { phone, name: o.customer?.name ?? '' };
}

/** "Refund Ksh X by M-Pesa", then a confirmation naming the number and the name. */
function OneClickRefund({ order, amountCents, onRefunded }: { order: OrderDetail; amountCents: number; onRefunded: (o: OrderDetail, text: string) => void }) {
  const [asking, setAsking] = useState(false);
  const { busy, note, run } = useAction();
  const payer = payerOf(order);
  const amount = shillings(amountCents);
  if (!payer.phone || amountCents % 100 !== 0 || amountCents < 1000) return null;
  const reason = order.status === 'cancelled' ? 'Order cancelled' : 'Overpaid';
  async function send() {
    await run(async () => {
      const answer = await adminApi.refund(order.orderId, { method: 'mpesa', amount, reason, phone: payer.phone, restock: false });
      setAsking(false);
      if ('approval' in answer) onRefunded(await adminApi.order(order.orderId), waitingText(answer.approval.amount));
      else onRefunded(answer, `Sending ${formatKsh(amount)} by M-Pesa to ${localPhone(payer.phone)}.`);
    }, 'The refund could not be sent.');
  }
  return (
    <div className="rounded-md border border-brand-200 bg-brand-50 p-3">
      {asking ? (
        <div role="group" aria-label="Confirm the refund">
          <p className="font-medium text-stone-900">
            Send {formatKsh(amount)} by M-Pesa to {localPhone(payer.phone)}
            {payer.name && ` (${payer.name})`}?
          </p>
          <div className="mt-2 flex gap-2">
            <Button onClick={send} disabled={busy}>
              Send {formatKsh(amount)}
            </Button>
            <Button variant="secondary" onClick={() => setAsking(false)} disabled={busy}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <Button onClick={() => setAsking(true)}>Refund {formatKsh(amount)} by M-Pesa</Button>
      )}
      <Note note={note} className="mt-2" />
    </div>
  );
}

const METHODS: { value: RefundMethod; label: string }[] = [
  { value: 'mpesa', label: 'Send by M-Pesa' },
  { value: 'reversal', label: 'Reverse the M-Pesa payment (all of it)' },
  { value: 'manual', label: 'Record money sent by hand' },
];

function RefundForm({
  order,
  left,
  float,
  onRefunded,
}: {
  order: OrderDetail;
  left: number;
  float: RefundFloat | undefined;
  onRefunded: (o: OrderDetail, text: string) => void;
}) {
  const sends = float?.sends ?? false;
  const payer = payerOf(order);
  const [method, setMethod] = useState<RefundMethod>('manual');
  // The amount starts empty: a careless click records nothing. Line quantities fill it in.
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [reference, setReference] = useState('');
  const [phone, setPhone] = useState(payer.phone);
  const [qty, setQty] = useState<Record<number, string>>({});
  const [restocks, setRestocks] = useState<Record<number, boolean>>({});
  const [confirming, setConfirming] = useState(false);
  const [errors, setErrors] = useState<Errors<RefundField>>({});
  const { busy, note, setNote, run } = useAction();
  const active = sends ? method : 'manual';

  const items = order.items ?? [];
  const chosen = items
    .map((it) => ({ it, n: Number(qty[it.id] ?? '') }))
    .filter(({ it, n }) => Number.isInteger(n) && n > 0 && n <= it.quantity - it.refunded_quantity);
  const lines = chosen.map(({ it, n }) => ({ order_item_id: it.id, quantity: n, restock: restocks[it.id] ?? false }));
  const linesCents = chosen.reduce((sum, { it, n }) => sum + lineValueCents(it, n), 0);
  const most = lines.length > 0 ? Math.min(linesCents, left) : left;

  function setLine(it: Item, value: string) {
    const next = { ...qty, [it.id]: value };
    setQty(next);
    const worth = items.reduce((sum, i) => {
      const n = Number(next[i.id] ?? '');
      return Number.isInteger(n) && n > 0 && n <= i.quantity - i.refunded_quantity ? sum + lineValueCents(i, n) : sum;
    }, 0);
    setAmount(worth > 0 ? shillings(Math.min(worth, left)) : '');
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const found = checkRefund({ amount, reason, reference, method: active, phone });
    const badLine = items.find((it) => {
      const raw = (qty[it.id] ?? '').trim();
      const n = Number(raw);
      return raw !== '' && raw !== '0' && !(Number.isInteger(n) && n > 0 && n <= it.quantity - it.refunded_quantity);
    });
    if (badLine) found.lines = `At most ${badLine.quantity - badLine.refunded_quantity} of ${badLine.product_name} (${badLine.size}) can still be refunded.`;
    if (!found.amount && active !== 'reversal' && cents(amount) > most) {
      found.amount =
        lines.length > 0 && linesCents <= left
          ? `The lines chosen are worth ${formatKsh(shillings(linesCents))}: the amount can be at most that.`
          : `At most ${formatKsh(shillings(left))} can be refunded.`;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setNote({ kind: 'error', text: MSG.fixFields });
      return;
    }
    setConfirming(true);
  }

  async function send() {
    await run(async () => {
      const restock = false;
      const withLines = lines.length > 0 ? { lines } : {};
      const body =
        active === 'manual'
          ? { method: active, amount: amount.trim(), reason, reference, restock, ...withLines }
          : active === 'mpesa'
            ? { method: active, amount: amount.trim(), reason, phone: phone.trim(), restock, ...withLines }
            : { method: active, reason, restock, ...withLines };
      const answer = await adminApi.refund(order.orderId, body);
      setNote(null);
      setConfirming(false);
      if ('approval' in answer) {
        onRefunded(await adminApi.order(order.orderId), waitingText(answer.approval.amount));
        return;
      }
      const refunded = answer;
      const words =
        active === 'manual'
          ? `Refund of ${formatKsh(amount.trim())} recorded: the order is ${statusLabel(refunded.status).toLowerCase()}.`
          : `Refund sent to M-Pesa: it shows as sent once M-Pesa confirms.`;
      onRefunded(refunded, words);
    }, active === 'manual' ? 'The refund could not be recorded.' : 'The refund could not be sent.', (err) => {
      setConfirming(false);
      if (err instanceof ApiError && err.fields) setErrors(err.fields);
    });
  }

  const title = active === 'manual' ? 'Record refund' : 'Refund by M-Pesa';
  return (
    <form noValidate onSubmit={submit} aria-label={title} className="rounded-md border border-stone-200 bg-white p-3">
      <h4 className="font-bold text-stone-900">{title}</h4>
      {sends && (
        <fieldset className="mt-2">
          <legend className="text-sm font-medium text-stone-800">How the money goes back</legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {METHODS.map((m) => (
              <label key={m.value} className="inline-flex items-center gap-2 text-sm">
                <input type="radio" name="refund-method" value={m.value} checked={method === m.value} onChange={() => setMethod(m.value)} />
                {m.label}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <p className="mt-1 text-sm text-stone-700">
        {active === 'manual'
          ? `Send the money back by M-Pesa first, then record it here. At most ${formatKsh(shillings(left))} can be refunded.`
          : active === 'mpesa'
            ? `The shop sends the money by M-Pesa (whole shillings, Ksh 10 to 250,000). At most ${formatKsh(shillings(left))} can be refunded.`
            : 'M-Pesa sends the whole of the order\u2019s payment back to the number that paid.'}
      </p>
      <div className="mt-2 grid gap-3 sm:grid-cols-3 sm:items-start">
        {active !== 'reversal' && <PriceField id="refund-amount" label="Amount (Ksh)" value={amount} onChange={setAmount} error={errors.amount} />}
        <TextField compact id="refund-reason" label="Reason" value={reason} onChange={setReason} error={errors.reason} maxLength={500} />
        {active === 'manual' && (
          <TextField
            compact
            id="refund-reference"
            label="M-Pesa reference"
            placeholder="e.g. SKL4H2B9XQ"
            value={reference}
            onChange={setReference}
            error={errors.reference}
            maxLength={40}
          />
        )}
        {active === 'mpesa' && (
          <TextField compact id="refund-phone" label="M-Pesa number" type="tel" value={phone} onChange={setPhone} error={errors.phone} maxLength={20} />
        )}
      </div>
      {active === 'mpesa' && payer.name && phone === payer.phone && (
        <p className="mt-1 text-sm text-stone-600">
          The number that paid: {localPhone(payer.phone)} ({payer.name}).
        </p>
      )}
      {errors.receipt && <p className="mt-1 text-sm text-red-800">{errors.receipt}</p>}
      {items.length > 0 && (
        <fieldset className="mt-3">
          <legend className="text-sm font-medium text-stone-800">What comes back (leave empty for an amount alone, such as the delivery fee)</legend>
          <table className="mt-1 w-full text-left text-sm">
            <thead>
              <tr className="text-stone-700">
                <th scope="col" className="py-1 pr-2 font-medium">
                  Line
                </th>
                <th scope="col" className="py-1 pr-2 font-medium">
                  Can be refunded
                </th>
                <th scope="col" className="py-1 pr-2 font-medium">
                  Quantity
                </th>
                <th scope="col" className="py-1 font-medium">
                  Back in stock
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((it) => {
                const open = it.quantity - it.refunded_quantity;
                const what = `${it.product_name} (${it.size})`;
                return (
                  <tr key={it.id} data-line={it.sku} className="border-t border-stone-100">
                    <td className="py-1 pr-2">{what}</td>
                    <td className="py-1 pr-2">
                      {open} of {it.quantity}
                    </td>
                    <td className="py-1 pr-2">
                      <input
                        type="number"
                        min={0}
                        max={open}
                        step={1}
                        inputMode="numeric"
                        disabled={open === 0}
                        aria-label={`Quantity to refund of ${what}`}
                        className="w-20 rounded border border-stone-400 px-2 py-1"
                        value={qty[it.id] ?? ''}
                        onChange={(e) => setLine(it, e.target.value)}
                      />
                    </td>
                    <td className="py-1">
                      <input
                        type="checkbox"
                        disabled={open === 0}
                        aria-label={`Put ${what} back in stock`}
                        checked={restocks[it.id] ?? false}
                        onChange={(e) => setRestocks({ ...restocks, [it.id]: e.target.checked })}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {errors.lines && <p className="mt-1 text-sm text-red-800">{errors.lines}</p>}
          {lines.length > 0 && <p className="mt-1 text-sm text-stone-700">The lines chosen are worth {formatKsh(shillings(linesCents))}.</p>}
        </fieldset>
      )}
      {confirming ? (
        <div role="group" aria-label="Confirm the refund" className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3">
          <p className="font-medium text-stone-900">
            {active === 'mpesa'
              ? `Send ${formatKsh(amount.trim())} by M-Pesa to ${localPhone(phone.trim())}${phone === payer.phone && payer.name ? ` (${payer.name})` : ''}?`
              : active === 'manual'
                ? `Record ${formatKsh(amount.trim())} sent back by hand${payer.phone ? ` to ${localPhone(payer.phone)}` : ''}${payer.name ? ` (${payer.name})` : ''}, M-Pesa reference ${reference.trim().toUpperCase()}?`
                : `Reverse the order's M-Pesa payment${payer.phone ? ` from ${localPhone(payer.phone)}` : ''}${payer.name ? ` (${payer.name})` : ''}?`}
            {lines.length > 0 &&
              ` ${lines.map((l) => {
                const it = items.find((i) => i.id === l.order_item_id);
                return `${l.quantity} × ${it?.product_name ?? ''}${l.restock ? ' back in stock' : ''}`;
              }).join(', ')}.`}
          </p>
          <div className="mt-2 flex gap-2">
            <Button onClick={send} disabled={busy}>
              {active === 'mpesa' ? `Send ${formatKsh(amount.trim())}` : active === 'manual' ? `Record ${formatKsh(amount.trim())}` : 'Reverse the payment'}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={busy}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <Button type="submit" variant="danger" className="mt-3" disabled={busy}>
          {active === 'manual' ? 'Record refund' : active === 'mpesa' ? 'Send refund' : 'Reverse payment'}
        </Button>
      )}
      <Note note={note} className="mt-2" />
    </form>
  );
}

/**
 * The dashboard's reminder that the M-Pesa initiator's password expires (90 days after it is set):
 * from two weeks before, and once it has.
 */
export function InitiatorPasswordReminder() {
  const float = useResource('refund-float', () => adminApi.refundFloat(), { cache: false });
  const on = float.data?.password_expires_on;
  if (!on) return null;
  const days = Math.ceil((new Date(`${on}T00:00:00+03:00`).getTime() - Date.now()) / 86_400_000);
  if (days > 14) return null;
  return (
    <p role="alert" className="mt-3 font-semibold text-amber-900">
      {days <= 0 ? `The M-Pesa initiator password expired on ${on}` : `The M-Pesa initiator password expires on ${on} (in ${days} days)`}: set a new one on
      the M-Pesa org portal, then update SHOP_MPESA_INITIATOR_PASSWORD and SHOP_MPESA_INITIATOR_PASSWORD_SET. Refunds by M-Pesa fail until then.
    </p>
  );
}
