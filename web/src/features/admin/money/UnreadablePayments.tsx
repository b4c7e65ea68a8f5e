import { adminApi } from '../../../shared/api/admin';
import { LoadError, Part, formatDate } from '../../../shared/ui/controls';
import { useResource } from '../../../shared/hooks/useResource';

// Paybill confirmations whose amount (or TransID) the shop could not read. They count towards no
// order: the owner checks each against the M-Pesa statement (docs/payments.md section 10).
export function UnreadablePayments() {
  const list = useResource('unreadable', () => adminApi.unreadablePayments(), { cache: false });
  if (list.error && !list.data) return <LoadError what="the unreadable M-Pesa confirmations" error={list.error} onRetry={list.retry} />;
  const kept = list.data;
  return (
    <Part level={2} id="unreadable-h" title="M-Pesa confirmations the shop could not read">
      <p className="mt-1 text-sm text-stone-700">
        These counted towards no order. Find each in the M-Pesa statement, then assign the money to its order by hand.
      </p>
      {!kept && <p role="status">Loading the confirmations…</p>}
      {kept?.length === 0 && <p className="mt-2 text-stone-700">Every M-Pesa confirmation could be read.</p>}
      {kept && kept.length > 0 && (
        <ul className="mt-2 divide-y divide-stone-200 rounded-md border border-amber-300 bg-amber-50">
          {kept.map((u) => (
            <li key={u.id} className="space-y-1 px-3 py-3">
              <p>
                <strong>{u.trans_id || 'No TransID'}</strong> · {formatDate(u.received_at)} · {u.reason}
              </p>
              <pre className="overflow-x-auto whitespace-pre-wrap break-all rounded bg-white p-2 text-xs text-stone-800">{u.body}</pre>
            </li>
          ))}
        </ul>
      )}
    </Part>
  );
}
