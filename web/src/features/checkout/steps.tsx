import type { Dispatch } from 'react';
import { SearchableSelect } from '../../shared/ui/form/SearchableSelect';
import { PhoneField, TextField } from '../../shared/ui/form/TextField';
import { COUNTIES, feeText } from '../../shared/domain/delivery';
import { checkoutMessages } from './messages';
import { formsMessages } from '../../shared/i18n/messages/forms';
import { formatKsh } from '../../shared/domain/money';
import type { DeliveryOption } from '../../shared/api/shapes';
import type { Resource } from '../../shared/hooks/useResource';
import type { CheckoutAction, CheckoutState } from './checkoutState';
import { DeliveryOptions } from './DeliveryOptions';
import { isPickup, STEPS, type CheckoutForm, type Field } from './rules';

// The checkout wizard's steps: the stepper above the form and what each step asks for.

export const fieldId = (field: Field) => `checkout-${field}`;

export function Stepper({ step }: { step: number }) {
  const m = checkoutMessages();
  return (
    <nav aria-label={m.stepsNav} className="mt-6">
      <ol className="grid grid-cols-4 gap-1 sm:gap-3">
        {STEPS.map((s, i) => {
          const n = i + 1;
          const state = n < step ? 'done' : n === step ? 'current' : 'todo';
          return (
            <li
              key={s.name}
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
                {m.steps[s.name]}
                {state === 'done' && <span className="sr-only"> {m.done}</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

export interface StepProps {
  state: CheckoutState;
  dispatch: Dispatch<CheckoutAction>;
}

/** Props that tie a field to the form's state; every field but the postal code is required. */
function bind(field: Field, { state, dispatch }: StepProps) {
  return {
    id: fieldId(field),
    value: state.form[field],
    error: state.errors[field],
    required: true,
    onChange: (value: string) => dispatch({ type: 'change', field, value }),
    onBlur: () => dispatch({ type: 'blur', field }),
  };
}

export function CustomerStep(props: StepProps) {
  const m = checkoutMessages().customer;
  const f = formsMessages();
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={f.firstName} autoComplete="given-name" {...bind('firstName', props)} />
        <TextField label={f.lastName} autoComplete="family-name" {...bind('lastName', props)} />
      </div>
      <TextField label={m.email} hint={m.emailHint} type="email" inputMode="email" autoComplete="email" {...bind('email', props)} />
      <PhoneField hint={m.phoneHint} {...bind('phone', props)} />
      <TextField label={m.kraPin} hint={m.kraPinHint} autoComplete="off" {...bind('kraPin', props)} optional required={false} />
    </>
  );
}

export function ShippingStep(props: StepProps & { options: Resource<DeliveryOption[]> | null }) {
  const { state, dispatch, options } = props;
  const pickup = isPickup(state.form);
  const m = checkoutMessages().shipping;
  return (
    <>
      <SearchableSelect
        label={m.county}
        autoComplete="address-level1"
        options={COUNTIES}
        placeholder={m.chooseCounty}
        searchLabel={m.findCounty}
        {...bind('county', props)}
      />
      <DeliveryOptions
        id={fieldId('delivery')}
        county={state.form.county}
        options={options}
        value={state.form.delivery}
        error={state.errors.delivery}
        onChange={(value) => dispatch({ type: 'change', field: 'delivery', value })}
      />
      <TextField
        label={m.address}
        autoComplete="street-address"
        hint={pickup ? m.addressHintPickup : m.addressHint}
        {...bind('address', props)}
        optional={pickup}
        required={!pickup}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={m.city} autoComplete="address-level2" {...bind('city', props)} optional={pickup} required={!pickup} />
        <TextField label={m.postalCode} inputMode="numeric" autoComplete="postal-code" {...bind('postalCode', props)} optional required={false} />
      </div>
    </>
  );
}

export function PaymentStep(props: StepProps & { delivery?: DeliveryOption | undefined }) {
  const { state, dispatch, delivery } = props;
  const method = state.form.paymentMethod;
  const m = checkoutMessages().payment;
  const option = (value: 'mpesa' | 'on_delivery', label: string, note: string) => (
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
        <legend className="mb-2 text-sm font-semibold text-stone-800">{m.method}</legend>
        {option('mpesa', 'M-Pesa', m.mpesaNote)}
        {delivery?.pay_on_delivery && option('on_delivery', m.onDelivery, m.onDeliveryNote(formatKsh(delivery.fee)))}
      </fieldset>
      {(method === 'mpesa' || method === 'on_delivery') && (
        <PhoneField
          label={m.mpesaPhone}
          hint={method === 'on_delivery' ? m.onDeliveryPhoneHint : m.mpesaPhoneHint}
          {...bind('mpesaPhone', props)}
        />
      )}
      <TextField label={m.agentCode} hint={m.agentCodeHint} autoComplete="off" {...bind('agentCode', props)} optional required={false} />
    </>
  );
}

export function ReviewStep({ form, option }: { form: CheckoutForm; option: DeliveryOption | undefined }) {
  const m = checkoutMessages();
  const r = m.review;
  const row = (term: string, value: string) => (
    <div className="sm:flex sm:gap-4">
      <dt className="text-sm font-semibold text-stone-700 sm:w-40 sm:shrink-0">{term}</dt>
      <dd className="text-stone-900">{value}</dd>
    </div>
  );
  return (
    <dl className="space-y-3">
      {row(r.name, `${form.firstName.trim()} ${form.lastName.trim()}`)}
      {row(r.email, form.email.trim())}
      {row(r.phone, form.phone.trim())}
      {option && row(r.delivery, [option.name, feeText(option.fee, formatKsh, m.delivery.free), option.eta, option.address].filter(Boolean).join(', '))}
      {/* A pickup order's place is the pickup point above; an address given anyway is only the farmer's. */}
      {isPickup(form)
        ? form.address.trim() && row(r.yourAddress, [form.address.trim(), form.city.trim(), form.county].filter(Boolean).join(', '))
        : row(r.deliveryAddress, [form.address.trim(), form.city.trim(), form.county, form.postalCode.trim()].filter(Boolean).join(', '))}
      {row(
        r.payment,
        form.paymentMethod === 'mpesa'
          ? `M-Pesa, ${form.mpesaPhone.trim()}`
          : form.paymentMethod === 'on_delivery'
            ? r.onDelivery(form.mpesaPhone.trim())
            : r.card,
      )}
    </dl>
  );
}
