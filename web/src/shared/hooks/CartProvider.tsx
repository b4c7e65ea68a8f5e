import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { addCartItem, getCart, removeCartItem, updateCartItem } from '../api/cart';
import type { CartItem } from '../api/shapes';

export type CartStatus = 'loading' | 'ready' | 'error';

export interface Cart {
  items: CartItem[];
  /** The sum of the quantities: the header badge. */
  count: number;
  status: CartStatus;
  /** Why the cart could not be loaded (status 'error'). */
  error: Error | null;
  /** Adds quantity of a size; resolves with the stored line, rejects with an ApiError. */
  add: (variantId: number, quantity?: number) => Promise<CartItem>;
  /** Sets a line's quantity; at or below 0 removes it. */
  update: (itemId: number, quantity: number) => Promise<void>;
  remove: (itemId: number) => Promise<void>;
  /** Fetches the cart again, e.g. after signing in merged a guest cart. */
  reload: () => Promise<void>;
}

const CartContext = createContext<Cart | null>(null);

function withItem(items: CartItem[], item: CartItem): CartItem[] {
  const i = items.findIndex((it) => it.id === item.id);
  if (i < 0) return [...items, item];
  const next = items.slice();
  next[i] = item;
  return next;
}

/** Holds the visitor's cart, kept on the server, for every page. */
export function CartProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<CartItem[]>([]);
  const [status, setStatus] = useState<CartStatus>('loading');
  const [error, setError] = useState<Error | null>(null);

  const load = useCallback(async (signal?: AbortSignal) => {
    setStatus('loading');
    try {
      const list = await getCart(signal ? { signal } : undefined);
      if (signal?.aborted) return;
      setItems(Array.isArray(list) ? list : []);
      setError(null);
      setStatus('ready');
    } catch (err) {
      if (signal?.aborted) return;
      setError(err instanceof Error ? err : new Error(String(err)));
      setStatus('error');
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const add = useCallback(async (variantId: number, quantity = 1) => {
    const item = await addCartItem(variantId, quantity);
    setItems((prev) => withItem(prev, item));
    return item;
  }, []);

  const update = useCallback(async (itemId: number, quantity: number) => {
    const item = quantity > 0 ? await updateCartItem(itemId, quantity) : (await removeCartItem(itemId), undefined);
    setItems((prev) => (item ? withItem(prev, item) : prev.filter((it) => it.id !== itemId)));
  }, []);

  const remove = useCallback(async (itemId: number) => {
    await removeCartItem(itemId);
    setItems((prev) => prev.filter((it) => it.id !== itemId));
  }, []);

  const reload = useCallback(() => load(), [load]);

  const value = useMemo<Cart>(
    () => ({
      items,
      count: items.reduce((sum, it) => sum + it.quantity, 0),
      status,
      error,
      add,
      update,
      remove,
      reload,
    }),
    [items, status, error, add, update, remove, reload],
  );
  return <CartContext value={value}>{children}</CartContext>;
}

const noCart: Cart = {
  items: [],
  count: 0,
  status: 'error',
  error: new Error('The cart is not available here.'),
  add: () => Promise.reject(new Error('The cart is not available here.')),
  update: () => Promise.reject(new Error('The cart is not available here.')),
  remove: () => Promise.reject(new Error('The cart is not available here.')),
  reload: () => Promise.resolve(),
};

/** The visitor's cart. Outside a CartProvider (a component tested alone) it is empty. */
export function useCart(): Cart {
  return useContext(CartContext) ?? noCart;
}
