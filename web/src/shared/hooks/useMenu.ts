import { useEffect, useRef, useState, type RefObject } from 'react';
import { useLocation } from 'react-router';

/**
 * A drop-down menu's state. It remembers the location it was opened at, so any navigation
 * closes it; Escape closes it and gives the focus back to its button; given the element that
 * holds the menu, a press outside it closes it too.
 */
export function useMenu(holder?: RefObject<HTMLElement | null>) {
  const location = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenAt(null);
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!holder?.current?.contains(event.target as Node)) setOpenAt(null);
    };
    document.addEventListener('keydown', onKeyDown);
    if (holder) document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open, holder]);

  return {
    open,
    buttonRef,
    toggle: () => setOpenAt(open ? null : location.key),
    close: () => setOpenAt(null),
  };
}
