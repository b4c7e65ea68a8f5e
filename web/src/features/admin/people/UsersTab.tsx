import { useState } from 'react';
import { TextField } from '../../../shared/ui/form/TextField';
import { saveBlob } from '../../../shared/ui/download';
import type { AdminUser, Me, Role } from '../../../shared/api/shapes';
import { ROLES, useCan } from '../../../shared/hooks/permissions';
import { adminApi } from '../../../shared/api/admin';
import { PagedList, usePagedList } from '../../../shared/ui/PagedList';
import { Badge, Button, Note, errorText, formatDate, type NoteState } from '../../../shared/ui/controls';

// The users and their roles (docs/product.md, "Roles"): with `staff`, a role select on each user but
// oneself. An owner may give every role; anyone else only the roles below manager, and never
// changes an owner's or a manager's (the server refuses with 'Only an owner can…' anyway, shown
// as it says). Downloading and deleting a customer's data needs `exports`.

const ROLE_LABEL: Record<Role, string> = {
  owner: 'Owner',
  manager: 'Manager',
  clerk: 'Clerk',
  storekeeper: 'Storekeeper',
  rider: 'Rider',
  agent: 'Agent',
  customer: 'Customer',
};

const SENIOR: readonly Role[] = ['owner', 'manager'];

const article = (role: Role) => (/^[aeiou]/i.test(role) ? 'an' : 'a');

export function UsersTab({ me }: { me: Me }) {
  const [note, setNote] = useState<NoteState>(null);
  const { list, page, setPage, search, setSearch } = usePagedList({}, (q) => adminApi.users({ search: q.search, page: q.page }));
  const canRoles = useCan('staff');
  const canExport = useCan('exports');
  const owner = me.role === 'owner';
  const offered = owner ? ROLES : ROLES.filter((r) => !SENIOR.includes(r));

  async function changeRole(u: AdminUser, role: Role) {
    if (role === u.role) return;
    if (!window.confirm(`Make ${u.email} ${article(role)} ${ROLE_LABEL[role].toLowerCase()}?`)) return;
    try {
      await adminApi.setRole(u.id, role);
      setNote({ kind: 'ok', text: `${u.email} is now ${article(role)} ${ROLE_LABEL[role].toLowerCase()}.` });
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
                <Badge tone={u.role === 'customer' ? 'grey' : 'amber'}>{ROLE_LABEL[u.role]}</Badge>
              </p>
              <p className="text-sm text-stone-700">
                {u.email}
                {u.phone && ` · ${u.phone}`} · joined {formatDate(u.date_joined)}
              </p>
            </div>
            {u.id === me.id ? (
              <span className="text-sm text-stone-600">This is you</span>
            ) : (
              canRoles && (
                <label className="flex items-center gap-2 text-sm text-stone-700">
                  Role
                  <select
                    aria-label={`Role of ${u.email}`}
                    value={u.role}
                    disabled={!owner && SENIOR.includes(u.role)}
                    onChange={(e) => void changeRole(u, e.target.value as Role)}
                    className="min-h-11 rounded-md border border-stone-300 bg-white px-2 text-stone-900"
                  >
                    {(offered.includes(u.role) ? offered : [u.role, ...offered]).map((r) => (
                      <option key={r} value={r}>
                        {ROLE_LABEL[r]}
                      </option>
                    ))}
                  </select>
                </label>
              )
            )}
            {canExport && u.role !== 'owner' && (
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
