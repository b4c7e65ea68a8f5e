import { useState } from 'react';
import { adminApi } from '../../../shared/api/admin';
import { Badge, LoadState, formatDate } from '../../../shared/ui/controls';
import { useResource } from '../../../shared/hooks/useResource';
import { formatKsh } from '../../../shared/domain/money';
import { ENGLISH_STATUSES } from '../../../shared/i18n/messages/orders';

const ACTIONS: Record<string, string> = { order: 'Order again', stop: 'STOP', start: 'START', message: 'Message' };

/** The texts farmers sent the short code, each with the phone's latest orders beside it. */
export function SmsReplies() {
  const [all, setAll] = useState(false);
  const list = useResource(`sms-replies-${all}`, () => adminApi.smsReplies(all), { cache: false });
  return (
    <section aria-labelledby="sms-replies-heading" className="mt-8">
      <h2 id="sms-replies-heading" className="text-lg font-bold text-brand-900">
        SMS replies
      </h2>
      <label className="mt-2 inline-flex min-h-10 items-center gap-2">
        <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} /> Show every text, also those the shop answered itself
      </label>
      <LoadState loaded={list} what="the SMS replies" loading="Loading SMS replies…">
        {(replies) => (
          <div>
            {replies.length === 0 && <p className="text-stone-700">No texts from farmers yet.</p>}
            <ul className="space-y-3" aria-label="SMS replies">
              {replies.map((r) => (
                <li key={r.id} className="rounded-md border border-stone-200 bg-white p-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="font-semibold text-stone-900">
                      {r.phone ? `+${r.phone}` : '(erased)'} <Badge tone="blue">{ACTIONS[r.action] ?? r.action}</Badge>
                    </p>
                    <span className="text-sm text-stone-600">{formatDate(r.received_at)}</span>
                  </div>
                  <p className="mt-2 whitespace-pre-wrap text-stone-800">{r.text}</p>
                  <p className="mt-1 text-sm text-stone-600">
                    {r.outcome}
                    {r.orderId && ` (${r.orderId})`}
                  </p>
                  {r.phone && (
                    <a className="mt-1 inline-flex min-h-10 items-center font-semibold text-brand-800 underline" href={`tel:+${r.phone}`}>
                      Call back
                    </a>
                  )}
                  {r.orders.length > 0 && (
                    <ul className="mt-2 text-sm text-stone-700" aria-label={`Orders of +${r.phone}`}>
                      {r.orders.map((o) => (
                        <li key={o.orderId}>
                          {o.orderId}, {formatDate(o.created_at)}, {ENGLISH_STATUSES[o.status] ?? o.status}, {formatKsh(o.total)}, {o.channel}
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
      </LoadState>
    </section>
  );
}
