import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../shared/ui/Button';
import { ErrorState } from '../../shared/ui/ErrorState';
import { PhoneField } from '../../shared/ui/form/TextField';
import { OrderSummary, orderLines } from '../../shared/ui/OrderSummary';
import { ReceiptButton } from '../../shared/ui/ReceiptButton';
import { OrderAgainButton } from '../../shared/ui/OrderAgainButton';
import { OrderTimeline } from '../../shared/ui/OrderTimeline';
import { ContinueShopping, linkClass, LoadingLine, Page } from '../../shared/ui/Page';
import { ApiError } from '../../shared/api/api';
import { useCart } from '../../shared/hooks/CartProvider';
import { orderMessages } from './messages';
import { formatKsh } from '../../shared/domain/money';
import { isPaid, saveOrderToken } from '../../shared/api/orders';
import { whatsappTo } from '../../shared/domain/business';
import type { Order } from '../../shared/api/shapes';
import { orderHelp } from '../../shared/domain/whatsapp';
import { checkPhone, PHONE_MSG } from '../../shared/domain/validation';
import { retryPayment } from './api';
import { EtimsInvoice } from './EtimsInvoice';
import { PaybillGuide } from './PaybillGuide';
import { ussdCode } from '../../shared/domain/ussd';
import { useOrderStatus } from './useOrderStatus';

export default function OrderConfirmationPage() {
  const [params, setParams] = useSearchParams();
  const orderId = params.get('orderId')?.trim() || null;
  // A link from a text message carries the order's short code as its token: keep it like the
  // token checkout gave, before the first read, and take it out of the address bar.
  useState(() => {
    const token = params.get('token');
    if (orderId && token) saveOrderToken(orderId, token);
    return null;
  });
  useEffect(() => {
    if (!params.has('token')) return;
    const rest = new URLSearchParams(params);
    rest.delete('token');
    setParams(rest, { replace: true });
  }, [params, setParams]);
  const { phase, order, error, timedOut, refresh } = useOrderStatus(orderId);
  const cart = useCart();
  const m = orderMessages();
  const ussd = ussdCode();

  // A paid order's lines leave the cart on the server: bring the header's count in step.
  const paid = order !== null && isPaid(order.status);
  const reloadCart = cart.reload;
  useEffect(() => {
    if (paid) void reloadCart();
  }, [paid, reloadCart]);

  if (!orderId || phase === 'not-found') {
    return (
      <Page title={m.title}>
        <div className="mt-6 rounded-lg border border-earth-200 bg-white p-6">
          <h2 className="text-xl font-semibold text-stone-900">{m.notFound.title}</h2>
          <p className="mt-2 text-stone-700">{m.notFound.text}</p>
          <p className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
            <Link to="/shop" className={linkClass}>
              {m.notFound.continueShopping}
            </Link>
            <Link to="/account" className={linkClass}>
              {m.notFound.myAccount}
            </Link>
            <Link to="/track" className={linkClass}>
              {m.notFound.track}
            </Link>
          </p>
        </div>
      </Page>
    );
  }

  if (phase === 'error' && !order) {
    return (
      <Page title={m.title}>
        <ErrorState className="mt-6" title={m.loadFailed} error={error ?? undefined} onRetry={refresh} />
      </Page>
    );
  }

  if (!order) {
    return (
      <Page title={m.title}>
        <LoadingLine>{m.loading}</LoadingLine>
      </Page>
    );
  }

  return (
    <Page title={m.title}>
      <p className="mt-2 text-stone-700">
        {m.orderNumber} <strong className="font-mono text-stone-900">{order.orderId}</strong>
      </p>
      <div className="mt-6 grid gap-6 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <PaymentStatus order={order} timedOut={timedOut} checkFailed={error} onRefresh={refresh} />
        </div>
        <div className="lg:col-span-2">
          <OrderDetails order={order} />
        </div>
      </div>
      <p className="mt-6">
        <a href={whatsappTo(orderHelp(order.orderId))} target="_blank" rel="noopener noreferrer" className={linkClass}>
          {m.needHelp}
        </a>
      </p>
      {ussd && <p className="mt-2 text-stone-700">{m.ussdNext(ussd)}</p>}
      <ContinueShopping className="mt-8" />
    </Page>
  );
}

interface PaymentStatusProps {
  order: Order;
  timedOut: boolean;
  checkFailed: Error | null;
  onRefresh: () => void;
}

/** What happened to the payment, in plain words; changes are read out (a polite live region). */
function PaymentStatus({ order, timedOut, checkFailed, onRefresh }: PaymentStatusProps) {
  const payment = order.payment;
  const m = orderMessages();
  let tone: 'waiting' | 'paid' | 'failed' | 'other';
  let title: string;
  let body: string | null = null;
  if (order.status === 'awaiting_delivery_payment') {
    // The delivery fee is paid: the order is confirmed, its goods are paid at the door.
    tone = 'paid';
    title = m.feePaid;
    body = m.payAtDoor;
  } else if (isPaid(order.status)) {
    tone = 'paid';
    title = m.paid;
    body = order.delivery?.kind === 'pickup' ? m.thanksPickup : m.thanksDelivery;
  } else if (order.status === 'payment_failed') {
    tone = 'failed';
    title = payment?.message || m.paymentFailed;
    body = m.orderKept;
  } else if (order.status === 'cancelled') {
    tone = 'other';
    title = m.cancelled;
    body = m.cancelledText;
  } else {
    tone = 'waiting';
    title = m.waiting;
  }

  if (partPaid(order)) {
    // Part of the money came (by Paybill, say): the headline follows the money, not the last prompt.
    title = m.partPaid(formatKsh(order.amount_paid), formatKsh(order.balance_due));
    if (tone === 'failed') body = m.partPaidText;
  }

  const requested = formatKsh(payment?.amount ?? order.total);
  // Every receipt of what paid the order: a Paybill payment has none on the latest prompt.
  const receipts = order.receipts?.length ? order.receipts : payment?.receipt ? [payment.receipt] : [];
  const toneClass = {
    waiting: 'border-earth-300 bg-earth-100',
    paid: 'border-brand-300 bg-brand-50',
    failed: 'border-red-200 bg-red-50',
    other: 'border-stone-300 bg-white',
  }[tone];

  return (
    <section aria-labelledby="payment-status-title" className={`rounded-lg border p-5 ${toneClass}`}>
      <div aria-live="polite" aria-atomic="true">
        <h2 id="payment-status-title" className="text-xl font-semibold text-stone-900">
          {title}
        </h2>
        {body && <p className="mt-1 text-stone-800">{body}</p>}
        {tone === 'failed' && payment?.advice && <p className="mt-1 font-medium text-stone-900">{payment.advice}</p>}
        {tone === 'paid' && receipts.length > 0 && (
          <p className="mt-2 text-stone-800">
            {receipts.length > 1 ? m.receiptNumbers : m.receiptNumber}{' '}
            <strong className="font-mono">{receipts.join(', ')}</strong>
          </p>
        )}
        {tone === 'waiting' && timedOut && (
          <p className="mt-2 font-medium text-stone-900">{m.notHeard}</p>
        )}
      </div>

      {tone === 'waiting' && (
        <>
          <ol className="mt-3 list-decimal space-y-1 pl-5 text-stone-800">
            <li>
              {payment?.phone ? m.checkThisPhone(payment.phone, requested) : m.checkYourPhone(requested)}
            </li>
            <li>{m.enterPin}</li>
            <li>{m.keepOpen}</li>
          </ol>
          {timedOut && (
            <Button type="button" onClick={onRefresh} size="lg" className="mt-4 justify-center disabled:cursor-not-allowed disabled:bg-stone-400">
              {m.checkAgain}
            </Button>
          )}
        </>
      )}

      {checkFailed && !timedOut && tone === 'waiting' && (
        <p className="mt-3 text-sm text-stone-700">{m.stillTrying}</p>
      )}

      {tone === 'failed' && <RetryForm order={order} onStarted={onRefresh} />}
      {order.paybill && (tone === 'failed' || tone === 'waiting') && (
        <PaybillGuide guide={order.paybill} order={order} afterFailure={tone === 'failed'} />
      )}
      {tone === 'failed' && order.paybill && timedOut && (
        <Button type="button" onClick={onRefresh} size="lg" className="mt-4 justify-center disabled:cursor-not-allowed disabled:bg-stone-400">
          {m.paidAlready}
        </Button>
      )}

      {tone === 'paid' && <OrderTimeline order={order} className="mt-4" />}
    </section>
  );
}

/** Some money came but not all, on an order still waiting for the rest. */
function partPaid(order: Order): boolean {
  return (
    (order.status === 'payment_failed' || order.status === 'pending_payment') && Number(order.amount_paid) > 0 && Number(order.balance_due) > 0
  );
}

interface RetryFormProps {
  order: Order;
  onStarted: () => void;
}

/** 'Try again': a new M-Pesa request for the unpaid order, to the same or another phone. */
function RetryForm({ order, onStarted }: RetryFormProps) {
  const id = useId();
  const [phone, setPhone] = useState(() => order.payment?.phone ?? order.customer.phone ?? '');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const m = orderMessages();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const problem = checkPhone(phone, PHONE_MSG.mpesaRequired);
    setFieldError(problem);
    setFormError(null);
    if (problem) {
      input.current?.focus();
      return;
    }
    setSending(true);
    try {
      await retryPayment(order.orderId, phone.trim());
      onStarted();
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) {
        setFieldError(err.fields?.phone ?? err.message);
        input.current?.focus();
      } else if (err instanceof ApiError && err.status === 409) {
        // Already waiting for a payment (another tab), or already paid: show where it stands.
        onStarted();
      } else if (err instanceof ApiError && err.status !== 0 && err.status !== 502 && err.message) {
        setFormError(err.message);
      } else {
        setFormError(m.paymentFailed);
        // A refused push leaves the order failed; show its latest words.
        onStarted();
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-3">
      <PhoneField
        ref={input}
        id={`${id}-mpesa-phone`}
        label={m.mpesaPhone}
        required
        value={phone}
        onChange={(v) => {
          setPhone(v);
          setFieldError(undefined);
        }}
        error={fieldError}
      />
      {formError && (
        <p role="alert" className="font-medium text-red-800">
          {formError}
        </p>
      )}
      <Button type="submit" disabled={sending} size="lg" className="justify-center disabled:cursor-not-allowed disabled:bg-stone-400">
        {sending ? m.sending : m.tryAgain}
      </Button>
    </form>
  );
}

function OrderDetails({ order }: { order: Order }) {
  const address = order.shipping_address;
  const m = orderMessages();
  return (
    <OrderSummary title={m.yourOrder} titleId="order-details-title" as="section" lines={orderLines(order.items)} strongLineTotals totals={order}>
      {isPaid(order.status) && <ReceiptButton orderId={order.orderId} className="mt-4" />}
      {order.status !== 'pending_payment' && <OrderAgainButton orderId={order.orderId} className="mt-4" />}
      {isPaid(order.status) && <EtimsInvoice order={order} />}
      <DeliveryChoice order={order} />
      <h3 className="mt-5 font-semibold text-stone-900">{order.delivery?.kind === 'pickup' ? m.yourDetails : m.deliveryAddress}</h3>
      <address className="mt-1 text-stone-800 not-italic">
        {order.customer.name && <span className="block">{order.customer.name}</span>}
        {address.address && <span className="block">{address.address}</span>}
        {/* A pickup order may have no town: its county alone is no address (no stray ', Nakuru'). */}
        {address.city && (
          <span className="block">
            {address.city}, {address.county}
            {address.postalCode ? ` ${address.postalCode}` : ''}
          </span>
        )}
        {order.customer.phone && <span className="block">{order.customer.phone}</span>}
      </address>
    </OrderSummary>
  );
}

/** How the order comes: the pickup point with its address and hours, or home delivery and its time. */
function DeliveryChoice({ order }: { order: Order }) {
  const d = order.delivery;
  const m = orderMessages();
  if (!d) return null;
  return (
    <>
      <h3 className="mt-5 font-semibold text-stone-900">{d.kind === 'pickup' ? m.pickupPoint : m.delivery}</h3>
      <p className="mt-1 text-stone-800">
        <span className="block">{d.name}</span>
        {d.address && <span className="block">{d.address}</span>}
        {d.hours && <span className="block">{m.open(d.hours)}</span>}
        {d.eta && <span className="block text-stone-700">{d.eta}</span>}
      </p>
    </>
  );
}
