import { useState } from 'react';
import { TextField } from '../../../shared/ui/form/TextField';
import { saveBlob } from '../../../shared/ui/download';
import type { AdminUser, Me } from '../../../shared/api/shapes';
import { adminApi } from '../../../shared/api/admin';
import { PagedList, usePagedList } from '../../../shared/ui/PagedList';
import { Badge, Button, Note, errorText, formatDate, type NoteState } from '../../../shared/ui/controls';
import { canManageStaff, StaffSignIn } from './StaffSignIn';

export function UsersTab({ me }: { me: Me }) {
  const [note, setNote] = useState<NoteState>(null);
  const { list, page, setPage, search, setSearch } = usePagedList({}, (q) => adminApi.users({ search: q.search, page: q.page }));

  async function toggle(u: AdminUser) {
    const role = u.role === 'owner' ? 'customer' : 'owner';
    const question = role === 'owner' ? `Make ${u.email} an admin?` : `Remove admin rights from ${u.email}?`;
    if (!window.confirm(question)) return;
    try {
      await adminApi.setRole(u.id, role);
      setNote({ kind: 'ok', text: role === 'owner' ? `${u.email} is now an admin.` : `${u.email} is no longer an admin.` });
    } catch (err) {
      setNote({ kind: 'error', text: errorText(err, 'The role could not be changed.') });
    }
    list.retry();
  }

  async function exportData(u: AdminUser) {
    try {
      saveBlob(await adminApi.exportUser(u.id), `customer-${u.id}-data.json`);
      setNote({ kind: 'ok', text: `The data of ${u.email} has been downloaded.` });
    } catch (err) {
      setNote({ kind: 'error', text: errorText(err, 'The data could not be downloaded.') });
    }
  }

  async function erase(u: AdminUser) {
    const question = `Delete the account of ${u.email} for good? Their orders stay, without their name, email, phone or address. Do this only when the customer asked.`;
    if (!window.confirm(question)) return;
    try {
      await adminApi.eraseUser(u.id);
      setNote({ kind: 'ok', text: `The account of ${u.email} has been deleted.` });
    } catch (err) {
      setNote({ kind: 'error', text: errorText(err, 'The account could not be deleted.') });
    }
    list.retry();
  }

  return (
    <div>
      <div className="max-w-md">
        <TextField compact id="user-search" label="Search users" type="search" placeholder="Email, name or phone" value={search} onChange={setSearch} />
      </div>
      <Note note={note} className="mt-3" />
      <PagedList list={list} page={page} onPage={setPage} label="Users" noun={['user', 'users']} what="the users" empty="No users found">
        {(u) => (
          <li key={u.id} className="flex flex-wrap items-center gap-3 px-3 py-3">
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-stone-900">
                {[u.first_name, u.last_name].filter(Boolean).join(' ') || u.email}{' '}
                <Badge tone={u.role === 'owner' ? 'amber' : 'grey'}>{u.role === 'owner' ? 'Admin' : 'Customer'}</Badge>
              </p>
              <p className="text-sm text-stone-700">
                {u.email}
                {u.phone && ` · ${u.phone}`} · joined {formatDate(u.date_joined)}
              </p>
            </div>
            {u.id === me.id ? (
              <span className="text-sm text-stone-600">This is you</span>
            ) : (
              <Button variant="secondary" onClick={() => void toggle(u)} aria-label={`${u.role === 'owner' ? 'Remove admin' : 'Make admin'}: ${u.email}`}>
                {u.role === 'owner' ? 'Remove admin' : 'Make admin'}
              </Button>
            )}
            {u.role !== 'customer' && u.id !== me.id && canManageStaff(me) && <StaffSignIn user={u} onNote={setNote} />}
            {u.role !== 'owner' && (
              <>
                <Button variant="secondary" onClick={() => void exportData(u)} aria-label={`Download data: ${u.email}`}>
                  Download data
                </Button>
                <Button variant="danger" onClick={() => void erase(u)} aria-label={`Delete account: ${u.email}`}>
                  Delete account
                </Button>
              </>
            )}
          </li>
        )}
      </PagedList>
    </div>
  );
}
