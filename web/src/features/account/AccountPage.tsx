import { lazy, Suspense, useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { ErrorState } from '../../shared/ui/ErrorState';
import { FormMessage, SubmitButton } from '../../shared/ui/form/FormMessage';
import { NameFields } from '../../shared/ui/form/NameFields';
import { NewPasswordFields, PasswordField } from '../../shared/ui/form/PasswordField';
import { PhoneField, TextField } from '../../shared/ui/form/TextField';
import { OrderTimeline } from '../../shared/ui/OrderTimeline';
import { linkClass, LinkLine, Page } from '../../shared/ui/Page';
import { changePassword, getMe, updateMe } from '../../shared/api/account';
import { MSG, checkConfirm, checkKraPin, checkName, checkNewPassword, checkAccountPhone } from '../../shared/domain/accountRules';
import { ApiError } from '../../shared/api/api';
import { clearSession, getSession } from '../../shared/api/authToken';
import { lang } from '../../shared/i18n/i18n';
import { accountMessages } from '../../shared/i18n/messages/account';
import { formatKsh } from '../../shared/domain/money';
import { ReceiptButton } from '../../shared/ui/ReceiptButton';
import { OrderAgainButton } from '../../shared/ui/OrderAgainButton';
import { isPaid, listMyOrders, statusText } from '../../shared/api/orders';
import type { Order, User } from '../../shared/api/shapes';
import { failureMessage, useForm } from '../../shared/hooks/useForm';
import { useSession } from '../../shared/api/useSession';
import { DATA_MSG } from './rules';
import { YourData } from './YourData';
import { Reminders } from './Reminders';
import { ConfirmPhone } from './ConfirmPhone';

// Two-step sign-in and the signed-in devices: their own chunk, fetched with the page.
const Security = lazy(() => import('./Security'));

/** The customer's own page: their orders first, then their details, their password and their data. */
export default function AccountPage() {
  const session = useSession();
  const [deleted, setDeleted] = useState(false);
  // A confirmed phone brings guest orders in: the list is read again, and says how many came.
  const [ordersRead, setOrdersRead] = useState(0);
  const [attached, setAttached] = useState(0);
  const m = accountMessages();

  // Fetch the user afresh: another device may have changed the details.
  useEffect(() => {
    if (!getSession()) return;
    const controller = new AbortController();
    getMe({ signal: controller.signal }).catch(() => {
      // A session the shop ended is cleared by the API client, and this page then sends the
      // visitor to sign in; otherwise the stored details are shown.
    });
    return () => controller.abort();
  }, []);

  if (deleted) {
    return (
      <Page title={DATA_MSG.deletedTitle}>
        <p role="status" className="mt-4 max-w-2xl text-stone-700">
          {DATA_MSG.deletedText}
        </p>
        <Link to="/" className={`mt-6 inline-block ${linkClass}`}>
          {m.backToShop}
        </Link>
      </Page>
    );
  }
  if (!session) return <Navigate to="/login" replace state={{ from: '/account' }} />;
  const user = session.user;

  return (
    <Page title={m.title}>
      {user && (
        <p className="mt-2 text-stone-700">
          {m.signedInAs} <strong className="text-stone-900">{user.email || user.phone}</strong>
        </p>
      )}
      {user?.phone && !user.phone_confirmed && (
        <ConfirmPhone
          user={user}
          onConfirmed={(n) => {
            setAttached(n);
            setOrdersRead((k) => k + 1);
          }}
        />
      )}
      {attached > 0 && (
        <div className="mt-6">
          <FormMessage kind="success">{m.confirmPhone.attached(attached)}</FormMessage>
        </div>
      )}
      <OrderHistory key={ordersRead} />
      <div className="mt-12 grid gap-10 lg:grid-cols-2">
        {user && <ProfileSection key={user.id} user={user} />}
        <PasswordSection />
      </div>
      <Reminders />
      <Suspense fallback={null}>
        <Security />
      </Suspense>
      <YourData
        onDeleted={() => {
          // The page that says so first, then the session goes: without it the page would
          // send the visitor to sign in.
          setDeleted(true);
          clearSession();
        }}
      />
    </Page>
  );
}

const sectionHeading = 'text-xl font-bold text-brand-900';

/** A section of the page that is one form, named by its heading. */
function FormSection({ id, title, onSubmit, children }: { id: string; title: string; onSubmit: (event: FormEvent) => void; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={sectionHeading}>
        {title}
      </h2>
      <form noValidate onSubmit={onSubmit} className="mt-4 space-y-5" aria-labelledby={id}>
        {children}
      </form>
    </section>
  );
}

const PROFILE_ORDER = ['first_name', 'last_name', 'phone', 'kra_pin'] as const;

function ProfileSection({ user }: { user: User }) {
  const form = useForm({ first_name: user.first_name, last_name: user.last_name, phone: user.phone, kra_pin: user.kra_pin, saved: '' });
  const { values, set } = form;
  const m = accountMessages().details;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = {
      first_name: checkName(values.first_name, MSG.firstName, MSG.firstNameTooLong),
      last_name: checkName(values.last_name, MSG.lastName, MSG.lastNameTooLong),
      phone: checkAccountPhone(values.phone),
      kra_pin: checkKraPin(values.kra_pin, MSG.kraPin),
    };
    if (form.busy || form.showErrors(found, PROFILE_ORDER)) return;
    form.setBusy(true);
    try {
      const next = await updateMe({ first_name: values.first_name.trim(), last_name: values.last_name.trim(), phone: values.phone, kra_pin: values.kra_pin });
      set('phone', next.phone);
      set('kra_pin', next.kra_pin);
      set('saved', m.saved);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && err.fields) form.showErrors(err.fields, PROFILE_ORDER);
      else form.setFormError(failureMessage(err, m.failed));
    } finally {
      form.setBusy(false);
    }
  }

  return (
    <FormSection id="profile-heading" title={m.title} onSubmit={onSubmit}>
      <NameFields first={form.field('first_name')} last={form.field('last_name')} />
      <PhoneField hint={m.phoneHint} {...form.field('phone')} />
      <TextField label={m.kraPin} hint={m.kraPinHint} autoComplete="off" optional required={false} {...form.field('kra_pin')} />
      <FormMessage kind="error">{form.formError}</FormMessage>
      <FormMessage kind="success">{values.saved}</FormMessage>
      <SubmitButton busy={form.busy} label={m.save} busyLabel={m.saving} />
    </FormSection>
  );
}

const PASSWORD_ORDER = ['current', 'password', 'confirm'] as const;

function PasswordSection() {
  const form = useForm({ current: '', password: '', confirm: '', done: '' });
  const { values, set } = form;
  const m = accountMessages().password;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = {
      current: values.current === '' ? MSG.currentPassword : undefined,
      password: checkNewPassword(values.password),
      confirm: checkConfirm(values.password, values.confirm),
    };
    if (form.busy || form.showErrors(found, PASSWORD_ORDER)) return;
    form.setBusy(true);
    try {
      const { message } = await changePassword(values.current, values.password);
      set('current', '');
      set('password', '');
      set('confirm', '');
      set('done', message);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && err.fields) {
        form.showErrors({ current: err.fields.current_password, password: err.fields.new_password }, PASSWORD_ORDER);
      } else {
        form.setFormError(failureMessage(err, m.failed));
      }
    } finally {
      form.setBusy(false);
    }
  }

  return (
    <FormSection id="password-heading" title={m.title} onSubmit={onSubmit}>
      <PasswordField label={m.current} autoComplete="current-password" {...form.field('current')} />
      <NewPasswordFields password={form.field('password')} confirm={form.field('confirm')} />
      <FormMessage kind="error">{form.formError}</FormMessage>
      <FormMessage kind="success">{values.done}</FormMessage>
      <SubmitButton busy={form.busy} label={m.change} busyLabel={m.changing} />
    </FormSection>
  );
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** "2 Mar 2026", its month short in the language shown ("2 Mac 2026"). */
function orderDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const locale = `${lang()}-KE`;
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' });
    dateFormats.set(locale, format);
  }
  return format.format(d);
}

type OrdersState = { phase: 'loading' } | { phase: 'error'; message: string } | { phase: 'ready'; orders: Order[] };

function OrderHistory() {
  const [state, setState] = useState<OrdersState>({ phase: 'loading' });
  const m = accountMessages().orders;

  const load = useCallback(async (signal?: AbortSignal) => {
    setState({ phase: 'loading' });
    try {
      const orders = await listMyOrders(signal ? { signal } : undefined);
      if (!signal?.aborted) setState({ phase: 'ready', orders });
    } catch (err) {
      if (signal?.aborted) return;
      setState({ phase: 'error', message: failureMessage(err, accountMessages().orders.failed) });
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  let body;
  if (state.phase === 'loading') {
    body = (
      <p role="status" className="mt-4 text-stone-600">
        {m.loading}
      </p>
    );
  } else if (state.phase === 'error') {
    body = <ErrorState title={m.failed} detail={state.message} onRetry={() => void load()} className="mt-4" />;
  } else if (state.orders.length === 0) {
    body = (
      <LinkLine className="mt-4 text-stone-700" text={m.none} to="/shop" link={m.browse} />
    );
  } else {
    body = (
      <ul className="mt-4 space-y-4">
        {state.orders.map((o) => (
          <li key={o.orderId} className="rounded-lg border border-earth-200 bg-white p-4">
            <article aria-labelledby={`order-${o.orderId}`}>
              <h3 id={`order-${o.orderId}`} className="font-mono font-semibold text-stone-900">
                {o.orderId}
              </h3>
              <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
                <div>
                  <dt className="text-stone-600">{m.date}</dt>
                  <dd className="font-medium text-stone-900">{orderDate(o.created_at)}</dd>
                </div>
                <div>
                  <dt className="text-stone-600">{m.status}</dt>
                  <dd className="font-medium text-stone-900">{statusText(o.status)}</dd>
                </div>
                <div>
                  <dt className="text-stone-600">{m.total}</dt>
                  <dd className="font-medium text-stone-900">{formatKsh(o.total)}</dd>
                </div>
              </dl>
              {o.paybill && (
                <p className="mt-2 text-sm font-semibold text-red-800">
                  {m.stillToPay(formatKsh(o.paybill.amount))}
                  {Number(o.amount_paid ?? 0) > 0 && ` (${m.received(formatKsh(o.amount_paid ?? '0'))})`}
                </p>
              )}
              <ul className="mt-3 list-disc space-y-1 pl-5 text-stone-800" aria-label={m.items}>
                {o.items.map((it) => (
                  <li key={it.sku}>
                    {it.quantity} × {it.product_name} ({it.size})
                  </li>
                ))}
              </ul>
              {o.delivery && (
                <p className="mt-2 text-sm text-stone-700">
                  {o.delivery.kind === 'pickup' ? m.collectFrom : m.delivery}: {o.delivery.name}
                </p>
              )}
              {isPaid(o.status) && <OrderTimeline order={o} className="mt-3" />}
              {isPaid(o.status) && <ReceiptButton orderId={o.orderId} className="mt-3" />}
              {o.status !== 'pending_payment' && <OrderAgainButton orderId={o.orderId} className="mt-3" />}
              <Link to={`/order-confirmation?orderId=${encodeURIComponent(o.orderId)}`} className={`mt-3 inline-block ${linkClass}`}>
                {m.view(o.orderId)}
              </Link>
            </article>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="orders-heading" className="mt-8">
      <h2 id="orders-heading" className={sectionHeading}>
        {m.title}
      </h2>
      {body}
    </section>
  );
}
