import type { EtimsOverview, EtimsQueued } from '../../../shared/api/shapes';
import { adminApi } from '../../../shared/api/admin';
import { LoadState, Note, Part, formatDate, useAction } from '../../../shared/ui/controls';
import { Button } from '../../../shared/ui/Button';
import { useResource } from '../../../shared/hooks/useResource';

// KRA eTIMS (docs/etims.md): every paid order is an invoice and every refund a credit note, sent
// to KRA in number order. A refusal stops the queue until it is fixed and retried here.

function QueueList({ list, empty }: { list: EtimsQueued[]; empty: string }) {
  if (list.length === 0) return <p className="mt-2 text-stone-700">{empty}</p>;
  return (
    <ul className="mt-2 divide-y divide-stone-200 rounded-md border border-stone-200 bg-white">
      {list.map((q) => (
        <li key={q.invoice_no} className="space-y-1 px-3 py-2">
          <p>
            <strong>No. {q.invoice_no}</strong> · {q.kind === 'sale' ? 'Invoice' : `Credit note against No. ${q.original_invoice_no}`} for{' '}
            {q.order_number} · Ksh {q.total}
            {q.cu_invoice_no && <> · CU invoice {q.cu_invoice_no}</>}
          </p>
          {q.status === 'refused' && (
            <p className="text-red-800">
              KRA refused it: {q.result_code} {q.result_message}
            </p>
          )}
          {q.status === 'pending' && q.attempts > 0 && (
            <p className="text-stone-700">
              Tried {q.attempts} times{q.next_try_at ? `; next try ${formatDate(q.next_try_at)}` : ''}. {q.result_message}
            </p>
          )}
          <p className="text-sm text-stone-600">Queued {formatDate(q.created_at)}</p>
        </li>
      ))}
    </ul>
  );
}

function Overview({ ov, reload }: { ov: EtimsOverview; reload: () => void }) {
  const { busy, note, setNote, run } = useAction();
  if (!ov.enabled) {
    return <p className="mt-2 text-stone-700">eTIMS is not configured (SHOP_ETIMS_URL, SHOP_ETIMS_TIN, SHOP_ETIMS_DEVICE_SERIAL): sales are not reported to KRA.</p>;
  }
  async function retry() {
    setNote(null);
    await run(async () => {
      const { retried } = await adminApi.retryEtims();
      setNote({ kind: 'ok', text: `${retried} refused invoices sent back to the queue.` });
      reload();
    }, 'The invoices could not be sent back to the queue.');
  }
  return (
    <>
      <p className="mt-1 text-stone-700">
        Branch {ov.branch}
        {ov.scu_id ? `, SCU ID ${ov.scu_id}` : ', device not initialised yet'}. {ov.unsigned_over_an_hour} unsigned for more than an hour.
      </p>
      <Part id="etims-refused-h" title="Refused by KRA">
        <QueueList list={ov.refused} empty="Nothing refused." />
        {ov.refused.length > 0 && (
          <div className="mt-2 flex items-center gap-3">
            <Button onClick={retry} disabled={busy}>
              {busy ? 'Sending…' : 'Retry after fixing'}
            </Button>
            <Note note={note} />
          </div>
        )}
      </Part>
      <Part id="etims-pending-h" title="Waiting for KRA">
        <QueueList list={ov.pending} empty="Nothing waiting." />
      </Part>
      <Part id="etims-signed-h" title="Signed today">
        <QueueList list={ov.signed_today} empty="Nothing signed today yet." />
      </Part>
      <Part id="etims-items-h" title="Items registered with KRA">
        {ov.items.length === 0 ? (
          <p className="mt-2 text-stone-700">No size has been invoiced yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-stone-200 rounded-md border border-stone-200 bg-white">
            {ov.items.map((it) => (
              <li key={it.item_code} className="px-3 py-2">
                <span className="font-mono">{it.item_code}</span> · {it.name} · band {it.band} ·{' '}
                {it.registered_at ? `registered ${formatDate(it.registered_at)}` : it.result_code ? `refused: ${it.result_code} ${it.result_message}` : 'not registered yet'}
              </li>
            ))}
          </ul>
        )}
      </Part>
    </>
  );
}

export function EtimsTab() {
  const loaded = useResource('etims', () => adminApi.etims(), { cache: false });
  return (
    <LoadState loaded={loaded} what="the eTIMS queue">
      {(ov) => (
        <Part level={2} id="etims-h" title="eTIMS: KRA tax invoices">
          <Overview ov={ov} reload={loaded.retry} />
        </Part>
      )}
    </LoadState>
  );
}
