import { useEffect, useReducer, useRef, useState, type Dispatch, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { Button } from '../../shared/ui/Button';
import { ErrorState } from '../../shared/ui/ErrorState';
import { OrderSummary } from '../../shared/ui/OrderSummary';
import { linkClass, LoadingLine, Page } from '../../shared/ui/Page';
import { ApiError } from '../../shared/api/api';
import { appMessages } from '../../shared/i18n/messages/app';
import { checkoutMessages } from './messages';
import { useCart, type Cart } from '../../shared/hooks/CartProvider';
import { useCartCoupon } from '../../shared/api/coupon';
import { orderTotals, saveOrderToken } from '../../shared/api/orders';
import type { CartItem, DeliveryOption } from '../../shared/api/shapes';
import { useOnline } from '../../shared/hooks/useOnline';
import { useResource } from '../../shared/hooks/useResource';
import { fetchDeliveryOptions, initiatePayment } from './api';
import { checkoutReducer, type CheckoutAction, type CheckoutState } from './checkoutState';
import { clearDraft, loadDraft, saveDraft } from './draft';
import { initiatePayload, LAST_STEP, STEPS, validateAll, validateStep, type Field } from './rules';
import { CustomerStep, fieldId, PaymentStep, ReviewStep, ShippingStep, Stepper } from './steps';
import { usePrefill } from './usePrefill';

const secondaryButton =
  'inline-flex h-12 items-center justify-center rounded-md border border-stone-400 bg-white px-5 font-semibold text-stone-800 hover:bg-earth-100';

function focusFirstProblem(fields: Field[]) {
  const first = fields[0];
  if (!first) return;
  // After the messages are on screen, so they are read with the field.
  setTimeout(() => document.getElementById(fieldId(first))?.focus());
}

/**
 * Complete Order: checks every step, then starts the M-Pesa payment and opens the order's
 * page. A refusal goes where it belongs: a field's message on its step, the server's words
 * above the buttons, or a note there when the payment could not start at all. Nothing pops up: a
 * native alert blocks the whole page on a phone.
 */
function usePlaceOrder(
  state: CheckoutState,
  dispatch: Dispatch<CheckoutAction>,
  cart: Cart,
  option: DeliveryOption | undefined,
  reminders: boolean,
) {
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const placed = useRef(false);
  const { form } = state;

  const completeOrder = async () => {
    if (submitting) return;
    const m = checkoutMessages();
    setFormError(null);
    const problems = validateAll(form);
    if (Object.keys(problems).length > 0) {
      dispatch({ type: 'submit-invalid' });
      return;
    }
    if (form.paymentMethod === 'card') {
      // Card is no longer offered; a checkout saved before that still holds it.
      setFormError(m.cardSoon);
      return;
    }
    setSubmitting(true);
    try {
      const started = await initiatePayment({ ...initiatePayload(form, cart.items, option?.fee ?? null), reminders });
      if (started.orderToken) saveOrderToken(started.orderId, started.orderToken);
      placed.current = true;
      clearDraft();
      void navigate(`/order-confirmation?orderId=${encodeURIComponent(started.orderId)}`);
    } catch (err) {
      setSubmitting(false);
      if (!(err instanceof ApiError) || err.status === 0 || err.status === 500 || err.status === 502 || err.status === 504) {
        setFormError(m.paymentFailed);
      } else if (err.status === 400 && err.fields?.code) {
        // The cart's coupon code no longer applies (used up, expired): the server's words, and the
        // cart is where the code can be removed.
        setFormError(`${err.fields.code} ${m.couponInCart}`);
      } else if (err.status === 400 && err.fields?.cart !== undefined) {
        // Emptied elsewhere (another tab): the reload sends the customer to the cart. The field,
        // not the words, says so: they are in the customer's language.
        void cart.reload();
      } else if (err.status === 400 && err.fields && Object.keys(err.fields).length > 0) {
        dispatch({ type: 'server-errors', errors: err.fields });
        focusFirstProblem(Object.keys(err.fields) as Field[]);
      } else {
        // Not enough stock, M-Pesa not configured (503), a session that ended: the server's words.
        setFormError(err.message || m.paymentFailed);
      }
    }
  };

  return { completeOrder, submitting, formError, placed };
}

export default function CheckoutPage() {
  const cart = useCart();
  const [state, dispatch] = useReducer(checkoutReducer, undefined, loadDraft);
  const { step, form, errors } = state;
  const { options, chosen } = useDeliveryOptions(form.county, form.delivery, cart.items, dispatch);
  // "Text me when it runs low": off until ticked (docs/notifications.md section 8).
  const [reminders, setReminders] = useState(false);
  const { completeOrder, submitting, formError, placed } = usePlaceOrder(state, dispatch, cart, chosen, reminders);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  // An order needs the network (the cart, the price, the M-Pesa prompt): offline it waits.
  const online = useOnline();
  const m = checkoutMessages();
  const offlineNote = !online && (
    <p role="status" className="mt-4 rounded-md border border-earth-300 bg-earth-50 p-3 font-medium text-stone-900">
      {appMessages().checkoutOffline}
    </p>
  );

  usePrefill(dispatch);

  const { status: cartStatus, reload: reloadCart } = cart;
  useEffect(() => {
    if (online && cartStatus === 'error') void reloadCart();
    // Only the network's return starts it: a cart that failed online is retried by its button.
  }, [online]);

  useEffect(() => {
    if (!placed.current) saveDraft(state);
  }, [state, placed]);

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
      <Page title={m.title}>
        {/* Offline the note says it all, once; the cart loads again by itself when the network returns. */}
        {offlineNote || <ErrorState className="mt-6" title={m.cartFailed} error={cart.error ?? undefined} onRetry={() => void cart.reload()} />}
      </Page>
    );
  }
  if (cart.items.length === 0) {
    if (cart.status === 'ready' && !placed.current) return <Navigate to="/cart" replace />;
    return (
      <Page title={m.title}>
        <LoadingLine>{m.loadingCart}</LoadingLine>
      </Page>
    );
  }

  const current = STEPS[step - 1];
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (step < LAST_STEP) {
      const problems = Object.keys(validateStep(step, form)) as Field[];
      dispatch({ type: 'next' });
      focusFirstProblem(problems);
    } else if (online) {
      void completeOrder();
    }
  };

  return (
    <Page title={m.title}>
      <p className="mt-2">
        <Link to="/cart" className={`inline-flex min-h-11 items-center ${linkClass}`}>
          {m.backToCart}
        </Link>
      </p>

      <Stepper step={step} />

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <form onSubmit={onSubmit} noValidate aria-labelledby="checkout-step-title" className="rounded-lg border border-earth-200 bg-white p-5 lg:col-span-2">
          <h2 id="checkout-step-title" ref={heading} tabIndex={-1} className="text-xl font-semibold text-stone-900 focus:outline-none">
            <span className="sr-only">{m.stepOf(step, LAST_STEP)} </span>
            {current && m.steps[current.name]}
          </h2>

          <div className="mt-4 space-y-4">
            {step === 1 && <CustomerStep state={state} dispatch={dispatch} />}
            {step === 2 && <ShippingStep state={state} dispatch={dispatch} options={options} />}
            {step === 3 && <PaymentStep state={state} dispatch={dispatch} delivery={chosen} />}
            {step === 4 && <ReviewStep form={form} option={chosen} />}
            {step === 4 && (
              <label className="flex min-h-11 items-center gap-3 text-stone-900">
                <input type="checkbox" className="h-5 w-5" checked={reminders} onChange={(e) => setReminders(e.target.checked)} />
                {m.reminders}
              </label>
            )}
          </div>

          {formError && (
            <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 font-medium text-red-900">
              {formError}
            </p>
          )}
          {Object.keys(errors).length > 0 && step === LAST_STEP && (
            <p role="alert" className="mt-4 font-medium text-red-800">
              {m.checkDetails}
            </p>
          )}

          {offlineNote}
          <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
            {step > 1 ? (
              <button type="button" className={secondaryButton} onClick={() => dispatch({ type: 'back' })} disabled={submitting}>
                {m.previous}
              </button>
            ) : (
              <span />
            )}
            {step < LAST_STEP ? (
              <Button type="submit" size="lg" className="justify-center disabled:cursor-not-allowed disabled:bg-stone-400">
                {m.next}
              </Button>
            ) : (
              <Button type="submit" size="lg" className="justify-center disabled:cursor-not-allowed disabled:bg-stone-400" disabled={submitting || !online}>
                {submitting ? m.processing : m.completeOrder}
              </Button>
            )}
          </div>
        </form>

        <CartSummary items={cart.items} shipping={chosen?.fee ?? null} />
      </div>
    </Page>
  );
}

/**
 * The delivery options for the county and the cart as it is now (asked again when either
 * changes), and the one chosen. A choice the new answer no longer offers is dropped.
 */
function useDeliveryOptions(county: string, choice: string, items: CartItem[], dispatch: Dispatch<CheckoutAction>) {
  const cartKey = items.map((it) => `${it.variant.id}x${it.quantity}`).join(',');
  const key = county && items.length > 0 ? `delivery-options:${county}:${cartKey}` : null;
  const resource = useResource(key, (signal) => fetchDeliveryOptions(county, signal));
  const current = resource.status === 'success' ? resource.data : undefined;
  const chosen = current?.find((o) => o.id === choice);
  useEffect(() => {
    if (current && choice && !chosen) dispatch({ type: 'change', field: 'delivery', value: '' });
  }, [current, choice, chosen, dispatch]);
  return { options: key ? resource : null, chosen };
}

function CartSummary({ items, shipping }: { items: CartItem[]; shipping: string | null }) {
  const { coupon } = useCartCoupon(items);
  const lines = items.map((it) => ({
    key: it.id,
    name: it.variant.product.name,
    detail: `${it.variant.size} × ${it.quantity}`,
    total: it.total_price,
  }));
  return <OrderSummary title={checkoutMessages().orderSummary} titleId="checkout-summary-title" lines={lines} totals={{ ...orderTotals(items, shipping, coupon.discount), coupon_code: coupon.code ?? undefined }} />;
}
