import { useEffect, useReducer, useRef, useState, type Dispatch, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { Page } from '../../components/Page';
import { ApiError } from '../../lib/api';
import { formatKsh } from '../../lib/money';
import type { User } from '../../lib/authToken';
import { getMe } from '../auth/api';
import { useSession } from '../auth/useSession';
import type { CartItem } from '../../lib/cart';
import { useCart } from '../../lib/CartProvider';
import { saveOrderToken } from '../order/api';
import { initiatePayment } from './api';
import { checkoutReducer, initialCheckoutState, type CheckoutAction, type CheckoutState } from './checkoutState';
import { SelectField, TextField } from './fields';
import {
  COUNTIES,
  firstInvalidStep,
  initiatePayload,
  LAST_STEP,
  orderTotals,
  STEPS,
  validateAll,
  validateStep,
  type CheckoutForm,
  type Field,
} from './rules';

// SPEC.md section 8.
export const MSG_CARD = 'Other payment methods coming soon!';
export const MSG_PAYMENT_STARTED = 'Payment initiated! Please check your phone for M-Pesa prompt.';
export const MSG_PAYMENT_FAILED = 'Payment failed. Please try again.';

const fieldId = (field: Field) => `checkout-${field}`;

const primaryButton =
  'inline-flex h-12 items-center justify-center rounded-md bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-stone-400';
const secondaryButton =
  'inline-flex h-12 items-center justify-center rounded-md border border-stone-400 bg-white px-5 font-semibold text-stone-800 hover:bg-earth-100';
const linkClass = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900';

// ---- The draft: what was typed survives a reload on a shaky connection (this tab only) ----

const DRAFT_KEY = 'checkout:draft';

function loadDraft(): CheckoutState {
  try {
    const saved = JSON.parse(window.sessionStorage.getItem(DRAFT_KEY) ?? 'null') as {
      form?: Partial<CheckoutForm>;
      step?: number;
    } | null;
    if (saved && typeof saved === 'object') {
      const state = initialCheckoutState(saved.form ?? {});
      // Reopen the step reached, but never past a step that is not filled in.
      const blocked = firstInvalidStep(validateAll(state.form)) ?? LAST_STEP;
      return { ...state, step: Math.min(Number(saved.step) || 1, blocked) };
    }
  } catch {
    // Unreadable or refused: start afresh.
  }
  return initialCheckoutState();
}

function saveDraft(state: CheckoutState) {
  try {
    window.sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ form: state.form, step: state.step }));
  } catch {
    // Storage refused: the form only lives on this page.
  }
}

function clearDraft() {
  try {
    window.sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // Nothing was stored.
  }
}

/** The form's fields from a user record of the accounts API. */
function customerFields(user: User): Partial<CheckoutForm> {
  return { firstName: user.first_name, lastName: user.last_name, email: user.email, phone: user.phone ?? '' };
}

/**
 * Fills the form with the signed-in customer's details, keeping whatever was typed: at once
 * from the user stored at sign-in, or from GET /api/auth/me/ when none is stored. A guest, or a
 * server that does not answer, leaves the form empty.
 */
function usePrefill(dispatch: Dispatch<CheckoutAction>) {
  const session = useSession();
  const user = session?.user ?? null;
  const needsUser = session !== null && user === null;

  useEffect(() => {
    if (user) dispatch({ type: 'prefill', values: customerFields(user) });
  }, [user, dispatch]);

  useEffect(() => {
    if (!needsUser) return;
    const controller = new AbortController();
    getMe({ signal: controller.signal }).then(
      (me) => {
        if (!controller.signal.aborted) dispatch({ type: 'prefill', values: customerFields(me) });
      },
      () => {
        // 401/404 or no connection: the customer types their details.
      },
    );
    return () => controller.abort();
  }, [needsUser, dispatch]);
}

export default function CheckoutPage() {
  const cart = useCart();
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(checkoutReducer, undefined, loadDraft);
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const placed = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const { step, form, errors } = state;

  usePrefill(dispatch);

  useEffect(() => {
    if (!placed.current) saveDraft(state);
  }, [state]);

  // A new step is announced: focus moves to its heading ("Step 2 of 4: Shipping").
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  if (cart.status === 'error') {
    return (
      <Page title="Checkout">
        <ErrorState className="mt-6" title="We could not load your cart." error={cart.error ?? undefined} onRetry={() => void cart.reload()} />
      </Page>
    );
  }
  if (cart.items.length === 0) {
    if (cart.status === 'ready' && !placed.current) return <Navigate to="/cart" replace />;
    return (
      <Page title="Checkout">
        <p role="status" className="mt-6 text-stone-700">
          Loading your cart…
        </p>
      </Page>
    );
  }

  const focusFirstProblem = (fields: Field[]) => {
    const first = fields[0];
    if (!first) return;
    // After the messages are on screen, so they are read with the field.
    setTimeout(() => document.getElementById(fieldId(first))?.focus());
  };

  const next = () => {
    const problems = Object.keys(validateStep(step, form)) as Field[];
    dispatch({ type: 'next' });
    focusFirstProblem(problems);
  };

  const completeOrder = async () => {
    if (submitting) return;
    setFormError(null);
    const problems = validateAll(form);
    if (Object.keys(problems).length > 0) {
      dispatch({ type: 'submit-invalid' });
      return;
    }
    if (form.paymentMethod === 'card') {
      window.alert(MSG_CARD);
      return;
    }
    setSubmitting(true);
    try {
      const started = await initiatePayment(initiatePayload(form, cart.items));
      if (started.orderToken) saveOrderToken(started.orderId, started.orderToken);
      placed.current = true;
      clearDraft();
      window.alert(MSG_PAYMENT_STARTED);
      void navigate(`/order-confirmation?orderId=${encodeURIComponent(started.orderId)}`);
    } catch (err) {
      setSubmitting(false);
      if (!(err instanceof ApiError) || err.status === 0 || err.status === 500 || err.status === 502 || err.status === 504) {
        window.alert(MSG_PAYMENT_FAILED);
      } else if (err.status === 400 && err.fields && Object.keys(err.fields).length > 0) {
        dispatch({ type: 'server-errors', errors: err.fields });
        focusFirstProblem(Object.keys(err.fields) as Field[]);
      } else if (err.status === 400 && /cart is empty/i.test(err.message)) {
        // Emptied elsewhere (another tab): the reload sends the customer to the cart.
        void cart.reload();
      } else {
        // Not enough stock, M-Pesa not configured (503), a session that ended: the server's words.
        setFormError(err.message || MSG_PAYMENT_FAILED);
      }
      return;
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (step < LAST_STEP) next();
    else void completeOrder();
  };

  const stepTitle = STEPS[step - 1]?.title ?? '';

  return (
    <Page title="Checkout">
      <p className="mt-2">
        <Link to="/cart" className={linkClass}>
          ← Back to Cart
        </Link>
      </p>

      <Stepper step={step} />

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <form onSubmit={onSubmit} noValidate aria-labelledby="checkout-step-title" className="rounded-lg border border-earth-200 bg-white p-5 lg:col-span-2">
          <h2 id="checkout-step-title" ref={heading} tabIndex={-1} className="text-xl font-semibold text-stone-900 focus:outline-none">
            <span className="sr-only">
              Step {step} of {LAST_STEP}:{' '}
            </span>
            {stepTitle}
          </h2>

          <div className="mt-4 space-y-4">
            {step === 1 && <CustomerStep state={state} dispatch={dispatch} />}
            {step === 2 && <ShippingStep state={state} dispatch={dispatch} />}
            {step === 3 && <PaymentStep state={state} dispatch={dispatch} />}
            {step === 4 && <ReviewStep form={form} />}
          </div>

          {formError && (
            <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 font-medium text-red-900">
              {formError}
            </p>
          )}
          {Object.keys(errors).length > 0 && step === LAST_STEP && (
            <p role="alert" className="mt-4 font-medium text-red-800">
              Please check your details.
            </p>
          )}

          <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
            {step > 1 ? (
              <button type="button" className={secondaryButton} onClick={() => dispatch({ type: 'back' })} disabled={submitting}>
                Previous
              </button>
            ) : (
              <span />
            )}
            {step < LAST_STEP ? (
              <button type="submit" className={primaryButton}>
                Next
              </button>
            ) : (
              <button type="submit" className={primaryButton} disabled={submitting}>
                {submitting ? 'Processing...' : 'Complete Order'}
              </button>
            )}
          </div>
        </form>

        <OrderSummary items={cart.items} />
      </div>
    </Page>
  );
}

function Stepper({ step }: { step: number }) {
  return (
    <nav aria-label="Checkout steps" className="mt-6">
      <ol className="grid grid-cols-4 gap-1 sm:gap-3">
        {STEPS.map((s, i) => {
          const n = i + 1;
          const state = n < step ? 'done' : n === step ? 'current' : 'todo';
          return (
            <li
              key={s.title}
              aria-current={state === 'current' ? 'step' : undefined}
              className="flex flex-col items-center gap-1 text-center sm:flex-row sm:gap-2 sm:text-left"
            >
              <span
                aria-hidden="true"
                className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
                  state === 'current'
                    ? 'bg-brand-700 text-white'
                    : state === 'done'
                      ? 'bg-brand-100 text-brand-800'
                      : 'border border-stone-400 bg-white text-stone-600'
                }`}
              >
                {state === 'done' ? '✓' : n}
              </span>
              <span className={`text-xs leading-tight sm:text-sm ${state === 'current' ? 'font-semibold text-stone-900' : 'text-stone-700'}`}>
                {s.title}
                {state === 'done' && <span className="sr-only"> (done)</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

interface StepProps {
  state: CheckoutState;
  dispatch: Dispatch<CheckoutAction>;
}

/** Props that tie a text field to the form's state. */
function bind(field: Field, { state, dispatch }: StepProps) {
  return {
    id: fieldId(field),
    value: state.form[field],
    error: state.errors[field],
    onChange: (value: string) => dispatch({ type: 'change', field, value }),
    onBlur: () => dispatch({ type: 'blur', field }),
  };
}

function CustomerStep(props: StepProps) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" {...bind('firstName', props)} />
        <TextField label="Last name" autoComplete="family-name" {...bind('lastName', props)} />
      </div>
      <TextField label="Email" type="email" inputMode="email" autoComplete="email" {...bind('email', props)} />
      <TextField label="Phone number" type="tel" inputMode="tel" autoComplete="tel" hint="e.g. 0712 345 678" {...bind('phone', props)} />
    </>
  );
}

function ShippingStep(props: StepProps) {
  const { state, dispatch } = props;
  return (
    <>
      <TextField label="Address" autoComplete="street-address" hint="Road, building or nearest landmark" {...bind('address', props)} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="City / Town" autoComplete="address-level2" {...bind('city', props)} />
        <SelectField
          id={fieldId('county')}
          label="County"
          placeholder="Choose a county"
          options={COUNTIES}
          autoComplete="address-level1"
          value={state.form.county}
          error={state.errors.county}
          onChange={(value) => dispatch({ type: 'change', field: 'county', value })}
          onBlur={() => dispatch({ type: 'blur', field: 'county' })}
        />
      </div>
      <TextField label="Postal code" optional inputMode="numeric" autoComplete="postal-code" {...bind('postalCode', props)} />
    </>
  );
}

function PaymentStep(props: StepProps) {
  const { state, dispatch } = props;
  const method = state.form.paymentMethod;
  const option = (value: 'mpesa' | 'card', label: string, note: string) => (
    <label
      className={`flex cursor-pointer items-start gap-3 rounded-md border p-4 ${
        method === value ? 'border-brand-600 bg-brand-50' : 'border-stone-300 bg-white'
      }`}
    >
      <input
        type="radio"
        name="paymentMethod"
        value={value}
        checked={method === value}
        onChange={() => dispatch({ type: 'change', field: 'paymentMethod', value })}
        className="mt-1 h-5 w-5 accent-brand-700"
      />
      <span>
        <span className="block font-semibold text-stone-900">{label}</span>
        <span className="block text-sm text-stone-700">{note}</span>
      </span>
    </label>
  );
  return (
    <>
      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-semibold text-stone-800">Payment method</legend>
        {option('mpesa', 'M-Pesa', 'Pay from your phone: we send a request, you enter your PIN.')}
        {option('card', 'Card', 'Visa or Mastercard.')}
      </fieldset>
      {method === 'mpesa' && (
        <TextField
          label="M-Pesa phone number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          hint="The phone that will receive the M-Pesa request"
          {...bind('mpesaPhone', props)}
        />
      )}
    </>
  );
}

function ReviewStep({ form }: { form: CheckoutForm }) {
  const row = (term: string, value: string) => (
    <div className="sm:flex sm:gap-4">
      <dt className="text-sm font-semibold text-stone-700 sm:w-40 sm:shrink-0">{term}</dt>
      <dd className="text-stone-900">{value}</dd>
    </div>
  );
  return (
    <dl className="space-y-3">
      {row('Name', `${form.firstName.trim()} ${form.lastName.trim()}`)}
      {row('Email', form.email.trim())}
      {row('Phone', form.phone.trim())}
      {row('Delivery address', [form.address.trim(), form.city.trim(), form.county, form.postalCode.trim()].filter(Boolean).join(', '))}
      {row('Payment', form.paymentMethod === 'mpesa' ? `M-Pesa, ${form.mpesaPhone.trim()}` : 'Card')}
    </dl>
  );
}

function OrderSummary({ items }: { items: CartItem[] }) {
  const { subtotal, shipping, total } = orderTotals(items);
  return (
    <aside aria-labelledby="checkout-summary-title" className="h-fit rounded-lg border border-earth-200 bg-white p-5">
      <h2 id="checkout-summary-title" className="text-lg font-semibold text-stone-900">
        Order Summary
      </h2>
      <ul className="mt-3 divide-y divide-earth-200">
        {items.map((it) => (
          <li key={it.id} className="flex justify-between gap-3 py-2">
            <div className="min-w-0">
              <p className="font-medium text-stone-900">{it.variant.product.name}</p>
              <p className="text-sm text-stone-600">
                {it.variant.size} × {it.quantity}
              </p>
            </div>
            <p className="shrink-0">{formatKsh(it.total_price)}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-1 border-t border-earth-200 pt-3">
        <div className="flex justify-between">
          <dt className="text-stone-700">Subtotal</dt>
          <dd>{formatKsh(subtotal)}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-stone-700">Shipping</dt>
          <dd>{formatKsh(shipping)}</dd>
        </div>
        <div className="flex justify-between text-lg font-bold">
          <dt>Total</dt>
          <dd>{formatKsh(total)}</dd>
        </div>
      </dl>
    </aside>
  );
}
