import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../shared/api/api';
import { statusText } from '../../shared/api/orders';
import type { RiderDay, RiderDelivery } from '../../shared/api/shapes';
import { useSession } from '../../shared/api/useSession';
import { formatKsh } from '../../shared/domain/money';
import { useResource } from '../../shared/hooks/useResource';
import { buttonClass } from '../../shared/ui/button';
import { Button } from '../../shared/ui/Button';
import { Page } from '../../shared/ui/Page';
import { collectPayment, markDelivered, markRefused, riderDay, riderDelivery } from './api';
import { riderMessages } from './messages';

/** How often the screen asks the server whether the door payment has come. */
export const POLL_MS = 2000;

/**
 * /rider: the rider's day on a 360 px phone (docs/product.md, "The rider's screen"). Each
 * delivery has the customer's phone as a tel: link, the address with a map link and what to
 * collect. "Collect payment" sends the M-Pesa request and shows the Paybill steps; the card turns
 * green only when the server has the money, never on anything the customer shows.
 */
export default function RiderPage() {
  const m = riderMessages();
  const session = useSession();
  const [date, setDate] = useState<string | null>(null);
  const day = useResource<RiderDay>(session ? `rider:${date ?? 'today'}` : null, (signal) => riderDay(date, signal), { cache: false });

  if (!session) {
    return (
      <Page title={m.title}>
        <p className="mt-3">{m.signIn}</p>
        <Link to="/login" state={{ from: '/rider' }} className={buttonClass({ className: 'mt-4' })}>
          {m.signInLink}
        </Link>
      </Page>
    );
  }
  const forbidden = day.error instanceof ApiError && day.error.status === 403;
  return (
    <Page title={m.title}>
      <label className="mt-2 flex items-center gap-2 text-sm">
        {m.date}
        <input
          type="date"
          className="h-11 rounded-md border border-stone-300 px-2"
          value={date ?? day.data?.date ?? ''}
          onChange={(e) => setDate(e.target.value || null)}
        />
      </label>
      {day.status === 'error' && (
        <div role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-red-800">
          <p>{forbidden ? m.ridersOnly : m.failed}</p>
          {!forbidden && (
            <Button type="button" variant="outlined" size="md" className="mt-2" onClick={day.retry}>
              {m.tryAgain}
            </Button>
          )}
        </div>
      )}
      {day.data && (
        <>
          <Summary day={day.data} />
          {day.data.deliveries.length === 0 && <p className="mt-4 text-stone-700">{m.none}</p>}
          <ol className="mt-4 space-y-4">
            {day.data.deliveries.map((d) => (
              <li key={d.orderId}>
                <DeliveryCard initial={d} onChanged={day.retry} />
              </li>
            ))}
          </ol>
        </>
      )}
    </Page>
  );
}

function Summary({ day }: { day: RiderDay }) {
  const m = riderMessages();
  const s = day.summary;
  return (
    <section aria-label={m.summary} className="mt-4 rounded-md border border-stone-200 bg-stone-50 p-3">
      <h2 className="font-semibold">{m.summary}</h2>
      <dl className="mt-2 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-stone-600">{m.delivered}</dt>
          <dd className="text-lg font-semibold" data-testid="summary-delivered">{s.delivered}</dd>
        </div>
        <div>
          <dt className="text-stone-600">{m.collected}</dt>
          <dd className="text-lg font-semibold" data-testid="summary-collected">{formatKsh(s.collected)}</dd>
        </div>
        <div>
          <dt className="text-stone-600">{m.refused}</dt>
          <dd className="text-lg font-semibold">{s.refused}</dd>
        </div>
        <div>
          <dt className="text-stone-600">{m.open}</dt>
          <dd className="text-lg font-semibold">{s.open}</dd>
        </div>
      </dl>
    </section>
  );
}

type Step = 'idle' | 'collect' | 'deliver' | 'refuse';

function DeliveryCard({ initial, onChanged }: { initial: RiderDelivery; onChanged: () => void }) {
  const m = riderMessages();
  const id = useId();
  const [d, setD] = useState(initial);
  const [step, setStep] = useState<Step>('idle');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [reason, setReason] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  useEffect(() => setD(initial), [initial]);

  // While a request is on the customer's phone, ask the server until it has the money.
  useEffect(() => {
    if (!waiting) return;
    timer.current = setInterval(() => {
      riderDelivery(d.orderId)
        .then((fresh) => {
          setD(fresh);
          if (fresh.paid) setWaiting(false);
        })
        .catch(() => undefined);
    }, POLL_MS);
    return () => {
      if (timer.current) clearInterval(timer.current);
    };
  }, [waiting, d.orderId]);

  const act = async (fn: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : undefined;
      setError((fields && Object.values(fields)[0]) || (err instanceof Error && err.message) || m.failed);
    } finally {
      setBusy(false);
    }
  };

  const collect = (e: FormEvent) => {
    e.preventDefault();
    void act(async () => {
      const started = await collectPayment(d.orderId, phone);
      setNote(started.existing ? m.promptWaiting : m.promptSent);
      setWaiting(true);
    });
  };
  const deliver = (e: FormEvent) => {
    e.preventDefault();
    void act(async () => {
      setD(await markDelivered(d.orderId, code));
      setStep('idle');
      onChanged();
    });
  };
  const refuse = (e: FormEvent) => {
    e.preventDefault();
    void act(async () => {
      setD(await markRefused(d.orderId, reason));
      setStep('idle');
      onChanged();
    });
  };

  const finished = d.outcome !== '';
  const due = Number(d.amount_due) > 0;
  const tone = d.paid ? 'border-green-600 bg-green-50' : 'border-stone-300 bg-white';
  return (
    <article aria-labelledby={`${id}-name`} className={`rounded-lg border-2 p-3 ${tone}`} data-testid="delivery" data-paid={d.paid}>
      <h2 id={`${id}-name`} className="text-lg font-semibold">
        {d.name}
      </h2>
      <p className="text-sm text-stone-600">
        {d.orderId} · {m.status}: {statusText(d.status)}
      </p>
      <p className="mt-2">{d.address}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <a href={`tel:+${d.phone}`} className={buttonClass({ variant: 'outlined' })}>
          {m.call(d.phone)}
        </a>
        <a href={d.map_url} target="_blank" rel="noreferrer" className={buttonClass({ variant: 'outlined' })}>
          {m.map}
        </a>
      </div>
      {d.pay_on_delivery && <p className="mt-2 text-sm font-semibold">{m.payOnDelivery}</p>}
      <p className="mt-2 text-lg" role="status">
        {d.paid ? (
          <strong className="text-green-800">{waiting || d.pay_on_delivery ? m.paidNow : m.paidAlready}</strong>
        ) : (
          <>
            {m.toCollect}: <strong>{formatKsh(d.amount_due)}</strong>
          </>
        )}
      </p>
      {finished && <p className="mt-2 font-semibold">{d.outcome === 'delivered' ? m.done : m.wasRefused(d.reason)}</p>}
      {error && (
        <p role="alert" className="mt-2 text-red-700">
          {error}
        </p>
      )}
      {!finished && (
        <div className="mt-3 flex flex-wrap gap-2">
          {due && (
            <Button type="button" size="md" onClick={() => setStep('collect')}>
              {m.collect}
            </Button>
          )}
          <Button type="button" variant={due ? 'outlined' : 'primary'} size="md" onClick={() => setStep('deliver')}>
            {m.deliveredButton}
          </Button>
          <Button type="button" variant="outlined" size="md" onClick={() => setStep('refuse')}>
            {m.refusedButton}
          </Button>
        </div>
      )}
      {!finished && step === 'collect' && due && (
        <form onSubmit={collect} className="mt-3 space-y-2" noValidate>
          <label className="block text-sm">
            {m.otherPhone}
            <input
              type="tel"
              inputMode="tel"
              className="mt-1 h-11 w-full rounded-md border border-stone-300 px-2"
              value={phone}
              onChange={(e) => setPhone(e.target.value)}
            />
          </label>
          <Button type="submit" size="md" full disabled={busy}>
            {m.collect}
          </Button>
          {note && <p className="text-sm">{note}</p>}
          {waiting && <p className="text-sm font-semibold">{m.waiting}</p>}
          <p className="text-sm text-stone-700">{m.neverSms}</p>
          {d.paybill && (
            <div className="rounded-md bg-stone-50 p-2 text-sm">
              <p>{m.orPaybill}</p>
              <p>{d.paybill.kind === 'till' ? m.buyGoods : m.payBill}</p>
              <p>
                {d.paybill.kind === 'till' ? m.tillNumber : m.businessNumber}: <strong>{d.paybill.business_number}</strong>
              </p>
              {d.paybill.kind !== 'till' && (
                <p>
                  {m.accountNumber}: <strong>{d.paybill.account_number ?? d.orderId}</strong>
                </p>
              )}
              <p>
                {m.amount}: <strong>{formatKsh(d.paybill.amount)}</strong>
              </p>
            </div>
          )}
        </form>
      )}
      {!finished && step === 'deliver' && (
        <form onSubmit={deliver} className="mt-3 space-y-2" noValidate>
          {!(d.pay_on_delivery && d.paid) && (
            <label className="block text-sm">
              {m.code}
              <input
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={4}
                className="mt-1 h-11 w-full rounded-md border border-stone-300 px-2 text-lg tracking-widest"
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            </label>
          )}
          <div className="flex gap-2">
            <Button type="submit" size="md" disabled={busy}>
              {m.confirmDelivered}
            </Button>
            <Button type="button" variant="outlined" size="md" onClick={() => setStep('idle')}>
              {m.cancel}
            </Button>
          </div>
        </form>
      )}
      {!finished && step === 'refuse' && (
        <form onSubmit={refuse} className="mt-3 space-y-2" noValidate>
          <label className="block text-sm">
            {m.reason}
            <textarea
              maxLength={300}
              className="mt-1 w-full rounded-md border border-stone-300 p-2"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </label>
          <div className="flex gap-2">
            <Button type="submit" size="md" disabled={busy}>
              {m.confirmRefused}
            </Button>
            <Button type="button" variant="outlined" size="md" onClick={() => setStep('idle')}>
              {m.cancel}
            </Button>
          </div>
        </form>
      )}
    </article>
  );
}
