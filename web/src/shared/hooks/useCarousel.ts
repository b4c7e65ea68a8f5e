import { useCallback, useEffect, useRef, useState } from 'react';
import { useDataSaver } from './dataSaver';
import { usePrefersReducedMotion } from './useMediaQuery';

/** How long a press on an arrow or dot holds the automatic slides (docs/product.md section 9). */
export const MANUAL_PAUSE_MS = 10_000;

interface CarouselOptions {
  count: number;
  /** Slides in view at once. */
  visible: number;
  /** Time between automatic steps. */
  intervalMs: number;
}

/**
 * A carousel's position. It steps by one slide every intervalMs and wraps to the start
 * after the last full view. A press on an arrow or dot holds it for MANUAL_PAUSE_MS, after
 * which it steps on as before. It never moves by itself when the visitor prefers reduced
 * motion or switched the data saver on, or after they pressed its pause button.
 */
export function useCarousel({ count, visible, intervalMs }: CarouselOptions) {
  const positions = Math.max(1, count - visible + 1);
  const [rawIndex, setIndex] = useState(0);
  const [manualPresses, setManualPresses] = useState(0);
  // When the hold of the last press ends (Date.now() time). The timer below restarts when the
  // number of positions changes (a resize across a breakpoint): it waits out only what is left.
  const heldUntil = useRef(0);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  // The data saver keeps slides still: each step would fetch the next pictures unasked.
  const dataSaver = useDataSaver();
  const still = reducedMotion || dataSaver;
  const index = Math.min(rawIndex, positions - 1);
  const auto = !still && !stopped && positions > 1;

  useEffect(() => {
    if (!auto) return;
    let interval: ReturnType<typeof setInterval> | undefined;
    const run = () => {
      interval = setInterval(() => setIndex((i) => (Math.min(i, positions - 1) + 1) % positions), intervalMs);
    };
    const left = heldUntil.current - Date.now();
    if (left <= 0) {
      run();
      return () => clearInterval(interval);
    }
    const hold = setTimeout(run, left);
    return () => {
      clearTimeout(hold);
      clearInterval(interval);
    };
  }, [auto, positions, intervalMs, manualPresses]);

  const goTo = useCallback(
    (i: number) => {
      setIndex(((i % positions) + positions) % positions);
      heldUntil.current = Date.now() + MANUAL_PAUSE_MS;
      setManualPresses((n) => n + 1);
    },
    [positions],
  );

  return {
    index,
    positions,
    /** Whether it moves by itself now (not stopped, not reduced motion, no data saver). */
    auto,
    stopped,
    reducedMotion,
    /** It never moves by itself (reduced motion or the data saver): no pause button. */
    still,
    next: () => goTo(index + 1),
    previous: () => goTo(index - 1),
    goTo,
    toggleStopped: () => setStopped((s) => !s),
  };
}
