import { useState } from 'react';
import { formatKsh } from '../../../shared/domain/money';
import type { RefundApproval } from '../../../shared/api/shapes';
import { adminApi } from '../../../shared/api/admin';
import { Note, Part, formatDate, useAction } from '../../../shared/ui/controls';
import { Button } from '../../../shared/ui/Button';

// Refunds a manager asked for above the approval line (SHOP_REFUND_APPROVAL_OVER), waiting for an
// owner on the dashboard (docs/product.md, "Roles"). Nothing was sent or counted: 'Approve' runs
// the refund as the owner's, 'Decline' drops it. The server runs an approval once however often
// it is pressed.
export function RefundApprovals({ waiting, onDecided }: { waiting: RefundApproval[]; onDecided: () => void }) {
  const { busy, note, setNote, run } = useAction();
  const [gone, setGone] = useState<number[]>([]);
  const shown = waiting.filter((a) => !gone.includes(a.id));
  if (waiting.length === 0 && !note) return null;

  function decide(a: RefundApproval, approve: boolean) {
    const question = approve
      ? `Refund ${formatKsh(a.amount)} on ${a.order} (${a.method === 'manual' ? 'recorded as sent by hand' : 'sent by M-Pesa'})?`
      : `Decline the refund of ${formatKsh(a.amount)} on ${a.order}?`;
    if (!window.confirm(question)) return;
    void run(async () => {
      if (approve) await adminApi.approveRefund(a.id);
      else await adminApi.declineRefund(a.id);
      setGone((g) => [...g, a.id]);
      setNote({ kind: 'ok', text: approve ? `The refund on ${a.order} is approved.` : `The refund on ${a.order} is declined.` });
      onDecided();
    }, approve ? 'The refund could not be approved.' : 'The refund could not be declined.');
  }

  return (
    <Part level={2} id="approvals-h" title="Refunds waiting for approval">
      <Note note={note} className="mt-2" />
      {shown.length === 0 ? (
        <p className="mt-2 text-stone-700">No refund is waiting.</p>
      ) : (
        <ul className="mt-2 divide-y divide-stone-200 rounded-md border border-amber-300 bg-amber-50" aria-label="Refunds waiting for approval">
          {shown.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 px-3 py-3">
              <span>
                <strong>{formatKsh(a.amount)}</strong> on {a.order} · {a.reason} · asked by {a.requested_by} on {formatDate(a.created_at)}
                {a.restock && ' · stock back on sale'}
              </span>
              <span className="flex gap-2">
                <Button disabled={busy} onClick={() => decide(a, true)} aria-label={`Approve the refund on ${a.order}`}>
                  Approve
                </Button>
                <Button variant="secondary" disabled={busy} onClick={() => decide(a, false)} aria-label={`Decline the refund on ${a.order}`}>
                  Decline
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Part>
  );
}
