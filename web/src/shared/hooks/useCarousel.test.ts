import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeClock } from '../../test/utils';
import { useCarousel } from './useCarousel';

function matchMedia(reduced: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduced && query.includes('reduce'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

fakeClock();
beforeEach(() => matchMedia(false));

describe('carousel timing (docs/product.md sections 4 and 9)', () => {
  it('steps every interval and wraps after the last full view', () => {
    const { result } = renderHook(() => useCarousel({ count: 8, visible: 4, intervalMs: 5000 }));
    expect(result.current.positions).toBe(5);
    const seen = [result.current.index];
    for (let i = 0; i < 5; i++) {
      act(() => vi.advanceTimersByTime(5000));
      seen.push(result.current.index);
    }
    expect(seen).toEqual([0, 1, 2, 3, 4, 0]);
  });

  it('holds for 10 seconds after a manual press, then steps on', () => {
    const { result } = renderHook(() => useCarousel({ count: 6, visible: 1, intervalMs: 4000 }));
    act(() => result.current.next());
    expect(result.current.index).toBe(1);
    act(() => vi.advanceTimersByTime(9_999));
    expect(result.current.index).toBe(1);
    act(() => vi.advanceTimersByTime(1 + 4000));
    expect(result.current.index).toBe(2);
    act(() => vi.advanceTimersByTime(4000));
    expect(result.current.index).toBe(3);
  });

  it('goes back from the first view to the last', () => {
    const { result } = renderHook(() => useCarousel({ count: 6, visible: 4, intervalMs: 4000 }));
    act(() => result.current.previous());
    expect(result.current.index).toBe(2);
  });

  it('never moves by itself when the visitor prefers reduced motion', () => {
    matchMedia(true);
    const { result } = renderHook(() => useCarousel({ count: 8, visible: 1, intervalMs: 5000 }));
    expect(result.current.auto).toBe(false);
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current.index).toBe(0);
    act(() => result.current.next());
    expect(result.current.index).toBe(1);
  });

  it('stops and starts with its pause button', () => {
    const { result } = renderHook(() => useCarousel({ count: 8, visible: 1, intervalMs: 5000 }));
    act(() => result.current.toggleStopped());
    act(() => vi.advanceTimersByTime(30_000));
    expect(result.current.index).toBe(0);
    act(() => result.current.toggleStopped());
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.index).toBe(1);
  });

  it('keeps a full view across a resize, and a resize does not hold it again', () => {
    // Six testimonials: one in view below 640 px, four from 1024 px.
    const { result, rerender } = renderHook((visible: number) => useCarousel({ count: 6, visible, intervalMs: 4000 }), {
      initialProps: 1,
    });
    act(() => result.current.goTo(5));
    expect(result.current.index).toBe(5);
    rerender(4);
    expect(result.current.positions).toBe(3);
    expect(result.current.index).toBe(2); // the last full view, never past the end
    act(() => vi.advanceTimersByTime(10_000 + 4000));
    expect(result.current.index).toBe(0);
    // Long after the press: back to one in view, it steps on at once, with no second hold.
    rerender(1);
    expect(result.current.positions).toBe(6);
    act(() => vi.advanceTimersByTime(4000));
    expect(result.current.index).toBe(1);
  });

  it('does not move when everything fits', () => {
    const { result } = renderHook(() => useCarousel({ count: 3, visible: 4, intervalMs: 5000 }));
    expect(result.current.positions).toBe(1);
    act(() => vi.advanceTimersByTime(20_000));
    expect(result.current.index).toBe(0);
  });
});
