import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/api';
import { testOrder as order } from '../../test/orders';
import { advance, fakeClock } from '../../test/utils';
import { getOrder } from './api';
import { orderStatusReducer, initialOrderStatus, POLL_LIMIT_MS, POLL_MS, useOrderStatus } from './useOrderStatus';

vi.mock('./api', () => ({ getOrder: vi.fn() }));
const getOrderMock = vi.mocked(getOrder);

fakeClock();
beforeEach(() => {
  getOrderMock.mockReset();
});

describe('useOrderStatus', () => {
  it('asks every two seconds while the payment is pending and stops once paid', async () => {
    getOrderMock
      .mockResolvedValueOnce(order('pending_payment'))
      .mockResolvedValueOnce(order('pending_payment'))
      .mockResolvedValueOnce(order('paid', { receipt: 'NLJ7RT61SV' }));
    const { result } = renderHook(() => useOrderStatus('ORDER-1'));
    expect(result.current.phase).toBe('loading');

    await advance(0);
    expect(result.current.order?.status).toBe('pending_payment');
    expect(getOrderMock).toHaveBeenCalledTimes(1);

    await advance(POLL_MS);
    expect(getOrderMock).toHaveBeenCalledTimes(2);
    await advance(POLL_MS);
    expect(result.current.order?.status).toBe('paid');
    expect(result.current.order?.payment?.receipt).toBe('NLJ7RT61SV');

    await advance(POLL_MS * 5);
    expect(getOrderMock).toHaveBeenCalledTimes(3);
  });

  it('stops at a failed payment', async () => {
    getOrderMock.mockResolvedValue(order('payment_failed', { message: 'You cancelled the payment on your phone' }));
    const { result } = renderHook(() => useOrderStatus('ORDER-1'));
    await advance(POLL_MS * 3);
    expect(result.current.order?.payment?.message).toBe('You cancelled the payment on your phone');
    expect(getOrderMock).toHaveBeenCalledTimes(1);
  });

  it('says the order is not found on a 404', async () => {
    getOrderMock.mockRejectedValue(new ApiError(404, 'Order not found'));
    const { result } = renderHook(() => useOrderStatus('ORDER-1'));
    await advance(POLL_MS * 2);
    expect(result.current.phase).toBe('not-found');
    expect(getOrderMock).toHaveBeenCalledTimes(1);
  });

  it('shows an error when the first read fails, and tries again on refresh', async () => {
    getOrderMock.mockRejectedValueOnce(new ApiError(0, 'offline')).mockResolvedValueOnce(order('paid'));
    const { result } = renderHook(() => useOrderStatus('ORDER-1'));
    await advance(POLL_MS * 2);
    expect(result.current.phase).toBe('error');
    expect(getOrderMock).toHaveBeenCalledTimes(1);

    act(() => result.current.refresh());
    await advance(0);
    expect(result.current.phase).toBe('ready');
    expect(result.current.order?.status).toBe('paid');
  });

  it('keeps asking through a dropped connection once the order is shown', async () => {
    getOrderMock
      .mockResolvedValueOnce(order('pending_payment'))
      .mockRejectedValueOnce(new ApiError(0, 'offline'))
      .mockResolvedValueOnce(order('paid'));
    const { result } = renderHook(() => useOrderStatus('ORDER-1'));
    await advance(0);
    await advance(POLL_MS);
    expect(result.current.phase).toBe('ready');
    expect(result.current.error?.message).toBe('offline');
    expect(result.current.order?.status).toBe('pending_payment');
    await advance(POLL_MS);
    expect(result.current.order?.status).toBe('paid');
    expect(result.current.error).toBeNull();
  });

  it('gives up after three minutes, and Check again starts a new round', async () => {
    getOrderMock.mockResolvedValue(order('pending_payment'));
    const { result } = renderHook(() => useOrderStatus('ORDER-1'));
    await advance(POLL_LIMIT_MS + POLL_MS * 2);
    expect(result.current.timedOut).toBe(true);
    const calls = getOrderMock.mock.calls.length;
    expect(calls).toBeGreaterThanOrEqual(POLL_LIMIT_MS / POLL_MS - 1);
    expect(calls).toBeLessThanOrEqual(POLL_LIMIT_MS / POLL_MS + 2);

    await advance(POLL_MS * 10);
    expect(getOrderMock.mock.calls.length).toBe(calls);

    getOrderMock.mockResolvedValue(order('paid'));
    act(() => result.current.refresh());
    expect(result.current.timedOut).toBe(false);
    await advance(0);
    expect(result.current.order?.status).toBe('paid');
  });

  it('never reads as paid before the order is paid', () => {
    const pending = orderStatusReducer(initialOrderStatus, { type: 'loaded', order: order('pending_payment', { receipt: '' }) });
    expect(pending.order?.status).toBe('pending_payment');
    const failedCheck = orderStatusReducer(pending, { type: 'failed', error: new Error('x') });
    expect(failedCheck.order?.status).toBe('pending_payment');
    expect(failedCheck.phase).toBe('ready');
  });

  it('asks nothing without an order id', async () => {
    renderHook(() => useOrderStatus(null));
    await advance(POLL_MS);
    expect(getOrderMock).not.toHaveBeenCalled();
  });
});
