import { useState } from 'react';
import type { OrderDetail, SmsMessage } from '../../../shared/api/shapes';
import { adminApi } from '../../../shared/api/admin';
import { Note, errorText, formatDate, type NoteState } from '../../../shared/ui/controls';
import { Button } from '../../../shared/ui/Button';

const STATUS_WORDS: Record<SmsMessage['status'], string> = {
  queued: 'waiting to be sent',
  sending: 'sending',
  sent: 'sent',
  failed: 'not sent',
};

/**
 * The text messages sent about an order, with what the SMS gateway said of each, and a
 * "Send again" for any of them (limited per order: each costs money).
 */
export function OrderTexts({ order, onChanged }: { order: OrderDetail; onChanged: (o: OrderDetail) => void }) {
  const [busy, setBusy] = useState<number | null>(null);
  const [note, setNote] = useState<NoteState>(null);
  const resend = async (m: SmsMessage) => {
    setBusy(m.id);
    setNote(null);
    try {
      onChanged(await adminApi.resendSms(order.orderId, m.id));
      setNote({ kind: 'ok', text: `The ${m.kind} message to ${m.to} is queued again.` });
    } catch (err) {
      setNote({ kind: 'error', text: errorText(err, 'The message could not be queued again. Please try again.') });
    } finally {
      setBusy(null);
    }
  };
  return (
    <section aria-labelledby="sms-h">
      <h3 id="sms-h" className="font-bold text-stone-900">
        Text messages
      </h3>
      {order.sms.length === 0 ? (
        <p className="text-stone-700">No text messages for this order.</p>
      ) : (
        <ul className="mt-1 divide-y divide-stone-200 rounded-md border border-stone-200 bg-white">
          {order.sms.map((m) => (
            <li key={m.id} className="space-y-1 px-3 py-2">
              <p className="text-sm text-stone-600">
                {formatDate(m.created_at)} · to +{m.to} ·{' '}
                <strong className={m.status === 'failed' ? 'text-red-800' : 'text-stone-900'}>{STATUS_WORDS[m.status]}</strong>
                {m.status_text && ` (${m.status_text})`}
              </p>
              <p className="text-stone-900">{m.body}</p>
              <Button variant="secondary" onClick={() => resend(m)} disabled={busy !== null}>
                {busy === m.id ? 'Sending…' : 'Send again'}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Note note={note} />
    </section>
  );
}
