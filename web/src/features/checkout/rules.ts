// The checkout form's rules, in one place: the fields, the steps they belong to, the checks
// and their messages. The messages (features/checkout/messages.ts) are the server's own words
// (internal/order/order.go and internal/account/rules.go), so a field reads the same whether
// the browser or the server caught the mistake.
import { checkKraPin } from '../../shared/domain/accountRules';
import { isCounty } from '../../shared/domain/delivery';
import { liveTexts } from '../../shared/i18n/i18n';
import { checkoutMessages, type CheckoutMessages } from './messages';
import { orderTotals, type CartLine } from '../../shared/api/orders';
import { checkEmail, checkPhone, EMAIL_MSG, PHONE_MSG, type Errors } from '../../shared/domain/validation';

export const MSG = liveTexts(() => ({
  ...checkoutMessages().rules,
  emailInvalid: EMAIL_MSG.invalid,
  phone: PHONE_MSG.required,
  phoneInvalid: PHONE_MSG.invalid,
  mpesaPhone: PHONE_MSG.mpesaRequired,
}));

/** 'on_delivery': the delivery fee by M-Pesa now, the goods at the door (where the option offers it). */
export type PaymentMethod = 'mpesa' | 'card' | 'on_delivery';

/** docs/product.md section 3, Checkout form. */
export interface CheckoutForm {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  county: string;
  /** The delivery option chosen for the county (an id from GET /api/delivery/options/). */
  delivery: string;
  postalCode: string;
  /** The buyer's KRA PIN for an eTIMS tax invoice, optional (docs/etims.md). */
  kraPin: string;
  paymentMethod: PaymentMethod;
  mpesaPhone: string;
  /** The code of the agent the order counts for, optional (docs/product.md, "Agents"). */
  agentCode: string;
}

export type Field = keyof CheckoutForm;
export type FieldErrors = Errors<Field>;

export const EMPTY_FORM: CheckoutForm = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  county: '',
  delivery: '',
  postalCode: '',
  kraPin: '',
  paymentMethod: 'mpesa',
  mpesaPhone: '',
  agentCode: '',
};

/**
 * The wizard's four steps and the fields each one asks for (docs/product.md section 2, Checkout);
 * each step's title is its name's text in the catalogue.
 */
export const STEPS = [
  { name: 'customer', fields: ['firstName', 'lastName', 'email', 'phone', 'kraPin'] },
  { name: 'shipping', fields: ['county', 'delivery', 'address', 'city', 'postalCode'] },
  { name: 'payment', fields: ['paymentMethod', 'mpesaPhone', 'agentCode'] },
  { name: 'review', fields: [] },
] as const satisfies readonly { name: keyof CheckoutMessages['steps']; fields: readonly Field[] }[];

export const LAST_STEP = STEPS.length;

/** The step (1-based) that asks for a field; fields the wizard does not know go to the review. */
export function stepOf(field: string): number {
  const i = STEPS.findIndex((s) => (s.fields as readonly string[]).includes(field));
  return i < 0 ? LAST_STEP : i + 1;
}

function checkRequired(value: string, message: string, max: number): string | undefined {
  const v = value.trim();
  if (v === '') return message;
  // The server counts bytes; so does this, to agree on names written in other scripts.
  return new TextEncoder().encode(v).length > max ? MSG.tooLong : undefined;
}

function checkOptional(value: string, max: number): string | undefined {
  return value.trim() === '' ? undefined : checkRequired(value, '', max);
}

/** A pickup point was chosen: nothing goes to an address, so none is asked for. */
export function isPickup(form: Pick<CheckoutForm, 'delivery'>): boolean {
  return form.delivery.startsWith('pickup-');
}

/** Each field's check, as order.Checkout.Validate runs it. */
export function checkField(field: Field, form: CheckoutForm): string | undefined {
  switch (field) {
    case 'firstName':
      return checkRequired(form.firstName, MSG.firstName, 100);
    case 'lastName':
      return checkRequired(form.lastName, MSG.lastName, 100);
    case 'email':
      // Optional: a phone is enough, and the order's SMS goes to it.
      return form.email.trim() === '' ? undefined : checkEmail(form.email);
    case 'phone':
      return checkPhone(form.phone, MSG.phone);
    case 'address':
      return isPickup(form) ? checkOptional(form.address, 300) : checkRequired(form.address, MSG.address, 300);
    case 'city':
      return isPickup(form) ? checkOptional(form.city, 100) : checkRequired(form.city, MSG.city, 100);
    case 'county':
      return isCounty(form.county) ? undefined : MSG.county;
    case 'delivery':
      return form.delivery === '' ? MSG.delivery : undefined;
    case 'postalCode': {
      const v = form.postalCode.trim();
      return v.length > 10 || !/^\d*$/.test(v) ? MSG.postalCode : undefined;
    }
    case 'kraPin':
      return checkKraPin(form.kraPin, MSG.kraPin);
    case 'paymentMethod':
      return form.paymentMethod === 'mpesa' || form.paymentMethod === 'card' || form.paymentMethod === 'on_delivery' ? undefined : MSG.paymentMethod;
    case 'mpesaPhone':
      // Card has no requirement and no card fields (docs/product.md section 5).
      // Pay on delivery prompts for the delivery fee first.
      return form.paymentMethod === 'mpesa' || form.paymentMethod === 'on_delivery' ? checkPhone(form.mpesaPhone, MSG.mpesaPhone) : undefined;
    case 'agentCode': {
      // The server knows which codes exist; this only catches what cannot be one.
      const v = normalizeAgentCode(form.agentCode);
      return v === '' || /^[A-Z0-9]{3,12}$/.test(v) ? undefined : MSG.agentCode;
    }
  }
}

/** The problems on one step (1-based); empty when Next may go on. */
export function validateStep(step: number, form: CheckoutForm): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of STEPS[step - 1]?.fields ?? []) {
    const message = checkField(field, form);
    if (message) errors[field] = message;
  }
  return errors;
}

/** The problems on every step. */
export function validateAll(form: CheckoutForm): FieldErrors {
  const errors: FieldErrors = {};
  for (let step = 1; step <= LAST_STEP; step++) Object.assign(errors, validateStep(step, form));
  return errors;
}

/** The first step (1-based) with a problem, or undefined. */
export function firstInvalidStep(errors: FieldErrors): number | undefined {
  const steps = Object.keys(errors).map(stepOf);
  return steps.length ? Math.min(...steps) : undefined;
}

/** An agent code as the server stores it: upper case, without spaces or dashes. */
export function normalizeAgentCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

/** docs/product.md section 3's mobile-money payload. The server recomputes the amount from the cart. */
export interface InitiatePayload<Item> {
  phone: string;
  amount: number;
  orderId: string;
  customerInfo: { name: string; firstName: string; lastName: string; email: string; phone: string; kraPin: string };
  shippingAddress: { address: string; city: string; county: string; postalCode: string };
  /** The option chosen; the server prices it itself. */
  delivery: { option: string };
  /** The agent the order counts for; absent without one. */
  agentCode?: string;
  items: Item[];
  /** Only when paying on delivery; M-Pesa now is the server's default. */
  paymentMethod?: 'on_delivery';
  /** "Text me when it runs low" was ticked. */
  reminders?: boolean;
}

/** `shipping` is the chosen option's fee as the checkout showed it; the server computes its own. */
export function initiatePayload<Item extends CartLine>(
  form: CheckoutForm,
  items: Item[],
  shipping: string | null,
  now: number = Date.now(),
): InitiatePayload<Item> {
  const firstName = form.firstName.trim();
  const lastName = form.lastName.trim();
  return {
    phone: form.mpesaPhone.trim(),
    amount: orderTotals(items, shipping).total,
    orderId: `ORDER-${now}`,
    customerInfo: {
      name: `${firstName} ${lastName}`.trim(),
      firstName,
      lastName,
      email: form.email.trim(),
      phone: form.phone.trim(),
      kraPin: form.kraPin.trim().toUpperCase(),
    },
    shippingAddress: {
      address: form.address.trim(),
      city: form.city.trim(),
      county: form.county,
      postalCode: form.postalCode.trim(),
    },
    delivery: { option: form.delivery },
    ...(normalizeAgentCode(form.agentCode) ? { agentCode: normalizeAgentCode(form.agentCode) } : {}),
    items,
    ...(form.paymentMethod === 'on_delivery' ? { paymentMethod: 'on_delivery' as const } : {}),
  };
}
