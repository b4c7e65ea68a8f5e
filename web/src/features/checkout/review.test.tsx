import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, type CheckoutForm } from './rules';
import { ReviewStep } from './steps';

const form: CheckoutForm = {
  ...EMPTY_FORM,
  firstName: 'Chebet',
  lastName: 'Langat',
  email: 'chebet@example.co.ke',
  phone: '0722 333 444',
  county: 'Nakuru',
  address: 'Farm 12',
  city: 'Njoro',
  mpesaPhone: '0712 345 678',
};

const terms = () => screen.getAllByRole('term').map((t) => t.textContent);

describe('ReviewStep', () => {
  it('shows where a home delivery goes', () => {
    render(<ReviewStep form={{ ...form, delivery: 'delivery-2' }} option={undefined} />);
    expect(terms()).toContain('Delivery address');
    expect(screen.getByText('Farm 12, Njoro, Nakuru')).toBeTruthy();
  });

  it('names no delivery address for a pickup order, and only the farmer’s own address when given', () => {
    const { unmount } = render(<ReviewStep form={{ ...form, delivery: 'pickup-2', address: '', city: '' }} option={undefined} />);
    expect(terms()).not.toContain('Delivery address');
    expect(terms()).not.toContain('Your address');
    unmount();
    render(<ReviewStep form={{ ...form, delivery: 'pickup-2' }} option={undefined} />);
    expect(terms()).toContain('Your address');
  });
});
