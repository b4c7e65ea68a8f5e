import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { SelectField } from '../../../shared/ui/form/SelectField';
import { TextField } from '../../../shared/ui/form/TextField';
import { formatKsh } from '../../../shared/domain/money';
import { COUNTIES } from '../../../shared/domain/delivery';
import { ORDER_STATUSES, statusLabel } from '../../../shared/api/orders';
import type { OrderSummary } from '../../../shared/api/shapes';
import { adminApi } from '../../../shared/api/admin';
import { ListScreen, SelectionBar, useSelection } from '../../../shared/ui/ListScreen';
import { Chip, DateRange, SortHeader } from '../../../shared/ui/ListFilters';
import { Th } from '../../../shared/ui/ListTable';
import { saveBlob } from '../../../shared/ui/download';
import { Badge, Note, StatusBadge, errorText, formatDate, useAction } from '../../../shared/ui/controls';
import { Button } from '../../../shared/ui/Button';
import { invalidate, useAdminResource } from '../../../shared/hooks/useAdminResource';
import { useUrlQuery, useUrlSearch } from '../../../shared/hooks/useUrlQuery';
import { CourierPicker, useCouriers } from './CourierPicker';

// The orders list (docs/product.md, "Orders"): every filter, the sort and the page in the address,
// so the dashboard's links open it already filtered and a reload keeps it; status chips with their
// counts; a table with bulk actions on the selected orders.

/** The query parameters the list sends the API, and the export takes the same. */
const API_KEYS = ['status', 'search', 'attention', 'channel', 'county', 'delivery', 'from', 'to', 'sort', 'page'];

/** The channels an order comes through, with their names in the back office. */
export const CHANNELS: [string, string][] = [
  ['web', 'Web shop'],
  ['staff', 'Phone (staff)'],
  ['ussd', 'USSD'],
  ['sms', 'SMS'],
  ['agent', 'Agent'],
];

export function OrdersList() {
  const q = useUrlQuery();
  const location = useLocation();
  const [search, setSearch] = useUrlSearch(q);
  const apiQuery = new URLSearchParams();
  for (const k of API_KEYS) if (q.get(k)) apiQuery.set(k, q.get(k));
  const query = apiQuery.toString();
  const list = useAdminResource(`admin-orders?${query}`, () => adminApi.orders(query));
  const selection = useSelection();
  const statuses = q.get('status') ? q.get('status').split(',') : [];
  const counts = list.data?.status_counts;
  const total = counts ? Object.values(counts).reduce((a, b) => a + (b ?? 0), 0) : undefined;
  const rows = list.data?.results ?? [];
  const chosen = rows.filter((o) => selection.has(o.orderId));
  const exportQuery = (() => {
    const p = new URLSearchParams(apiQuery);
    p.delete('page');
    return p.toString();
  })();

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <Link
          to="/admin/orders/new"
          className="inline-flex min-h-10 items-center rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800"
        >
          New order
        </Link>
        <div className="min-w-48 flex-1">
          <TextField compact id="order-search" label="Search orders" type="search" placeholder="Order id, phone or name" value={search} onChange={setSearch} />
        </div>
        <div className="w-40">
          <SelectField compact id="order-channel" label="Channel" value={q.get('channel')} onChange={(v) => q.set({ channel: v })}>
            <option value="">All channels</option>
            {CHANNELS.map(([v, label]) => (
              <option key={v} value={v}>
                {label}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="w-40">
          <SelectField compact id="order-delivery" label="Delivery" value={q.get('delivery')} onChange={(v) => q.set({ delivery: v })}>
            <option value="">Any way</option>
            <option value="delivery">Home delivery</option>
            <option value="pickup">Pickup</option>
          </SelectField>
        </div>
        <div className="w-44">
          <SelectField compact id="order-county" label="County" value={q.get('county')} onChange={(v) => q.set({ county: v })}>
            <option value="">All counties</option>
            {COUNTIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </SelectField>
        </div>
      </div>
      <DateRange idPrefix="orders" from={q.get('from')} to={q.get('to')} onChange={(from, to) => q.set({ from, to })} />
      <div role="group" aria-label="Status" className="flex flex-wrap gap-2">
        <Chip on={statuses.length === 0} onClick={() => q.set({ status: null })} count={total}>
          All
        </Chip>
        {ORDER_STATUSES.map((s) => (
          <Chip key={s} on={statuses.length === 1 && statuses[0] === s} onClick={() => q.set({ status: s })} count={counts?.[s] ?? (counts ? 0 : undefined)}>
            {statusLabel(s)}
          </Chip>
        ))}
        <Chip on={q.get('attention') === '1'} onClick={() => q.set({ attention: q.get('attention') === '1' ? null : '1' })}>
          Needs attention
        </Chip>
      </div>
      {statuses.length > 1 && <p className="text-sm text-stone-700">Showing {statuses.map(statusLabel).join(' and ').toLowerCase()} orders.</p>}

      <BulkBar orders={chosen} exportQuery={exportQuery} onDone={() => {
        selection.clear();
        list.retry();
      }} />

      <ListScreen
        list={list}
        what="We could not load the orders."
        loading="Loading orders…"
        noun={['order', 'orders']}
        caption="Orders"
        columns={6}
        empty="No orders found"
        page={q.page}
        onPage={q.setPage}
        rowKey={(o) => o.orderId}
        rowClassName={(o) => (o.attention ? 'bg-red-50' : '')}
        cells={(o) => <Cells o={o} back={location.search} />}
        select={{ selection, label: (o) => `Select ${o.orderId}`, all: 'Select every order on this page' }}
        head={
          <>
            <Th>Order</Th>
            <SortHeader label="Placed" sort={q.get('sort') || 'newest'} desc="newest" asc="oldest" onSort={(s) => q.set({ sort: s === 'newest' ? null : s })} />
            <Th>Customer</Th>
            <Th>County</Th>
            <Th>Status</Th>
            <SortHeader label="Total" sort={q.get('sort')} desc="total" asc="-total" onSort={(s) => q.set({ sort: s })} className="text-right" />
          </>
        }
      />
    </div>
  );
}

function Cells({ o, back }: { o: OrderSummary; back: string }) {
  return (
    <>
      <td className="px-2 py-2">
        <Link
          to={`/admin/orders/${encodeURIComponent(o.orderId)}`}
          state={{ back }}
          aria-label={`Open ${o.orderId}`}
          className="font-semibold whitespace-nowrap text-brand-800 underline"
        >
          {o.orderId}
        </Link>
        <span className="block text-xs text-stone-600">
          {o.item_count} {o.item_count === 1 ? 'item' : 'items'}
          {o.receipt && ` · M-Pesa ${o.receipt}`}
        </span>
      </td>
      <td className="px-2 py-2 whitespace-nowrap">{formatDate(o.created_at)}</td>
      <td className="px-2 py-2">
        {o.customer_name}
        <span className="block text-xs text-stone-600">{o.phone}</span>
      </td>
      <td className="px-2 py-2">{o.county}</td>
      <td className="px-2 py-2">
        <StatusBadge status={o.status} /> {o.attention && <Badge tone="red">Needs attention</Badge>}
      </td>
      <td className="px-2 py-2 text-right whitespace-nowrap">{formatKsh(o.total)}</td>
    </>
  );
}

/** What the selected orders can have done at once: dispatch with one courier, their notes, a CSV. */
function BulkBar({ orders, exportQuery, onDone }: { orders: OrderSummary[]; exportQuery: string; onDone: () => void }) {
  const couriers = useCouriers();
  const [courier, setCourier] = useState<string | null>(null);
  const { busy, note, setNote, run } = useAction();
  const sendable = orders.filter((o) => o.status === 'paid' || o.status === 'processing');
  const chosenCourier = courier ?? couriers.data?.find((c) => c.is_default)?.name ?? '';
  const ids = orders.map((o) => o.orderId);

  async function dispatchAll() {
    if (busy || sendable.length === 0) return;
    if (chosenCourier.trim() === '') {
      setNote({ kind: 'error', text: 'Choose the courier that carries these orders.' });
      return;
    }
    await run(async () => {
      const failed: string[] = [];
      for (const o of sendable) {
        try {
          await adminApi.dispatchOrder(o.orderId, chosenCourier, '');
        } catch (err) {
          failed.push(`${o.orderId}: ${errorText(err, 'not sent')}`);
        }
      }
      const sent = sendable.length - failed.length;
      setNote(
        failed.length
          ? { kind: 'error', text: `${sent} sent out with ${chosenCourier}; not sent: ${failed.join('; ')}` }
          : { kind: 'ok', text: `${sent} ${sent === 1 ? 'order' : 'orders'} sent out with ${chosenCourier}.` },
      );
      onDone();
      invalidate('admin-order');
      invalidate('stats');
    }, 'The orders could not be sent out.');
  }

  // With orders ticked, the file holds those; with none, every order the filters match.
  async function exportCsv() {
    await run(async () => {
      const query = new URLSearchParams(exportQuery);
      if (ids.length > 0) query.set('orders', ids.join(','));
      const blob = await adminApi.exportOrders(query.toString());
      saveBlob(blob, 'orders.csv');
    }, 'The orders could not be exported.');
  }

  return (
    <SelectionBar
      label="Selected orders"
      count={orders.length}
      none="No orders selected"
      always={
        <Button variant="secondary" onClick={() => void exportCsv()} disabled={busy}>
          {ids.length > 0 ? `Export the ${ids.length} selected (CSV)` : 'Export these orders (CSV)'}
        </Button>
      }
      footer={<Note note={note} className="mt-2" />}
    >
      <div className="w-52">
        <CourierPicker id="bulk-courier" couriers={couriers.data ?? []} value={chosenCourier} onChange={setCourier} />
      </div>
      <Button onClick={() => void dispatchAll()} disabled={busy || sendable.length === 0}>
        {sendable.length === orders.length ? 'Send out selected' : `Send out ${sendable.length} paid`}
      </Button>
      <a
        href={`/admin/orders/print?ids=${ids.map(encodeURIComponent).join(',')}`}
        target="_blank"
        rel="noopener"
        className="inline-flex min-h-10 items-center rounded-md border border-stone-400 bg-white px-3 py-1.5 text-sm font-semibold text-stone-900 hover:bg-stone-100"
      >
        Print delivery notes
      </a>
    </SelectionBar>
  );
}
