import { useState } from 'react';
import { adminApi } from '../../../shared/api/admin';
import { Pager } from '../../../shared/ui/PagedList';
import { Badge, LoadState, errorText, formatDate } from '../../../shared/ui/controls';
import { Button } from '../../../shared/ui/Button';
import { useResource } from '../../../shared/hooks/useResource';
import { saveBlob } from '../../../shared/ui/download';
import { SmsReplies } from './SmsReplies';

const SUBJECTS: Record<string, string> = {
  general: 'General',
  order: 'Order',
  custom: 'Custom feed',
  wholesale: 'Wholesale',
  press: 'Press',
};

export function MessagesTab() {
  const list = useResource('messages', () => adminApi.messages(), { cache: false });
  const [note, setNote] = useState('');

  async function mark(id: number, handled: boolean) {
    try {
      await adminApi.setHandled(id, handled);
      setNote('');
    } catch (err) {
      setNote(errorText(err, 'The message could not be updated.'));
    }
    list.retry();
  }

  return (
    <LoadState loaded={list} what="the messages" loading="Loading messages…">
      {(messages) => (
        <div>
          {note && (
            <p role="alert" className="text-red-800">
              {note}
            </p>
          )}
          {messages.length === 0 && <p className="text-stone-700">No messages yet.</p>}
          <ul className="space-y-3" aria-label="Messages">
            {messages.map((m) => (
              <li key={m.id} className={`rounded-md border p-3 ${m.handled_at ? 'border-stone-200 bg-white' : 'border-earth-400 bg-earth-50'}`}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-semibold text-stone-900">
                    {m.name} <span className="font-normal text-stone-700">&lt;{m.email}&gt;</span>{' '}
                    <Badge tone="blue">{SUBJECTS[m.subject] ?? m.subject}</Badge>{' '}
                    {m.handled_at ? <Badge tone="grey">Handled</Badge> : <Badge tone="amber">New</Badge>}
                  </p>
                  <span className="text-sm text-stone-600">{formatDate(m.created_at)}</span>
                </div>
                <p className="mt-2 whitespace-pre-wrap text-stone-800">{m.message}</p>
                <div className="mt-2 flex flex-wrap gap-2">
                  <a className="inline-flex min-h-10 items-center font-semibold text-brand-800 underline" href={`mailto:${m.email}`}>
                    Reply by email
                  </a>
                  <Button variant="secondary" onClick={() => void mark(m.id, !m.handled_at)}>
                    {m.handled_at ? 'Mark as not handled' : 'Mark as handled'}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          <SmsReplies />
        </div>
      )}
    </LoadState>
  );
}

export function SubscribersTab() {
  const list = useResource('subscribers', () => adminApi.subscribers(), { cache: false });
  const [note, setNote] = useState('');

  async function exportCSV() {
    try {
      saveBlob(await adminApi.subscribersCSV(), `newsletter-subscribers-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (err) {
      setNote(errorText(err, 'The list could not be exported.'));
    }
  }

  return (
    <LoadState loaded={list} what="the subscribers" loading="Loading subscribers…">
      {(subscribers) => (
        <div>
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-stone-800">
              {subscribers.count} {subscribers.count === 1 ? 'subscriber' : 'subscribers'}
            </p>
            <Button onClick={() => void exportCSV()} disabled={subscribers.count === 0}>
              Export CSV
            </Button>
          </div>
          {note && (
            <p role="alert" className="mt-2 text-red-800">
              {note}
            </p>
          )}
          <ul className="mt-3 divide-y divide-stone-200 rounded-md border border-stone-200 bg-white" aria-label="Subscribers">
            {subscribers.results.map((s) => (
              <li key={s.id} className="flex flex-wrap justify-between gap-2 px-3 py-2">
                <span>{s.email}</span>
                <span className="text-sm text-stone-600">{formatDate(s.created_at)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </LoadState>
  );
}

export function AuditTab() {
  const [page, setPage] = useState(1);
  const list = useResource(String(page), () => adminApi.audit({ page }), { cache: false });
  return (
    <LoadState loaded={list} what="the audit log">
      {(entries) => (
        <div>
          <p className="text-stone-700">Every change made in the admin: who, what and when.</p>
          <ol className="mt-3 divide-y divide-stone-200 rounded-md border border-stone-200 bg-white" aria-label="Audit log">
            {entries.results.map((e) => (
              <li key={e.id} className="px-3 py-2">
                <p className="text-sm text-stone-600">
                  {formatDate(e.created_at)} · {e.actor_email}
                </p>
                <p className="text-stone-900">
                  <span className="font-semibold">
                    {e.action} {e.entity} {e.entity_id}
                  </span>
                  : {e.summary}
                </p>
              </li>
            ))}
            {entries.results.length === 0 && <li className="px-3 py-4 text-stone-700">No changes yet.</li>}
          </ol>
          <Pager page={page} count={entries.count} pageSize={entries.page_size} onPage={setPage} />
        </div>
      )}
    </LoadState>
  );
}
