// The checkout wizard's state: which step is open, what has been typed, and which messages
// are on screen. A pure reducer, so every move can be tested without a browser.
import {
  checkField,
  EMPTY_FORM,
  firstInvalidStep,
  LAST_STEP,
  STEPS,
  validateAll,
  validateStep,
  type CheckoutForm,
  type Field,
  type FieldErrors,
} from './rules';

export interface CheckoutState {
  step: number;
  form: CheckoutForm;
  /** The messages shown: a field's message appears once Next was tried or the field was left. */
  errors: FieldErrors;
}

export type CheckoutAction =
  | { type: 'change'; field: Field; value: string }
  | { type: 'blur'; field: Field }
  | { type: 'next' }
  | { type: 'back' }
  /** Details of the signed-in customer: they fill only fields still empty. */
  | { type: 'prefill'; values: Partial<CheckoutForm> }
  /** The server refused fields: show its messages and open the first step concerned. */
  | { type: 'server-errors'; errors: FieldErrors }
  /** Complete Order found a problem on an earlier step (the form was changed elsewhere). */
  | { type: 'submit-invalid' };

export function initialCheckoutState(form: Partial<CheckoutForm> = {}, step = 1): CheckoutState {
  return { step: Math.min(Math.max(1, step), LAST_STEP), form: { ...EMPTY_FORM, ...form }, errors: {} };
}

function withoutKeys(errors: FieldErrors, keys: readonly Field[]): FieldErrors {
  const next = { ...errors };
  for (const k of keys) delete next[k];
  return next;
}

function setError(errors: FieldErrors, field: Field, message: string | undefined): FieldErrors {
  if (errors[field] === message) return errors;
  const next = { ...errors };
  if (message) next[field] = message;
  else delete next[field];
  return next;
}

export function checkoutReducer(state: CheckoutState, action: CheckoutAction): CheckoutState {
  switch (action.type) {
    case 'change': {
      let form = { ...state.form, [action.field]: action.value } as CheckoutForm;
      let errors = state.errors;
      // Another county has other options: the one chosen for the last county no longer holds.
      if (action.field === 'county' && action.value !== state.form.county) form = { ...form, delivery: '' };
      // Pay on delivery belongs to the option it was offered with.
      if ((action.field === 'county' || action.field === 'delivery') && form.paymentMethod === 'on_delivery') form = { ...form, paymentMethod: 'mpesa' };
      if (action.field === 'paymentMethod') {
        // Card asks for nothing: an M-Pesa number's message no longer applies.
        errors = setError(errors, 'mpesaPhone', undefined);
        if (action.value !== 'card' && form.mpesaPhone === '') form = { ...form, mpesaPhone: form.phone.trim() };
      }
      // A message on screen follows the typing, so it goes as soon as the field is right.
      if (errors[action.field] !== undefined) errors = setError(errors, action.field, checkField(action.field, form));
      return { ...state, form, errors };
    }
    case 'blur': {
      // Leaving an empty field says nothing yet (Next will); a mistyped one is pointed out.
      // Leaving never clears a message: typing does, so the server's word stays until then.
      const value = state.form[action.field];
      if (value.trim() === '' && state.errors[action.field] === undefined) return state;
      const message = checkField(action.field, state.form);
      return message ? { ...state, errors: setError(state.errors, action.field, message) } : state;
    }
    case 'next': {
      const problems = validateStep(state.step, state.form);
      const keys = STEPS[state.step - 1]?.fields ?? [];
      const errors = { ...withoutKeys(state.errors, keys), ...problems };
      if (Object.keys(problems).length > 0 || state.step >= LAST_STEP) return { ...state, errors };
      const step = state.step + 1;
      let form = state.form;
      // The M-Pesa number is most often the phone just given: offer it, editable.
      if (step === 3 && form.paymentMethod !== 'card' && form.mpesaPhone.trim() === '') {
        form = { ...form, mpesaPhone: form.phone.trim() };
      }
      return { step, form, errors };
    }
    case 'back':
      return { ...state, step: Math.max(1, state.step - 1) };
    case 'prefill': {
      const form = { ...state.form };
      for (const [key, value] of Object.entries(action.values) as [Field, string | undefined][]) {
        if (value && form[key] === '') (form as Record<Field, string>)[key] = value;
      }
      return { ...state, form };
    }
    case 'server-errors': {
      const step = firstInvalidStep(action.errors) ?? state.step;
      return { ...state, step, errors: { ...state.errors, ...action.errors } };
    }
    case 'submit-invalid': {
      const errors = validateAll(state.form);
      return { ...state, step: firstInvalidStep(errors) ?? state.step, errors };
    }
  }
}
