import { useState } from 'react';
import type { MailMessage, OrderDetail } from '../../../shared/api/shapes';
import { adminApi } from '../../../shared/api/admin';
import { Note, errorText, formatDate, type NoteState } from '../../../shared/ui/controls';
import { Button } from '../../../shared/ui/Button';

const STATUS_WORDS: Record<MailMessage['status'], string> = {
  queued: 'waiting to be sent',
  sending: 'sending',
  sent: 'sent',
  failed: 'not sent',
};

const KIND_WORDS: Record<string, string> = {
  'order-paid': 'Confirmation with receipt',
  'order-business': 'New-order notice',
  'order-unpaid': 'How to pay after a failed prompt',
};

/**
 * The mail sent about an order, with what the mail server said of each (a message the server
 * refused for now waits and is tried again for a day), and a "Send again" for any of them.
 */
export function OrderMail({ order, onChanged }: { order: OrderDetail; onChanged: (o: OrderDetail) => void }) {
  const [busy, setBusy] = useState<number | null>(null);
  const [note, setNote] = useState<NoteState>(null);
  const resend = async (m: MailMessage) => {
    setBusy(m.id);
    setNote(null);
    try {
      onChanged(await adminApi.resendMail(order.orderId, m.id));
      setNote({ kind: 'ok', text: `The mail to ${m.to} is queued again.` });
    } catch (err) {
      setNote({ kind: 'error', text: errorText(err, 'The mail could not be queued again. Please try again.') });
    } finally {
      setBusy(null);
    }
  };
  return (
    <section aria-labelledby="mail-h">
      <h3 id="mail-h" className="font-bold text-stone-900">
        Mail
      </h3>
      {order.mail.length === 0 ? (
        <p className="text-stone-700">No mail for this order.</p>
      ) : (
        <ul className="mt-1 divide-y divide-stone-200 rounded-md border border-stone-200 bg-white">
          {order.mail.map((m) => (
            <li key={m.id} className="space-y-1 px-3 py-2">
              <p className="text-sm text-stone-600">
                {formatDate(m.created_at)} · to {m.to} ·{' '}
                <strong className={m.status === 'failed' ? 'text-red-800' : 'text-stone-900'}>{STATUS_WORDS[m.status]}</strong>
                {m.attempts > 1 && ` after ${m.attempts} tries`}
                {m.status_text && ` (${m.status_text})`}
              </p>
              <p className="text-stone-900">
                {KIND_WORDS[m.kind] ?? m.kind}: {m.subject}
              </p>
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
