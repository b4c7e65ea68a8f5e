import { useState } from 'react';
import { nairobiDay } from '../../../shared/domain/nairobiDays';
import { useUrlQuery } from '../../../shared/hooks/useUrlQuery';
import { DateRange } from '../../../shared/ui/ListFilters';
import { SelectField } from '../../../shared/ui/form/SelectField';
import { saveBlob } from '../../../shared/ui/download';
import { formatKsh } from '../../../shared/domain/money';
import type { ChannelsReport, ProductSales, ReportQuery, SalesReport } from '../../../shared/api/shapes';
import { adminApi } from '../../../shared/api/admin';
import { BarChart, ColumnChart } from './ReportCharts';
import { LoadError, Note, Part, errorText, type NoteState } from '../../../shared/ui/controls';
import { Button } from '../../../shared/ui/Button';
import { useResource } from '../../../shared/hooks/useResource';

// The Reports tab (docs/product.md section 5): paid orders net of refunds, in Nairobi days, from
// GET /api/admin/reports/sales/ and /products/; each downloads as CSV.

type Group = NonNullable<ReportQuery['group']>;

/** Money in a report, in whole shillings: cents mean nothing in a month's revenue. */
export const ksh = (v: string | number) => formatKsh(Math.round(Number(v)));

export function ReportsTab() {
  // The range and grouping live in the address, like the lists' filters: a reload or a shared link
  // shows the same report. By default the 30 days ending today.
  const q = useUrlQuery();
  const from = q.get('from') || nairobiDay(Date.now(), -29);
  const to = q.get('to') || nairobiDay();
  const group = (['day', 'week', 'month'].includes(q.get('group')) ? q.get('group') : 'day') as Group;
  const query: ReportQuery = { from, to, group };
  const key = `${from}|${to}|${group}`;
  const sales = useResource(key, () => adminApi.salesReport(query), { cache: false });
  const products = useResource(`${from}|${to}`, () => adminApi.productsReport(query), { cache: false });
  const channels = useResource(`${from}|${to}`, () => adminApi.channelsReport(query), { cache: false });
  const [note, setNote] = useState<NoteState>(null);

  async function download(report: 'sales' | 'products') {
    try {
      saveBlob(await adminApi.reportCSV(report, query), `${report}-${from}-to-${to}.csv`);
      setNote(null);
    } catch (err) {
      setNote({ kind: 'error', text: errorText(err, 'The CSV file could not be downloaded.') });
    }
  }

  return (
    <div className="space-y-8">
      <form aria-label="Report range" className="flex flex-wrap items-end gap-3" onSubmit={(e) => e.preventDefault()}>
        <DateRange idPrefix="report" legend="Dates" from={from} to={to} onChange={(f, t) => q.set({ from: f || null, to: t || null })} />
        <div className="w-40">
          <SelectField compact id="report-group" label="Group by" value={group} onChange={(v) => q.set({ group: v === 'day' ? null : v })}>
            <option value="day">Day</option>
            <option value="week">Week</option>
            <option value="month">Month</option>
          </SelectField>
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => download('sales')}>
            Download CSV (sales)
          </Button>
          <Button variant="secondary" onClick={() => download('products')}>
            Download CSV (products)
          </Button>
        </div>
      </form>
      <Note note={note} />
      {sales.error ? (
        <LoadError what="the sales report" error={sales.error} onRetry={sales.retry} />
      ) : !sales.data ? (
        <p role="status">Loading the sales report…</p>
      ) : (
        <Sales report={sales.data} busy={sales.status === 'loading'} />
      )}
      {products.error ? (
        <LoadError what="the top products" error={products.error} onRetry={products.retry} />
      ) : !products.data ? (
        <p role="status">Loading the top products…</p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <TopProducts id="top-revenue" title="Top 10 products by revenue" list={products.data.by_revenue} />
          <TopProducts id="top-quantity" title="Top 10 products by quantity" list={products.data.by_quantity} />
        </div>
      )}
      {channels.error ? (
        <LoadError what="the orders by channel" error={channels.error} onRetry={channels.retry} />
      ) : !channels.data ? (
        <p role="status">Loading the orders by channel…</p>
      ) : (
        <Channels report={channels.data} />
      )}
    </div>
  );
}


function Sales({ report, busy }: { report: SalesReport; busy: boolean }) {
  const figures: [string, string][] = [
    ['Revenue', ksh(report.totals.revenue)],
    ['Paid orders', String(report.totals.orders)],
    ['Average order value', ksh(report.average_order_value)],
    ['Refunded', ksh(report.totals.refunded)],
  ];
  const unit = { day: 'day', week: 'week (from Monday)', month: 'month' }[report.group];
  const empty = report.totals.orders === 0 && Number(report.totals.revenue) === 0;
  return (
    <div className="space-y-8" aria-busy={busy}>
      <Part large id="sales-h" title={`Sales from ${report.from} to ${report.to}`}>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {figures.map(([label, value]) => (
            <div key={label} className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm">
              <dt className="text-sm text-stone-600">{label}</dt>
              <dd className="mt-1 text-2xl font-bold text-brand-900">{value}</dd>
            </div>
          ))}
        </dl>
        {empty ? (
          <p className="mt-4 text-stone-700">No paid orders in this range.</p>
        ) : (
          <div className="mt-4">
            <ColumnChart
              title={`Revenue per ${report.group}`}
              description={`Revenue of paid orders net of refunds per ${unit}, ${report.from} to ${report.to}; the table below lists the same figures.`}
              data={report.series.map((p) => ({ label: p.period, value: Number(p.revenue), text: ksh(p.revenue) }))}
            />
            <details className="mt-2">
              <summary className="cursor-pointer font-semibold text-brand-800">Revenue and orders as a table</summary>
              <Table
                caption={`Revenue and orders per ${unit}`}
                head={['Period', 'Revenue', 'Orders']}
                rows={report.series.map((p) => [p.period, ksh(p.revenue), String(p.orders)])}
              />
            </details>
          </div>
        )}
      </Part>
      <Part large id="county-h" title="Revenue by county">
        {report.by_county.length === 0 ? (
          <p className="text-stone-700">No sales to any county in this range.</p>
        ) : (
          <div className="grid gap-4 lg:grid-cols-2">
            <BarChart
              title="Revenue by county"
              description="Revenue of paid orders net of refunds by the county they went to, largest first; the table lists the same figures."
              data={report.by_county.map((c) => ({ label: c.county, value: Number(c.revenue), text: ksh(c.revenue) }))}
            />
            <Table
              caption="Revenue by county"
              head={['County', 'Revenue', 'Orders']}
              rows={report.by_county.map((c) => [c.county, ksh(c.revenue), String(c.orders)])}
            />
          </div>
        )}
      </Part>
      {report.payments && (
        <Part large id="payments-h" title="Payment outcomes">
          <ul className="space-y-1">
            <li>
              M-Pesa prompts: {report.payments.stk.prompts}, paid {report.payments.stk.paid} ({ksh(report.payments.stk.paid_amount)}), failed{' '}
              {report.payments.stk.failed}, waiting {report.payments.stk.pending}
            </li>
            <li>
              Paybill: {report.payments.paybill.payments} payments ({ksh(report.payments.paybill.amount)}), not matched to an order{' '}
              {report.payments.paybill.unmatched}
            </li>
          </ul>
          {report.payments.failures.length > 0 && (
            <Table
              caption="Failed M-Pesa prompts by reason"
              head={['Reason', 'Result code', 'Prompts']}
              rows={report.payments.failures.map((f) => [f.reason, f.result_code === null ? '—' : String(f.result_code), String(f.count)])}
            />
          )}
        </Part>
      )}
    </div>
  );
}

function TopProducts({ id, title, list }: { id: string; title: string; list: ProductSales[] }) {
  return (
    <Part large id={id} title={title}>
      {list.length === 0 ? (
        <p className="text-stone-700">No products sold in this range.</p>
      ) : (
        <Table
          caption={title}
          head={['#', 'Product', 'Revenue', 'Quantity']}
          rows={list.map((p, i) => [String(i + 1), p.name, ksh(p.revenue), String(p.quantity)])}
        />
      )}
    </Part>
  );
}

const CHANNEL_NAMES: Record<string, string> = { web: 'Website', staff: 'Phone (staff)', ussd: 'USSD', sms: 'SMS', agent: 'Agents' };

/** Orders by where they were placed, and how the USSD menu's sessions went (issue 34). */
function Channels({ report }: { report: ChannelsReport }) {
  const { channels, ussd } = report;
  const placed = channels.reduce((n, c) => n + c.placed, 0);
  return (
    <Part id="channels-h" title={`Orders by channel from ${report.from} to ${report.to}`}>
      {placed === 0 ? (
        <p className="text-stone-700">No orders in these dates.</p>
      ) : (
        <Table
          caption="Orders by channel"
          head={['Channel', 'Placed', 'Paid', 'Revenue']}
          rows={channels.map((c) => [CHANNEL_NAMES[c.channel] ?? c.channel, String(c.placed), String(c.paid), ksh(c.revenue)])}
        />
      )}
      <h4 className="mt-6 font-semibold text-stone-900">USSD sessions</h4>
      {ussd.started === 0 ? (
        <p className="text-stone-700">No USSD sessions in these dates.</p>
      ) : (
        <>
          <p className="mt-1 text-stone-800">
            {ussd.started} started, {ussd.completed} completed with an order, {ussd.started - ussd.completed} not.
          </p>
          {ussd.abandoned.length > 0 && (
            <Table
              caption="USSD sessions abandoned per screen"
              head={['Screen left on', 'Sessions']}
              rows={ussd.abandoned.map((a) => [a.screen, String(a.sessions)])}
            />
          )}
        </>
      )}
    </Part>
  );
}

function Table({ caption, head, rows }: { caption: string; head: string[]; rows: string[][] }) {
  return (
    <table className="mt-2 w-full border-collapse text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h} scope="col" className="border-b border-stone-300 px-2 py-1 text-left font-semibold text-stone-800">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i} className="odd:bg-stone-50">
            {r.map((c, j) => (
              <td key={j} className="border-b border-stone-200 px-2 py-1">
                {c}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
