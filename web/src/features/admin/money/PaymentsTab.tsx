import { Link } from 'react-router';
import { SelectField } from '../../../shared/ui/form/SelectField';
import { TextField } from '../../../shared/ui/form/TextField';
import { formatKsh } from '../../../shared/domain/money';
import type { ListedPayment, ListedPaymentStatus } from '../../../shared/api/shapes';
import { adminApi } from '../../../shared/api/admin';
import { ListScreen, SelectionBar, useSelection } from '../../../shared/ui/ListScreen';
import { saveBlob } from '../../../shared/ui/download';
import { useCan } from '../../../shared/hooks/permissions';
import { Chip, DateRange, SortHeader } from '../../../shared/ui/ListFilters';
import { Th } from '../../../shared/ui/ListTable';
import { Badge, Note, formatDate, useAction } from '../../../shared/ui/controls';
import { Button } from '../../../shared/ui/Button';
import { useAdminResource } from '../../../shared/hooks/useAdminResource';
import { useUrlQuery, useUrlSearch } from '../../../shared/hooks/useUrlQuery';

// Every payment in one list (docs/payments.md section 10): the M-Pesa prompts the shop sent and the
// Paybill payments customers made from their own menu, filtered in the address as the orders are.
// Unmatched ones are given to their order on the Orders screen's unmatched payments panel.

const API_KEYS = ['status', 'method', 'search', 'from', 'to', 'sort', 'page'];

const STATUSES: [ListedPaymentStatus, string][] = [
  ['succeeded', 'Paid'],
  ['pending', 'Waiting'],
  ['failed', 'Failed'],
  ['unmatched', 'Unmatched'],
];

/** A row's key in the list and in the export: its method and its number. */
const paymentKey = (p: ListedPayment) => `${p.method}-${p.id}`;

const TONE = { succeeded: 'green', pending: 'amber', failed: 'red', unmatched: 'blue' } as const;

export function PaymentsTab() {
  const q = useUrlQuery();
  const [search, setSearch] = useUrlSearch(q);
  const apiQuery = new URLSearchParams();
  for (const k of API_KEYS) if (q.get(k)) apiQuery.set(k, q.get(k));
  const query = apiQuery.toString();
  const list = useAdminResource(`admin-payments?${query}`, () => adminApi.payments(query));
  const counts = list.data?.status_counts;
  const total = counts ? Object.values(counts).reduce((a, b) => a + (b ?? 0), 0) : undefined;
  const status = q.get('status');
  const sort = q.get('sort');
  const rows = list.data?.results ?? [];
  const canExport = useCan('exports');
  const selection = useSelection();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-48 flex-1">
          <TextField compact id="payment-search" label="Search payments" type="search" placeholder="M-Pesa receipt, phone or order number" value={search} onChange={setSearch} />
        </div>
        <div className="w-44">
          <SelectField compact id="payment-method" label="Method" value={q.get('method')} onChange={(v) => q.set({ method: v })}>
            <option value="">Every method</option>
            <option value="mpesa">M-Pesa prompt</option>
            <option value="paybill">Paybill</option>
          </SelectField>
        </div>
      </div>
      <DateRange idPrefix="payments" legend="Paid" from={q.get('from')} to={q.get('to')} onChange={(from, to) => q.set({ from, to })} />
      <div role="group" aria-label="Status" className="flex flex-wrap gap-2">
        <Chip on={status === ''} onClick={() => q.set({ status: null })} count={total}>
          All
        </Chip>
        {STATUSES.map(([s, label]) => (
          <Chip key={s} on={status === s} onClick={() => q.set({ status: s })} count={counts ? (counts[s] ?? 0) : undefined}>
            {label}
          </Chip>
        ))}
      </div>
      {canExport && <PaymentsBulkBar keys={rows.map(paymentKey).filter((k) => selection.has(k))} />}
      <ListScreen
        list={list}
        what="We could not load the payments."
        loading="Loading payments…"
        noun={['payment', 'payments']}
        caption="Payments"
        columns={6}
        empty="No payments found"
        page={q.page}
        onPage={q.setPage}
        rowKey={paymentKey}
        select={canExport ? { selection, label: (p) => `Select ${p.receipt || p.method + ' ' + p.id}`, all: 'Select every payment on this page' } : undefined}
        head={
          <>
            <SortHeader label="When" sort={sort || 'newest'} desc="newest" asc="oldest" onSort={(s) => q.set({ sort: s === 'newest' ? null : s })} />
            <Th>Receipt</Th>
            <Th>Phone</Th>
            <Th>Order</Th>
            <Th>Status</Th>
            <SortHeader label="Amount" sort={sort} desc="amount" asc="-amount" onSort={(s) => q.set({ sort: s })} className="text-right" />
          </>
        }
        cells={(p) => (
          <>
            <td className="px-2 py-2 whitespace-nowrap">{formatDate(p.created_at)}</td>
            <td className="px-2 py-2">
              <span className="font-mono">{p.receipt || '—'}</span>
              <span className="block text-xs text-stone-600">{p.method === 'paybill' ? 'Paybill' : 'M-Pesa prompt'}</span>
            </td>
            <td className="px-2 py-2">
              {p.phone}
              {p.payer_name && <span className="block text-xs text-stone-600">{p.payer_name}</span>}
            </td>
            <td className="px-2 py-2">
              {p.order_id ? (
                <Link to={`/admin/orders/${encodeURIComponent(p.order_id)}`} className="font-semibold whitespace-nowrap text-brand-800 underline">
                  {p.order_id}
                </Link>
              ) : (
                '—'
              )}
            </td>
            <td className="px-2 py-2">
              <Badge tone={TONE[p.status]}>{STATUSES.find(([s]) => s === p.status)?.[1] ?? p.status}</Badge>
              {p.status === 'failed' && p.result && <span className="block text-xs text-stone-600">{p.result}</span>}
            </td>
            <td className="px-2 py-2 text-right whitespace-nowrap">{formatKsh(p.amount)}</td>
          </>
        )}
      />
    </div>
  );
}

/** The selected payments as CSV, for a role with exports. */
function PaymentsBulkBar({ keys }: { keys: string[] }) {
  const { busy, note, run } = useAction();
  return (
    <SelectionBar label="Selected payments" count={keys.length} none="No payments selected" footer={<Note note={note} className="mt-2" />}>
      <Button
        variant="secondary"
        disabled={busy}
        onClick={() => void run(async () => saveBlob(await adminApi.exportPayments(keys), 'payments-selected.csv'), 'The payments could not be exported.')}
      >
        Export selected (CSV)
      </Button>
    </SelectionBar>
  );
}
