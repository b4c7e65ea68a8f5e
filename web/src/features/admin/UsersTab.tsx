import { useState } from 'react';
import { adminApi, type AdminUser, type Me } from './api';
import { Badge, Button, LoadError, Pager, TextInput, errorText, formatDate, useDebounced, useLoad } from './ui';

export function UsersTab({ me }: { me: Me }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [note, setNote] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const q = useDebounced(search);
  const list = useLoad(() => adminApi.users({ search: q, page }), `${q}|${page}`);

  async function toggle(u: AdminUser) {
    const role = u.role === 'admin' ? 'customer' : 'admin';
    const question = role === 'admin' ? `Make ${u.email} an admin?` : `Remove admin rights from ${u.email}?`;
    if (!window.confirm(question)) return;
    try {
      await adminApi.setRole(u.id, role);
      setNote({ kind: 'ok', text: role === 'admin' ? `${u.email} is now an admin.` : `${u.email} is no longer an admin.` });
    } catch (err) {
      setNote({ kind: 'error', text: errorText(err, 'The role could not be changed.') });
    }
    list.reload();
  }

  return (
    <div>
      <div className="max-w-md">
        <TextInput
          id="user-search"
          label="Search users"
          type="search"
          placeholder="Email, name or phone"
          value={search}
          onChange={(v) => {
            setSearch(v);
            setPage(1);
          }}
        />
      </div>
      {note && (
        <p role={note.kind === 'error' ? 'alert' : 'status'} className={`mt-3 ${note.kind === 'error' ? 'text-red-800' : 'text-brand-800'}`}>
          {note.text}
        </p>
      )}
      {list.error && <LoadError what="the users" error={list.error} onRetry={list.reload} />}
      {list.data && (
        <>
          <p className="mt-4 text-sm text-stone-700" aria-live="polite">
            {list.data.count} {list.data.count === 1 ? 'user' : 'users'}
          </p>
          <ul className="mt-2 divide-y divide-stone-200 rounded-md border border-stone-200 bg-white" aria-label="Users">
            {list.data.results.map((u) => (
              <li key={u.id} className="flex flex-wrap items-center gap-3 px-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="font-semibold text-stone-900">
                    {[u.first_name, u.last_name].filter(Boolean).join(' ') || u.email}{' '}
                    <Badge tone={u.role === 'admin' ? 'amber' : 'grey'}>{u.role === 'admin' ? 'Admin' : 'Customer'}</Badge>
                  </p>
                  <p className="text-sm text-stone-700">
                    {u.email}
                    {u.phone && ` · ${u.phone}`} · joined {formatDate(u.date_joined)}
                  </p>
                </div>
                {u.id === me.id ? (
                  <span className="text-sm text-stone-600">This is you</span>
                ) : (
                  <Button variant="secondary" onClick={() => void toggle(u)} aria-label={`${u.role === 'admin' ? 'Remove admin' : 'Make admin'}: ${u.email}`}>
                    {u.role === 'admin' ? 'Remove admin' : 'Make admin'}
                  </Button>
                )}
              </li>
            ))}
            {list.data.results.length === 0 && <li className="px-3 py-6 text-center text-stone-700">No users found</li>}
          </ul>
          <Pager page={page} count={list.data.count} pageSize={list.data.page_size} onPage={setPage} />
        </>
      )}
    </div>
  );
}
