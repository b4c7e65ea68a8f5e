import { useCallback, useEffect, useRef, useState } from 'react';
import { useCart } from './CartProvider';
import { componentsMessages } from '../i18n/messages/components';

/** How long a button says 'Added to Cart!' (docs/product.md section 9). */
export const ADDED_MS = 2000;

export type AddState = 'idle' | 'adding' | 'added';

/**
 * Adding to the cart from a button: 'adding' while the server answers, then 'added' for
 * two seconds; a failure leaves a message to show beside the button.
 */
export function useAddToCart() {
  const { add } = useCart();
  const [state, setState] = useState<AddState>('idle');
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const addToCart = useCallback(
    async (variantId: number, quantity = 1): Promise<boolean> => {
      clearTimeout(timer.current);
      setState('adding');
      setError(null);
      try {
        await add(variantId, quantity);
      } catch (err) {
        setState('idle');
        setError(err instanceof Error ? err.message : componentsMessages().addFailed);
        return false;
      }
      setState('added');
      timer.current = setTimeout(() => setState('idle'), ADDED_MS);
      return true;
    },
    [add],
  );

  return { state, error, addToCart };
}
