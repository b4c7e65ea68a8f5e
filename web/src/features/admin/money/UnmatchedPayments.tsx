import { useState } from 'react';
import { TextField } from '../../../shared/ui/form/TextField';
import { formatKsh } from '../../../shared/domain/money';
import { adminApi, type UnmatchedPayment } from '../../../shared/api/admin';
import { LoadError, Note, Part, formatDate, useAction, type NoteState } from '../../../shared/ui/controls';
import { Button } from '../../../shared/ui/Button';
import { useResource } from '../../../shared/hooks/useResource';

// Money M-Pesa says arrived but that no order claimed: a prompt whose reference the shop lost
// when it stopped, or a Paybill payment whose account number matched no order. Each stays
// listed until it is assigned to its order (docs/payments.md sections 5 and 10).
export function UnmatchedPayments() {
  const list = useResource('unmatched', () => adminApi.unmatchedPayments(), { cache: false });
  // Said above the list: the assigned payment leaves it.
  const [done, setDone] = useState<NoteState>(null);
  if (list.error && !list.data) return <LoadError what="the unmatched payments" error={list.error} onRetry={list.retry} />;
  const payments = list.data;
  return (
    <Part level={2} id="unmatched-h" title="Unmatched M-Pesa payments">
      <Note note={done} />
      {!payments && <p role="status">Loading the unmatched payments…</p>}
      {payments?.length === 0 && <p className="mt-2 text-stone-700">Every M-Pesa payment belongs to an order.</p>}
      {payments && payments.length > 0 && (
        <ul className="mt-2 divide-y divide-stone-200 rounded-md border border-red-300 bg-red-50">
          {payments.map((p) => (
            <Unmatched
              key={`${p.kind}-${p.id}`}
              payment={p}
              onAssigned={(text) => {
                setDone({ kind: 'ok', text });
                list.retry();
              }}
            />
          ))}
        </ul>
      )}
    </Part>
  );
}

function Unmatched({ payment: p, onAssigned }: { payment: UnmatchedPayment; onAssigned: (said: string) => void }) {
  const [orderId, setOrderId] = useState('');
  const { busy, note, setNote, run } = useAction();
  const [error, setError] = useState<string>();
  const assign = async () => {
    if (!orderId.trim()) {
      setError('Choose the order this payment was made for.');
      return;
    }
    setError(undefined);
    setNote(null);
    await run(async () => {
      const order = await adminApi.assignPayment(p, orderId.trim());
      onAssigned(`${p.receipt || 'The payment'} assigned to ${order.orderId}.`);
    }, 'The payment could not be assigned. Please try again.');
  };
  return (
    <li className="space-y-2 px-3 py-3">
      <p>
        <strong>{p.receipt || 'No receipt'}</strong> · {formatKsh(p.amount)}{' '}
        {p.kind === 'paybill'
          ? `by Paybill from ${p.payer_name || 'an unknown payer'} (${p.phone || 'number hidden'}), account “${p.account ?? ''}”`
          : `from ${p.phone || 'an unknown number'}`}{' '}
        · {formatDate(p.received_at)}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <TextField compact id={`assign-${p.kind}-${p.id}`} label="Order number" value={orderId} onChange={setOrderId} error={error} placeholder="ORDER-…" />
        <Button onClick={assign} disabled={busy}>
          {busy ? 'Assigning…' : 'Assign to order'}
        </Button>
      </div>
      <Note note={note} />
    </li>
  );
}
