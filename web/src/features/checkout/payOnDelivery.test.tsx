import { fireEvent, render, screen } from '@testing-library/react';
import { useReducer } from 'react';
import { describe, expect, it } from 'vitest';
import type { DeliveryOption } from '../../shared/api/shapes';
import { checkoutReducer, initialCheckoutState } from './checkoutState';
import { PaymentStep } from './steps';

const home: DeliveryOption = { id: 'delivery-1', kind: 'delivery', name: 'Home delivery (Nairobi and Kiambu)', fee: '250.00', eta: 'Next day', pay_on_delivery: true };

function Step({ delivery, seen }: { delivery: DeliveryOption; seen: (method: string) => void }) {
  const [state, dispatch] = useReducer(checkoutReducer, initialCheckoutState({ phone: '0712345678', delivery: delivery.id }, 3));
  seen(state.form.paymentMethod);
  return <PaymentStep state={state} dispatch={dispatch} delivery={delivery} />;
}

describe('pay on delivery at checkout', () => {
  it('is offered only where the delivery option says so, and asks for the fee’s M-Pesa number', () => {
    let method = '';
    const { unmount } = render(<Step delivery={home} seen={(m) => (method = m)} />);
    fireEvent.click(screen.getByRole('radio', { name: /Pay on delivery/ }));
    expect(method).toBe('on_delivery');
    expect(screen.getByText(/Pay the delivery fee \(Ksh 250\) by M-Pesa now/)).toBeTruthy();
    expect(screen.getByText('The phone that will receive the request for the delivery fee')).toBeTruthy();
    unmount();
    render(<Step delivery={{ ...home, pay_on_delivery: false }} seen={() => undefined} />);
    expect(screen.queryByRole('radio', { name: /Pay on delivery/ })).toBeNull();
  });
});
