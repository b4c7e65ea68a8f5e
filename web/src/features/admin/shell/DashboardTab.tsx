import { formatKsh } from '../../../shared/domain/money';
import type { OrderSummary, Stats } from '../../../shared/api/shapes';
import { adminApi } from '../../../shared/api/admin';
import { Badge, Button, LoadState, Part, StatusBadge, formatDate } from '../../../shared/ui/controls';
import { useResource } from '../../../shared/hooks/useResource';
import { BackupStatus } from '../settings/BackupStatus';
import { StatementUpload } from '../money/StatementUpload';
import { InitiatorPasswordReminder } from '../orders/RefundForm';
import { UnmatchedPayments } from '../money/UnmatchedPayments';
import { UnreadablePayments } from '../money/UnreadablePayments';
import { RefundApprovals } from '../money/RefundApprovals';
import { useCan } from '../../../shared/hooks/permissions';

type Open = (tab: 'orders' | 'products' | 'messages' | 'reviews') => void;

// Every back-office role sees the dashboard; what a role may not use is left out (docs/product.md,
// "Roles"): the server sends no revenue without `reports`, and the money parts need `refunds`.
export function DashboardTab({ onOpen }: { onOpen: Open }) {
  const stats = useResource('stats', () => adminApi.stats(), { cache: false });
  return <LoadState loaded={stats} what="the dashboard">{(s) => <Dashboard s={s} onOpen={onOpen} onChange={stats.retry} />}</LoadState>;
}

function Dashboard({ s, onOpen, onChange }: { s: Stats; onOpen: Open; onChange: () => void }) {
  const orders = useCan('orders');
  const messages = useCan('messages');
  const catalogue = useCan('catalogue');
  const money = useCan('refunds');
  const settings = useCan('settings');
  const cards: [string, string, string][] = [
    ['Total products', String(s.totalProducts), 'totalProducts'],
    ['Total orders', String(s.totalOrders), 'totalOrders'],
    ['Total users', String(s.totalUsers), 'totalUsers'],
  ];
  if (s.totalRevenue != null) cards.push(['Total revenue', formatKsh(s.totalRevenue), 'totalRevenue']);
  return (
    <div className="space-y-8">
      <section aria-labelledby="stats-h">
        <h2 id="stats-h" className="sr-only">
          Figures
        </h2>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {cards.map(([label, value, key]) => (
            <div key={key} className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm">
              <dt className="text-sm text-stone-600">{label}</dt>
              <dd className="mt-1 text-2xl font-bold text-brand-900">{value}</dd>
            </div>
          ))}
        </dl>
        {s.totalRevenue != null && (
          <p className="mt-2 text-sm text-stone-600">Revenue counts orders that are paid, processing, dispatched, delivered, ready for pickup or collected, and refunded ones, less what was refunded.</p>
        )}
        <div className="mt-3 flex flex-wrap gap-2">
          {orders && (
            <Button variant="secondary" onClick={() => onOpen('orders')}>
              {s.awaitingDispatch} waiting to be dispatched
            </Button>
          )}
          {orders && s.attentionOrders > 0 && (
            <Button variant="danger" onClick={() => onOpen('orders')}>
              {s.attentionOrders} need attention
            </Button>
          )}
          {messages && (
            <Button variant="secondary" onClick={() => onOpen('messages')}>
              {s.unhandledMessages} unanswered messages
            </Button>
          )}
          {catalogue && (
            <Button variant="secondary" onClick={() => onOpen('reviews')}>
              {s.pendingReviews === 1 ? '1 review' : `${s.pendingReviews} reviews`} waiting for approval
            </Button>
          )}
        </div>
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

      {orders && <OrderList title="Waiting to be dispatched" orders={s.toDispatch} empty="No paid orders are waiting." />}

      <Part level={2} id="low-h" title={`Low stock (at most ${s.lowStockThreshold})`}>
        {s.lowStock.length === 0 ? (
          <p className="mt-2 text-stone-700">Every size has more than {s.lowStockThreshold} in stock.</p>
        ) : (
          <ul className="mt-2 divide-y divide-stone-200 rounded-md border border-stone-200 bg-white">
            {s.lowStock.map((v) => (
              <li key={v.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                <span>
                  {v.product_name} — {v.size} <span className="text-sm text-stone-600">({v.sku})</span>
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

      {orders && <OrderList title="Recent orders" orders={s.recentOrders} empty="No orders yet." />}
    </div>
  );
}

function OrderList({ title, orders, empty }: { title: string; orders: OrderSummary[]; empty: string }) {
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
                <span className="font-semibold">{o.orderId}</span> · {o.customer_name} · {formatDate(o.created_at)}
              </span>
              <span className="flex items-center gap-2">
                {formatKsh(o.total)} <StatusBadge status={o.status} />
                {o.attention && <Badge tone="red">Needs attention</Badge>}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Part>
  );
}
