import { Link } from 'react-router';
import { formatKsh } from '../../../shared/domain/money';
import type { OrderSummary, Stats } from '../../../shared/api/shapes';
import { adminApi } from '../../../shared/api/admin';
import { Badge, LoadState, Part, StatusBadge, formatDate } from '../../../shared/ui/controls';
import { useAdminResource } from '../../../shared/hooks/useAdminResource';
import { BackupStatus } from '../settings/BackupStatus';
import { StatementUpload } from '../money/StatementUpload';
import { InitiatorPasswordReminder } from '../orders/RefundForm';
import { UnmatchedPayments } from '../money/UnmatchedPayments';
import { UnreadablePayments } from '../money/UnreadablePayments';
import { RefundApprovals } from '../money/RefundApprovals';
import { CHANNELS } from '../orders/OrdersList';
import { useCan } from '../../../shared/hooks/permissions';

// Every figure and row of the dashboard opens the list or the record behind it, already filtered
// (the lists read their filters from the address). Every back-office role sees the dashboard; what a
// role may not use is left out (docs/product.md, "Roles"): the server sends no revenue without
// `reports`, and the money parts need `refunds`.

/** Paid and processing: what the dashboard calls waiting to be dispatched. */
export const TO_DISPATCH = '/admin/orders?status=paid,processing';

const chip = 'inline-flex min-h-10 items-center rounded-md px-3 py-1.5 text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-earth-500';
const chipSecondary = `${chip} border border-stone-400 bg-white text-stone-900 hover:bg-stone-100`;
const chipDanger = `${chip} border border-red-700 bg-white text-red-800 hover:bg-red-50`;

export function DashboardTab() {
  const stats = useAdminResource('stats', () => adminApi.stats());
  return <LoadState loaded={stats} what="the dashboard">{(s) => <Dashboard s={s} onChange={stats.retry} />}</LoadState>;
}

function Dashboard({ s, onChange }: { s: Stats; onChange: () => void }) {
  const orders = useCan('orders');
  const messages = useCan('messages');
  const catalogue = useCan('catalogue');
  const money = useCan('refunds');
  const settings = useCan('settings');
  const cards: [string, string, string, string][] = [
    ['Total products', String(s.totalProducts), 'totalProducts', '/admin/products'],
    ['Total orders', String(s.totalOrders), 'totalOrders', '/admin/orders'],
    ['Total users', String(s.totalUsers), 'totalUsers', '/admin/users'],
  ];
  if (s.totalRevenue != null) cards.push(['Total revenue', formatKsh(s.totalRevenue), 'totalRevenue', '/admin/reports']);
  return (
    <div className="space-y-8">
      <section aria-labelledby="stats-h">
        <h2 id="stats-h" className="sr-only">
          Figures
        </h2>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {cards.map(([label, value, key, to]) => (
            <div key={key} className="relative rounded-lg border border-stone-200 bg-white p-4 shadow-sm hover:border-brand-700">
              <dt className="text-sm text-stone-600">{label}</dt>
              <dd className="mt-1 text-2xl font-bold text-brand-900">
                <Link to={to} className="after:absolute after:inset-0 focus:outline-none focus-visible:underline">
                  {value}
                </Link>
              </dd>
            </div>
          ))}
        </dl>
        {s.totalRevenue != null && (
          <p className="mt-2 text-sm text-stone-600">Revenue counts orders that are paid, processing, dispatched, delivered, ready for pickup or collected, and refunded ones, less what was refunded.</p>
        )}
        <div className="mt-3 flex flex-wrap gap-2">
          {orders && (
            <Link className={chipSecondary} to={TO_DISPATCH}>
              {s.awaitingDispatch} waiting to be dispatched
            </Link>
          )}
          {orders && s.attentionOrders > 0 && (
            <Link className={chipDanger} to="/admin/orders?attention=1">
              {s.attentionOrders} need attention
            </Link>
          )}
          {messages && (
            <Link className={chipSecondary} to="/admin/messages">
              {s.unhandledMessages} unanswered messages
            </Link>
          )}
          {catalogue && (
            <Link className={chipSecondary} to="/admin/reviews">
              {s.pendingReviews === 1 ? '1 review' : `${s.pendingReviews} reviews`} waiting for approval
            </Link>
          )}
        </div>
        <ByChannel c={s.ordersByChannel} />
        {money && <InitiatorPasswordReminder />}
        {s.failedSms > 0 && (
          <p role="alert" className="mt-3 font-semibold text-red-900">
            {s.failedSms === 1 ? '1 text message' : `${s.failedSms} text messages`} could not be sent: open the order to see why and
            send again.
          </p>
        )}
        {s.failedMail > 0 && (
          <p role="alert" className="mt-3 font-semibold text-red-900">
            {s.failedMail === 1 ? '1 mail' : `${s.failedMail} mails`} could not be sent: open the order to see why and send again.
          </p>
        )}
        {money && s.unmatchedPayments > 0 && (
          <p role="alert" className="mt-3 font-semibold text-red-900">
            {s.unmatchedPayments === 1 ? '1 M-Pesa payment belongs' : `${s.unmatchedPayments} M-Pesa payments belong`} to no order
            yet: assign {s.unmatchedPayments === 1 ? 'it' : 'them'} below.
          </p>
        )}
        {money && s.unreadablePayments > 0 && (
          <p role="alert" className="mt-3 font-semibold text-red-900">
            {s.unreadablePayments === 1 ? '1 M-Pesa confirmation' : `${s.unreadablePayments} M-Pesa confirmations`} could not be read:
            check {s.unreadablePayments === 1 ? 'it' : 'them'} against the M-Pesa statement below.
          </p>
        )}
        {settings && s.etimsUnsigned > 0 && (
          <p role="alert" className="mt-3 font-semibold text-red-900">
            {s.etimsUnsigned === 1 ? '1 KRA invoice is' : `${s.etimsUnsigned} KRA invoices are`} unsigned for more than an hour: see the
            eTIMS tab.
          </p>
        )}
      </section>

      <RefundApprovals waiting={s.refundsWaiting ?? []} onDecided={onChange} />

      {settings && <BackupStatus backup={s.backup ?? null} />}

      {money && <UnmatchedPayments />}
      {money && <StatementUpload />}

      {money && s.unreadablePayments > 0 && <UnreadablePayments />}

      {orders && <OrderList title="Waiting to be dispatched" orders={s.toDispatch} empty="No paid orders are waiting." all={TO_DISPATCH} />}

      <Part level={2} id="low-h" title={`Low stock (at most ${s.lowStockThreshold})`}>
        {s.lowStock.length === 0 ? (
          <p className="mt-2 text-stone-700">Every size has more than {s.lowStockThreshold} in stock.</p>
        ) : (
          <ul className="mt-2 divide-y divide-stone-200 rounded-md border border-stone-200 bg-white">
            {s.lowStock.map((v) => (
              <li key={v.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                <span>
                  <Link to={`/admin/products/${v.product}`} className="font-semibold text-brand-800 underline">
                    {v.product_name} — {v.size}
                  </Link> <span className="text-sm text-stone-600">({v.sku})</span>
                  {!v.is_active && (
                    <>
                      {' '}
                      <Badge tone="grey">Inactive</Badge>
                    </>
                  )}
                </span>
                <Badge tone={v.stock === 0 ? 'red' : 'amber'}>{v.stock === 0 ? 'Out of stock' : `${v.stock} left`}</Badge>
              </li>
            ))}
          </ul>
        )}
      </Part>

      {orders && <OrderList title="Recent orders" orders={s.recentOrders} empty="No orders yet." all="/admin/orders" />}
    </div>
  );
}

/**
 * The orders of the last 30 days by the channel they came through (docs/ussd.md): the phone
 * orders and the USSD menu beside the web. Each figure opens the orders list on that channel and
 * those days.
 */
function ByChannel({ c }: { c: Stats['ordersByChannel'] }) {
  const name = (ch: string) => CHANNELS.find(([v]) => v === ch)?.[1] ?? ch;
  return (
    <section aria-labelledby="channels-h" className="mt-4">
      <h3 id="channels-h" className="font-semibold text-stone-900">
        Orders by channel, last 30 days
      </h3>
      <ul className="mt-2 flex flex-wrap gap-2">
        {c.channels.map((ch) => (
          <li key={ch.channel}>
            <Link className={chipSecondary} to={`/admin/orders?${new URLSearchParams({ channel: ch.channel, from: c.from, to: c.to })}`}>
              {name(ch.channel)}: {ch.orders}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function OrderList({ title, orders, empty, all }: { title: string; orders: OrderSummary[]; empty: string; all: string }) {
  const id = title.toLowerCase().replace(/\s+/g, '-');
  return (
    <Part level={2} id={id} title={title}>
      {orders.length === 0 ? (
        <p className="mt-2 text-stone-700">{empty}</p>
      ) : (
        <ul className="mt-2 divide-y divide-stone-200 rounded-md border border-stone-200 bg-white">
          {orders.map((o) => (
            <li key={o.orderId} className={`flex flex-wrap items-center justify-between gap-2 px-3 py-2 ${o.attention ? 'bg-red-50' : ''}`}>
              <span>
                <Link to={`/admin/orders/${encodeURIComponent(o.orderId)}`} className="font-semibold text-brand-800 underline">
                  {o.orderId}
                </Link>{' '}
                · {o.customer_name} · {formatDate(o.created_at)}
              </span>
              <span className="flex items-center gap-2">
                {formatKsh(o.total)} <StatusBadge status={o.status} />
                {o.attention && <Badge tone="red">Needs attention</Badge>}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2">
        <Link to={all} className="text-sm font-semibold text-brand-800 underline">
          See them all in the orders list
        </Link>
      </p>
    </Part>
  );
}
