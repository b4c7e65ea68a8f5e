import { useState, type FormEvent } from 'react';
import { CheckboxField } from '../../../shared/ui/form/CheckboxField';
import { TextField } from '../../../shared/ui/form/TextField';
import { ApiError } from '../../../shared/api/api';
import { formatKsh } from '../../../shared/domain/money';
import { statusLabel } from '../../../shared/api/orders';
import type { OrderDetail } from '../../../shared/api/shapes';
import type { Errors } from '../../../shared/domain/validation';
import { adminApi } from '../../../shared/api/admin';
import { checkRefund, MSG, type RefundField } from '../../../shared/domain/adminRules';
import { Button, Note, PriceField, formatDate, useAction, type NoteState } from '../../../shared/ui/controls';

// Refunds of an order (docs/product.md section 5): the money sent back by M-Pesa, and the form that
// records one. The shop sends the money by hand; this records it, with its M-Pesa reference.

const REFUNDABLE = new Set(['paid', 'processing', 'dispatched', 'delivered', 'ready_for_pickup', 'collected', 'partially_refunded']);

/** What may still go back: what came in, less what went back already, in cents. */
function refundableCents(o: OrderDetail): number {
  const cents = (s: string | undefined) => Math.round(Number(s ?? '0') * 100);
  return Math.max(0, cents(o.amount_paid) - cents(o.amount_refunded));
}

export function Refunds({ order, onRefunded }: { order: OrderDetail; onRefunded: (o: OrderDetail) => void }) {
  const left = refundableCents(order);
  const refunds = order.refunds ?? [];
  const [done, setDone] = useState<NoteState>(null);
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
            <li key={r.reference}>
              {formatKsh(r.amount)} by M-Pesa <strong>{r.reference}</strong>, {formatDate(r.created_at)}: {r.reason}
              {r.restocked && <span className="text-sm text-stone-600"> (stock returned)</span>}
            </li>
          ))}
          <li className="font-medium">Refunded in all: {formatKsh(order.amount_refunded ?? '0')}</li>
        </ul>
      )}
      {REFUNDABLE.has(order.status) && left > 0 ? (
        <RefundForm
          key={`${order.status}-${left}`}
          order={order}
          left={left}
          onRefunded={(o, amount) => {
            setDone({ kind: 'ok', text: `Refund of ${formatKsh(amount)} recorded: the order is ${statusLabel(o.status).toLowerCase()}.` });
            onRefunded(o);
          }}
        />
      ) : (
        refunds.length > 0 && <p className="text-stone-700">Nothing more can be refunded on this order ({statusLabel(order.status).toLowerCase()}).</p>
      )}
      <Note note={done} />
    </section>
  );
}

function RefundForm({
  order,
  left,
  onRefunded,
}: {
  order: OrderDetail;
  left: number;
  onRefunded: (o: OrderDetail, amount: string) => void;
}) {
  const [amount, setAmount] = useState((left / 100).toFixed(2));
  const [reason, setReason] = useState('');
  const [reference, setReference] = useState('');
  const [restock, setRestock] = useState(false);
  const [errors, setErrors] = useState<Errors<RefundField>>({});
  const { busy, note, setNote, run } = useAction();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const found = checkRefund({ amount, reason, reference });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setNote({ kind: 'error', text: MSG.fixFields });
      return;
    }
    await run(async () => {
      const refunded = await adminApi.refund(order.orderId, { amount: amount.trim(), reason, reference, restock });
      setNote(null);
      onRefunded(refunded, amount.trim());
    }, 'The refund could not be recorded.', (err) => {
      if (err instanceof ApiError && err.fields) setErrors(err.fields);
    });
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Record refund" className="rounded-md border border-stone-200 bg-white p-3">
      <h4 className="font-bold text-stone-900">Record refund</h4>
      <p className="text-sm text-stone-700">
        Send the money back by M-Pesa first, then record it here. At most {formatKsh((left / 100).toFixed(2))} can be refunded.
      </p>
      <div className="mt-2 grid gap-3 sm:grid-cols-3 sm:items-start">
        <PriceField id="refund-amount" label="Amount (Ksh)" value={amount} onChange={setAmount} error={errors.amount} />
        <TextField compact id="refund-reason" label="Reason" value={reason} onChange={setReason} error={errors.reason} maxLength={500} />
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
      </div>
      <div className="mt-3">
        <CheckboxField id="refund-restock" checked={restock} onChange={setRestock} error={errors.restock}>
          Put this order's items back in stock
        </CheckboxField>
      </div>
      <Button type="submit" variant="danger" className="mt-3" disabled={busy}>
        Record refund
      </Button>
      <Note note={note} className="mt-2" />
    </form>
  );
}
