import { useCallback, useEffect, useReducer, useRef } from 'react';
import { ApiError } from '../../shared/api/api';
import type { Order } from '../../shared/api/shapes';
import { getOrder } from './api';

/** How often the page asks whether M-Pesa has answered. */
export const POLL_MS = 2000;
/** When the page stops asking and offers 'Check again' (the customer may still pay later). */
export const POLL_LIMIT_MS = 3 * 60 * 1000;
/**
 * After a failed prompt the farmer may pay by Paybill, which takes a few minutes in the M-Pesa
 * menu: the page asks less often, for longer.
 */
export const PAYBILL_POLL_MS = 5000;
export const PAYBILL_POLL_LIMIT_MS = 20 * 60 * 1000;

export interface OrderStatusState {
  phase: 'loading' | 'ready' | 'not-found' | 'error';
  order: Order | null;
  /** Why the order could not be loaded (phase 'error'), or why the last check failed while polling. */
  error: Error | null;
  /** Polling gave up after POLL_LIMIT_MS without a final answer. */
  timedOut: boolean;
}

export type OrderStatusAction =
  | { type: 'start' }
  | { type: 'loaded'; order: Order }
  | { type: 'failed'; error: Error }
  | { type: 'timed-out' };

export const initialOrderStatus: OrderStatusState = { phase: 'loading', order: null, error: null, timedOut: false };

/**
 * Whether the order still waits for money, so the page keeps asking: a prompt on its way, or a
 * failed prompt with the Paybill road open.
 */
export function isWaiting(order: Order | null): boolean {
  return order?.status === 'pending_payment' || (order?.status === 'payment_failed' && !!order.paybill);
}

/** How often to ask, and for how long, for an order that waits. */
function pace(order: Order): { every: number; limit: number } {
  return order.status === 'pending_payment'
    ? { every: POLL_MS, limit: POLL_LIMIT_MS }
    : { every: PAYBILL_POLL_MS, limit: PAYBILL_POLL_LIMIT_MS };
}

export function orderStatusReducer(state: OrderStatusState, action: OrderStatusAction): OrderStatusState {
  switch (action.type) {
    case 'start':
      // A fresh round of checks keeps what is on screen.
      return { ...state, phase: state.order ? 'ready' : 'loading', error: null, timedOut: false };
    case 'loaded':
      return { phase: 'ready', order: action.order, error: null, timedOut: false };
    case 'failed':
      if (action.error instanceof ApiError && action.error.status === 404) {
        return { phase: 'not-found', order: null, error: null, timedOut: false };
      }
      // Once the order is on screen a failed check (a dropped connection) only shows a note;
      // the checks go on.
      return state.order ? { ...state, error: action.error } : { ...state, phase: 'error', error: action.error };
    case 'timed-out':
      return { ...state, timedOut: true };
  }
}

/**
 * Reads an order and, while it waits for payment, reads it again every POLL_MS until it is
 * paid or failed, for at most POLL_LIMIT_MS (after a failed prompt with the Paybill road
 * open, every PAYBILL_POLL_MS for PAYBILL_POLL_LIMIT_MS). `refresh` starts a new round (after
 * 'Check again' or a new payment attempt).
 */
export function useOrderStatus(orderId: string | null) {
  const [state, dispatch] = useReducer(orderStatusReducer, initialOrderStatus);
  const [round, nextRound] = useReducer((n: number) => n + 1, 0);
  const hasOrder = useRef(false);
  hasOrder.current = state.order !== null;

  useEffect(() => {
    if (!orderId) return;
    const controller = new AbortController();
    const started = Date.now();
    let every = POLL_MS;
    let limit = POLL_LIMIT_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    dispatch({ type: 'start' });

    const check = async () => {
      let shown = hasOrder.current;
      try {
        const order = await getOrder(orderId, { signal: controller.signal });
        if (controller.signal.aborted) return;
        dispatch({ type: 'loaded', order });
        shown = true;
        if (!isWaiting(order)) return;
        ({ every, limit } = pace(order));
      } catch (err) {
        if (controller.signal.aborted) return;
        const error = err instanceof Error ? err : new Error(String(err));
        dispatch({ type: 'failed', error });
        // Nothing to show yet, or no such order: stop and let the page say so.
        if (!shown || (error instanceof ApiError && error.status === 404)) return;
      }
      if (Date.now() >= started + limit) {
        dispatch({ type: 'timed-out' });
        return;
      }
      timer = setTimeout(() => void check(), every);
    };
    void check();

    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [orderId, round]);

  const refresh = useCallback(() => nextRound(), []);
  return { ...state, refresh };
}
