import { describe, expect, it } from 'vitest';
import { checkoutReducer, initialCheckoutState, type CheckoutAction, type CheckoutState } from './checkoutState';
import { MSG, type CheckoutForm } from './rules';

const customer: Partial<CheckoutForm> = {
  firstName: 'Wanjiku',
  lastName: 'Kamau',
  email: 'wanjiku@example.co.ke',
  phone: '0712345678',
};
const shipping: Partial<CheckoutForm> = { address: 'Kamiti Road', city: 'Ruiru', county: 'Kiambu', delivery: 'delivery-1' };

function run(state: CheckoutState, ...actions: CheckoutAction[]): CheckoutState {
  return actions.reduce(checkoutReducer, state);
}

describe('checkoutReducer', () => {
  it('starts on step 1 with M-Pesa chosen and nothing said', () => {
    const s = initialCheckoutState();
    expect(s.step).toBe(1);
    expect(s.form.paymentMethod).toBe('mpesa');
    expect(s.errors).toEqual({});
  });

  it('does not move on while the step has problems, and says which', () => {
    const s = run(initialCheckoutState({ firstName: 'Wanjiku' }), { type: 'next' });
    expect(s.step).toBe(1);
    expect(s.errors).toEqual({ lastName: MSG.lastName, phone: MSG.phone });
  });

  it('moves on once the step is valid, and back down to step 1 only', () => {
    let s = run(initialCheckoutState(customer), { type: 'next' });
    expect(s.step).toBe(2);
    s = run(s, { type: 'back' }, { type: 'back' }, { type: 'back' });
    expect(s.step).toBe(1);
  });

  it('clears a message as soon as the field is right, and updates it while it is wrong', () => {
    let s = run(initialCheckoutState(), { type: 'next' });
    s = run(s, { type: 'change', field: 'phone', value: '07' });
    expect(s.errors.phone).toBe(MSG.phoneInvalid);
    s = run(s, { type: 'change', field: 'phone', value: '0712345678' });
    expect(s.errors.phone).toBeUndefined();
    expect(s.errors.firstName).toBe(MSG.firstName);
  });

  it('points out a mistyped field when it is left, but not an empty one', () => {
    let s = run(initialCheckoutState(), { type: 'blur', field: 'email' });
    expect(s.errors).toEqual({});
    s = run(s, { type: 'change', field: 'email', value: 'farmer@' }, { type: 'blur', field: 'email' });
    expect(s.errors).toEqual({ email: MSG.emailInvalid });
  });

  it('offers the customer phone as the M-Pesa number on the payment step', () => {
    const s = run(initialCheckoutState({ ...customer, ...shipping }), { type: 'next' }, { type: 'next' });
    expect(s.step).toBe(3);
    expect(s.form.mpesaPhone).toBe('0712345678');
    // A number already typed is kept.
    const t = run(initialCheckoutState({ ...customer, ...shipping, mpesaPhone: '0722000111' }), { type: 'next' }, { type: 'next' });
    expect(t.form.mpesaPhone).toBe('0722000111');
  });

  it('needs the M-Pesa number on step 3 for M-Pesa but nothing for card', () => {
    let s = run(initialCheckoutState({ ...customer, ...shipping }), { type: 'next' }, { type: 'next' });
    s = run(s, { type: 'change', field: 'mpesaPhone', value: '' }, { type: 'next' });
    expect(s.step).toBe(3);
    expect(s.errors).toEqual({ mpesaPhone: MSG.mpesaPhone });
    s = run(s, { type: 'change', field: 'paymentMethod', value: 'card' });
    expect(s.errors).toEqual({});
    s = run(s, { type: 'next' });
    expect(s.step).toBe(4);
    expect(run(s, { type: 'next' }).step).toBe(4);
  });

  it('fills empty fields from the signed-in customer and keeps what was typed', () => {
    const s = run(initialCheckoutState({ firstName: 'Wanji' }), {
      type: 'prefill',
      values: { firstName: 'Wanjiku', lastName: 'Kamau', email: 'w@example.com', phone: '' },
    });
    expect(s.form).toMatchObject({ firstName: 'Wanji', lastName: 'Kamau', email: 'w@example.com', phone: '' });
  });

  it('keeps the server’s message when the field is left, and clears it once edited', () => {
    let s = run(initialCheckoutState({ ...customer, ...shipping, mpesaPhone: '0712345678' }), {
      type: 'server-errors',
      errors: { mpesaPhone: 'Refused by the server' },
    });
    s = run(s, { type: 'blur', field: 'mpesaPhone' });
    expect(s.errors).toEqual({ mpesaPhone: 'Refused by the server' });
    s = run(s, { type: 'change', field: 'mpesaPhone', value: '0712345679' });
    expect(s.errors).toEqual({});
  });

  it('shows the server’s messages on the first step concerned', () => {
    const s = run(initialCheckoutState({ ...customer, ...shipping }), { type: 'next' }, { type: 'next' }, { type: 'next' }, {
      type: 'server-errors',
      errors: { county: MSG.county, mpesaPhone: MSG.phoneInvalid },
    });
    expect(s.step).toBe(2);
    expect(s.errors).toEqual({ county: MSG.county, mpesaPhone: MSG.phoneInvalid });
  });

  it('sends Complete Order with a problem back to the step that has it', () => {
    const s = run({ ...initialCheckoutState({ ...customer, ...shipping, mpesaPhone: '0712345678' }), step: 4 }, {
      type: 'change',
      field: 'email',
      value: 'nope',
    }, { type: 'submit-invalid' });
    expect(s.step).toBe(1);
    expect(s.errors).toEqual({ email: MSG.emailInvalid });
  });

  it('drops the delivery option chosen when the county changes', () => {
    const s = initialCheckoutState({ ...customer, ...shipping }, 2);
    expect(run(s, { type: 'change', field: 'county', value: 'Kiambu' }).form.delivery).toBe('delivery-1');
    const moved = run(s, { type: 'change', field: 'county', value: 'Turkana' });
    expect(moved.form.delivery).toBe('');
    expect(run(moved, { type: 'next' }).errors).toEqual({ delivery: MSG.delivery });
  });
});
