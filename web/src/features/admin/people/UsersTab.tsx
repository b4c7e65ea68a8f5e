import { useState } from 'react';
import { TextField } from '../../../shared/ui/form/TextField';
import { saveBlob } from '../../../shared/ui/download';
import type { AdminListedUser, Me, Role } from '../../../shared/api/shapes';
import { ROLES, useCan } from '../../../shared/hooks/permissions';
import { adminApi } from '../../../shared/api/admin';
import { ListScreen, SelectionBar, useSelection } from '../../../shared/ui/ListScreen';
import { Chip, DateRange, SortHeader } from '../../../shared/ui/ListFilters';
import { Th } from '../../../shared/ui/ListTable';
import { formatKsh } from '../../../shared/domain/money';
import { useAdminResource } from '../../../shared/hooks/useAdminResource';
import { useUrlQuery, useUrlSearch } from '../../../shared/hooks/useUrlQuery';
import { Badge, Note, errorText, formatDate, type NoteState } from '../../../shared/ui/controls';
import { Button } from '../../../shared/ui/Button';
import { canManageStaff, StaffSignIn } from './StaffSignIn';

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

const fullName = (u: AdminListedUser) => [u.first_name, u.last_name].filter(Boolean).join(' ');

const article = (role: Role) => (/^[aeiou]/i.test(role) ? 'an' : 'a');

/** The query parameters the list sends the API. */
const API_KEYS = ['search', 'role', 'from', 'to', 'sort', 'page'];

export function UsersTab({ me }: { me: Me }) {
  const [note, setNote] = useState<NoteState>(null);
  const q = useUrlQuery();
  const [search, setSearch] = useUrlSearch(q);
  const apiQuery = new URLSearchParams();
  for (const k of API_KEYS) if (q.get(k)) apiQuery.set(k, q.get(k));
  const query = apiQuery.toString();
  const list = useAdminResource(`admin-users?${query}`, () => adminApi.users(query));
  const canRoles = useCan('staff');
  const canExport = useCan('exports');
  const selection = useSelection();
  const owner = me.role === 'owner';
  const offered = owner ? ROLES : ROLES.filter((r) => !SENIOR.includes(r));

  async function changeRole(u: AdminListedUser, role: Role) {
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

  async function exportData(u: AdminListedUser) {
    try {
      saveBlob(await adminApi.exportUser(u.id), `customer-${u.id}-data.json`);
      setNote({ kind: 'ok', text: `The data of ${u.email} has been downloaded.` });
    } catch (err) {
      setNote({ kind: 'error', text: errorText(err, 'The data could not be downloaded.') });
    }
  }

  async function erase(u: AdminListedUser) {
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

  const counts = list.data?.role_counts;
  const total = counts ? Object.values(counts).reduce((a, b) => a + (b ?? 0), 0) : undefined;
  const role = q.get('role');
  const sort = q.get('sort');
  const rows = list.data?.results ?? [];
  return (
    <div className="space-y-4">
      <div className="max-w-md">
        <TextField compact id="user-search" label="Search users" type="search" placeholder="Email, name or phone" value={search} onChange={setSearch} />
      </div>
      <DateRange idPrefix="users" legend="Registered" from={q.get('from')} to={q.get('to')} onChange={(from, to) => q.set({ from, to })} />
      <div role="group" aria-label="Role" className="flex flex-wrap gap-2">
        <Chip on={role === ''} onClick={() => q.set({ role: null })} count={total}>
          All
        </Chip>
        <Chip on={role === 'customer'} onClick={() => q.set({ role: 'customer' })} count={counts ? (counts.customer ?? 0) : undefined}>
          Customers
        </Chip>
        <Chip on={role === 'staff'} onClick={() => q.set({ role: 'staff' })} count={total !== undefined && counts ? total - (counts.customer ?? 0) : undefined}>
          Staff
        </Chip>
      </div>
      <Note note={note} />
      {canExport && (
        <UsersBulkBar
          users={rows.filter((u) => selection.has(String(u.id)))}
          onNote={setNote}
        />
      )}
      <ListScreen
        list={list}
        what="We could not load the users."
        loading="Loading users…"
        noun={['user', 'users']}
        caption="Users"
        columns={6}
        empty="No users found"
        page={q.page}
        onPage={q.setPage}
        rowKey={(u) => String(u.id)}
        select={canExport ? { selection, label: (u) => `Select ${u.email}`, all: 'Select every user on this page' } : undefined}
        head={
          <>
            <SortHeader label="Name" sort={sort} desc="-name" asc="name" onSort={(s) => q.set({ sort: s })} />
            <SortHeader label="Registered" sort={sort || 'newest'} desc="newest" asc="oldest" onSort={(s) => q.set({ sort: s === 'newest' ? null : s })} />
            <SortHeader label="Orders" sort={sort} desc="orders" asc="-orders" onSort={(s) => q.set({ sort: s })} className="text-right" />
            <SortHeader label="Spent" sort={sort} desc="spent" asc="-spent" onSort={(s) => q.set({ sort: s })} className="text-right" />
            <Th>Role</Th>
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </>
        }
        cells={(u) => (
          <>
            <td className="px-2 py-2">
              <p className="font-semibold text-stone-900">{fullName(u) || u.email}</p>
              <p className="text-xs text-stone-700">{[fullName(u) && u.email, u.phone].filter(Boolean).join(' · ')}</p>
            </td>
            <td className="px-2 py-2 whitespace-nowrap">{formatDate(u.date_joined)}</td>
            <td className="px-2 py-2 text-right">{u.orders_count}</td>
            <td className="px-2 py-2 text-right whitespace-nowrap">{formatKsh(u.spent)}</td>
            <td className="px-2 py-2">
              {u.id === me.id ? (
                <span className="text-sm text-stone-600">This is you</span>
              ) : canRoles ? (
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
              ) : (
                <Badge tone={u.role === 'customer' ? 'grey' : 'amber'}>{ROLE_LABEL[u.role]}</Badge>
              )}
            </td>
            <td className="px-2 py-2">
              <div className="flex flex-wrap justify-end gap-2">
                {u.role !== 'customer' && u.id !== me.id && canManageStaff(me) && <StaffSignIn user={u} onNote={setNote} />}
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
              </div>
            </td>
          </>
        )}
      />
    </div>
  );
}

/** The selected users as CSV, for a role with exports. */
function UsersBulkBar({ users, onNote }: { users: AdminListedUser[]; onNote: (note: NoteState) => void }) {
  const [busy, setBusy] = useState(false);

  async function exportCsv() {
    setBusy(true);
    try {
      saveBlob(await adminApi.exportUsers(users.map((u) => u.id)), 'customers-selected.csv');
      onNote({ kind: 'ok', text: `${users.length} ${users.length === 1 ? 'user' : 'users'} exported.` });
    } catch (err) {
      onNote({ kind: 'error', text: errorText(err, 'The users could not be exported.') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <SelectionBar label="Selected users" count={users.length} none="No users selected">
      <Button variant="secondary" onClick={() => void exportCsv()} disabled={busy}>
        Export selected (CSV)
      </Button>
    </SelectionBar>
  );
}
