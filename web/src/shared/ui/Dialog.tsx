import { useEffect, useRef, type ReactNode } from 'react';

interface DialogProps {
  /** The id of the element that names the dialog (its heading). */
  labelledBy: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog on the native <dialog>: the page behind is inert, Escape and a press on
 * the backdrop close it, Tab cycles inside it, and focus returns where it was.
 * Mount it to open it; unmount it to close.
 */
export function Dialog({ labelledBy, onClose, children, className = '' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-modal="true"
      onCancel={(e) => {
        // Escape: close through the owner, so its state says closed too.
        e.preventDefault();
        onCloseRef.current();
      }}
      onClick={(e) => {
        // A click on the dialog element itself is on the backdrop around the panel.
        if (e.target === e.currentTarget) onCloseRef.current();
      }}
      onKeyDown={(e) => {
        if (e.key !== 'Tab') return;
        const items = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
        const first = items[0];
        const last = items[items.length - 1];
        if (!first || !last) return;
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first.focus();
        }
      }}
      className={`m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] overflow-auto rounded-xl bg-white p-0 text-stone-900 shadow-2xl backdrop:bg-black/60 ${className}`}
    >
      {children}
    </dialog>
  );
}
