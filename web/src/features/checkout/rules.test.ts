import { describe, expect, it } from 'vitest';
import {
  EMPTY_FORM,
  firstInvalidStep,
  initiatePayload,
  MSG,
  stepOf,
  validateAll,
  validateStep,
  type CheckoutForm,
} from './rules';

const valid: CheckoutForm = {
  firstName: 'Wanjiku',
  lastName: 'Kamau',
  email: 'wanjiku@example.co.ke',
  phone: '0712 345 678',
  address: 'Plot 12, Kamiti Road',
  city: 'Ruiru',
  county: 'Kiambu',
  delivery: 'delivery-1',
  postalCode: '00232',
  kraPin: '',
  paymentMethod: 'mpesa',
  mpesaPhone: '0712345678',
  agentCode: '',
};

describe('validateStep', () => {
  it('passes a complete form on every step', () => {
    for (const step of [1, 2, 3, 4]) expect(validateStep(step, valid)).toEqual({});
    expect(validateAll(valid)).toEqual({});
  });

  it('step 1 needs first and last name and phone, in the server’s words; the email is optional', () => {
    expect(validateStep(1, EMPTY_FORM)).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      phone: 'Phone number is required',
    });
    expect(validateStep(1, { ...valid, email: '' })).toEqual({});
    expect(validateStep(1, { ...valid, email: 'wanjiku' })).toEqual({ email: 'Please enter a valid email' });
    expect(validateStep(1, { ...valid, phone: '12345' })).toEqual({
      phone: 'Please enter a valid Kenyan phone number (e.g. 0712 345 678)',
    });
  });

  it('step 1 takes an optional KRA PIN: A or P, nine digits, a letter, as the server checks it', () => {
    expect(validateStep(1, { ...valid, kraPin: 'p051234567x' })).toEqual({});
    expect(validateStep(1, { ...valid, kraPin: 'A123456789B' })).toEqual({});
    for (const kraPin of ['B051234567X', 'P05123456X', 'P0512345678', '051234567X'])
      expect(validateStep(1, { ...valid, kraPin })).toEqual({ kraPin: 'Enter a KRA PIN like P051234567X: A or P, nine digits and a letter' });
  });

  it('step 2 needs a county of the 47, a delivery option, address and city; the postal code is optional but numeric', () => {
    expect(validateStep(2, EMPTY_FORM)).toEqual({
      county: 'Please choose a county',
      delivery: 'Please choose a delivery option.',
      address: 'Address is required',
      city: 'City is required',
    });
    expect(validateStep(2, { ...valid, postalCode: '' })).toEqual({});
    expect(validateStep(2, { ...valid, county: 'Turkana' })).toEqual({});
    expect(validateStep(2, { ...valid, county: 'Other' })).toEqual({ county: MSG.county });
    expect(validateStep(2, { ...valid, delivery: '' })).toEqual({ delivery: MSG.delivery });
    expect(validateStep(2, { ...valid, postalCode: 'P.O. 232' })).toEqual({ postalCode: 'Please enter a valid postal code' });
    expect(validateStep(2, { ...valid, postalCode: '12345678901' })).toEqual({ postalCode: MSG.postalCode });
    // Collecting from a pickup point needs no address.
    expect(validateStep(2, { ...valid, delivery: 'pickup-2', address: '', city: '' })).toEqual({});
    expect(validateStep(2, { ...valid, delivery: 'delivery-1', address: '', city: '' })).toEqual({
      address: MSG.address,
      city: MSG.city,
    });
  });

  it('step 3 needs an M-Pesa phone only when M-Pesa is chosen', () => {
    expect(validateStep(3, { ...valid, mpesaPhone: ' ' })).toEqual({ mpesaPhone: 'M-Pesa phone number is required' });
    expect(validateStep(3, { ...valid, mpesaPhone: '0812345678' })).toEqual({ mpesaPhone: MSG.phoneInvalid });
    expect(validateStep(3, { ...valid, paymentMethod: 'card', mpesaPhone: '' })).toEqual({});
  });

  it('refuses text longer than the server stores', () => {
    expect(validateStep(1, { ...valid, firstName: 'x'.repeat(101) })).toEqual({ firstName: 'This is too long' });
    expect(validateStep(2, { ...valid, address: 'x'.repeat(300) })).toEqual({});
    expect(validateStep(2, { ...valid, address: 'x'.repeat(301) })).toEqual({ address: MSG.tooLong });
  });
});

describe('steps of fields', () => {
  it('finds the step that asks for a field', () => {
    expect(stepOf('email')).toBe(1);
    expect(stepOf('county')).toBe(2);
    expect(stepOf('delivery')).toBe(2);
    expect(stepOf('mpesaPhone')).toBe(3);
    expect(stepOf('somethingElse')).toBe(4);
  });

  it('finds the first step with a problem', () => {
    expect(firstInvalidStep({})).toBeUndefined();
    expect(firstInvalidStep({ mpesaPhone: 'x', city: 'y' })).toBe(2);
  });
});

describe('initiatePayload', () => {
  it('builds docs/product.md’s mobile-money payload with the delivery option chosen', () => {
    const items = [{ id: 7, total_price: '3000.00' }];
    expect(initiatePayload({ ...valid, firstName: ' Wanjiku ' }, items, '900.00', 1700000000000)).toEqual({
      phone: '0712345678',
      amount: 3900,
      orderId: 'ORDER-1700000000000',
      customerInfo: {
        name: 'Wanjiku Kamau',
        firstName: 'Wanjiku',
        lastName: 'Kamau',
        email: 'wanjiku@example.co.ke',
        phone: '0712 345 678',
        kraPin: '',
      },
      shippingAddress: { address: 'Plot 12, Kamiti Road', city: 'Ruiru', county: 'Kiambu', postalCode: '00232' },
      delivery: { option: 'delivery-1' },
      items,
    });
  });

  it('asks to pay on delivery only when chosen, with the fee’s M-Pesa number required', () => {
    const items = [{ id: 7, total_price: '3000.00' }];
    expect(initiatePayload({ ...valid, paymentMethod: 'on_delivery' }, items, '250.00').paymentMethod).toBe('on_delivery');
    expect('paymentMethod' in initiatePayload(valid, items, '250.00')).toBe(false);
    expect(validateStep(3, { ...valid, paymentMethod: 'on_delivery', mpesaPhone: '' }).mpesaPhone).toBeDefined();
    expect(validateStep(3, { ...valid, paymentMethod: 'on_delivery' })).toEqual({});
  });

  it('carries the agent code a shopper typed, as the server stores it', () => {
    const payload = initiatePayload({ ...valid, agentCode: ' k7m-2qx ' }, [], null, 1700000000000);
    expect(payload.agentCode).toBe('K7M2QX');
    expect(validateStep(3, { ...valid, agentCode: 'k7m2qx' })).toEqual({});
    expect(validateStep(3, { ...valid, agentCode: 'x!' })).toHaveProperty('agentCode');
  });
});
