import { useEffect, useState, type ReactNode } from 'react';
import { componentsMessages } from '../i18n/messages/components';
import { useCarousel } from '../hooks/useCarousel';
import { useMediaQuery } from '../hooks/useMediaQuery';

interface CarouselProps<T> {
  /** Names the carousel, e.g. "New Products"; also used in its buttons' names. */
  label: string;
  items: T[];
  itemKey: (item: T) => string | number;
  renderItem: (item: T, index: number) => ReactNode;
  intervalMs: number;
  /** Slides in view: 1 below 640 px, 2 below 1024 px, then 3 below 1280 px if `three`, else 4. */
  three?: boolean;
}

// Slide widths as classes (no inline styles), matching the counts useVisibleCount returns.
const WIDTH_THREE = 'basis-full sm:basis-1/2 lg:basis-1/3 xl:basis-1/4';
const WIDTH_FOUR = 'basis-full sm:basis-1/2 lg:basis-1/4';

// Slides out of view skip layout and painting until they come into view.
const SKIPPED = '[content-visibility:auto] [contain-intrinsic-size:auto_480px]';

function useVisibleCount(three: boolean): number {
  const sm = useMediaQuery('(min-width: 640px)');
  const lg = useMediaQuery('(min-width: 1024px)');
  const xl = useMediaQuery('(min-width: 1280px)');
  if (!sm) return 1;
  if (!lg) return 2;
  if (three && !xl) return 3;
  return 4;
}

function ArrowIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true" focusable="false">
      <path d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * A row of slides that steps by itself (docs/product.md section 4): arrows, one dot per position,
 * and a pause button. Slides out of view are inert, so Tab never lands on a hidden card.
 */
export function Carousel<T>({ label, items, itemKey, renderItem, intervalMs, three = false }: CarouselProps<T>) {
  const visible = useVisibleCount(three);
  const m = componentsMessages().carousel;
  const c = useCarousel({ count: items.length, visible, intervalMs });
  // A slide is built when it is first about to come into view (the next one is built a step
  // ahead) and kept after: a phone's first view builds two cards, not eight.
  const [built, setBuilt] = useState(0);
  const buildUpTo = Math.max(built, c.index + visible + 1);
  useEffect(() => setBuilt(buildUpTo), [buildUpTo]);
  const shift = (c.index * 100) / visible;
  const arrow =
    'inline-flex h-11 w-11 items-center justify-center rounded-full border border-brand-700 bg-white text-brand-800 shadow-sm hover:bg-brand-50';

  return (
    <div role="region" aria-roledescription="carousel" aria-label={label} data-visible={visible} data-index={c.index}>
      <div className="overflow-hidden">
        <div
          className="flex transition-transform duration-500 ease-out"
          style={{ transform: `translateX(-${shift}%)` }}
          aria-live={c.auto ? 'off' : 'polite'}
        >
          {items.map((item, i) => {
            const shown = i >= c.index && i < c.index + visible;
            return (
              <div
                key={itemKey(item)}
                role="group"
                aria-roledescription="slide"
                aria-label={m.slide(i + 1, items.length)}
                inert={!shown}
                className={`shrink-0 grow-0 px-2 ${three ? WIDTH_THREE : WIDTH_FOUR} ${shown ? '' : SKIPPED}`}
              >
                {i < buildUpTo ? renderItem(item, i) : null}
              </div>
            );
          })}
        </div>
      </div>
      {c.positions > 1 && (
        <div className="mt-4 flex items-center justify-center gap-1 sm:gap-2">
          <button type="button" className={arrow} onClick={c.previous} aria-label={m.previous(label)}>
            <ArrowIcon direction="left" />
          </button>
          <div className="hidden flex-wrap items-center justify-center sm:flex">
            {Array.from({ length: c.positions }, (_, i) => (
              <button
                key={i}
                type="button"
                onClick={() => c.goTo(i)}
                aria-label={m.show(label, i + 1, c.positions)}
                aria-current={i === c.index ? 'true' : undefined}
                className="group inline-flex h-11 w-11 items-center justify-center"
              >
                <span
                  className={`block h-3 rounded-full transition-all ${i === c.index ? 'w-5 bg-brand-700' : 'w-3 bg-stone-500 group-hover:bg-stone-700'}`}
                />
              </button>
            ))}
          </div>
          <button type="button" className={arrow} onClick={c.next} aria-label={m.next(label)}>
            <ArrowIcon direction="right" />
          </button>
          {!c.still && (
            <button
              type="button"
              className={arrow}
              onClick={c.toggleStopped}
              aria-label={c.stopped ? m.play(label) : m.pause(label)}
            >
              <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor" aria-hidden="true" focusable="false">
                {c.stopped ? <path d="M8 5v14l11-7z" /> : <path d="M7 5h4v14H7zM13 5h4v14h-4z" />}
              </svg>
            </button>
          )}
        </div>
      )}
    </div>
  );
}
