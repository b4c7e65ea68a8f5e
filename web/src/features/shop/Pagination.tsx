import type { ReactNode } from 'react';
import { buttonClass } from '../../shared/ui/button';
import { shopMessages } from './messages';
import { pageWindow } from './shopParams';

/** View More Products, then Previous, the page numbers around the current one, and Next. */
export function Pagination({ current, pages, onGo }: { current: number; pages: number; onGo: (page: number) => void }) {
  const m = shopMessages().pages;
  return (
    <div className="mt-8 flex flex-col items-center gap-4">
      {current < pages && (
        <button
          type="button"
          onClick={() => onGo(current + 1)}
          className={buttonClass({ variant: 'outlined', size: 'lg' })}
        >
          {m.more}
        </button>
      )}
      <nav aria-label={m.label}>
        <ul className="flex flex-wrap items-center justify-center gap-1">
          <li>
            <PageButton page={current - 1} disabled={current <= 1} onGo={onGo}>
              {m.previous}
            </PageButton>
          </li>
          {pageWindow(current, pages).map((n) => (
            <li key={n}>
              <PageButton page={n} current={n === current} onGo={onGo} label={m.page(n)}>
                {n}
              </PageButton>
            </li>
          ))}
          <li>
            <PageButton page={current + 1} disabled={current >= pages} onGo={onGo}>
              {m.next}
            </PageButton>
          </li>
        </ul>
      </nav>
    </div>
  );
}

interface PageButtonProps {
  page: number;
  onGo: (page: number) => void;
  children: ReactNode;
  current?: boolean;
  disabled?: boolean;
  label?: string;
}

function PageButton({ page, onGo, children, current = false, disabled = false, label }: PageButtonProps) {
  return (
    <button
      type="button"
      onClick={() => !current && onGo(page)}
      disabled={disabled}
      aria-current={current ? 'page' : undefined}
      aria-label={label}
      className={`inline-flex h-11 min-w-11 items-center justify-center rounded-md border px-3 font-semibold ${
        current
          ? 'border-brand-700 bg-brand-700 text-white'
          : 'border-stone-400 bg-white text-stone-800 hover:bg-stone-100 disabled:cursor-not-allowed disabled:text-stone-500 disabled:hover:bg-white'
      }`}
    >
      {children}
    </button>
  );
}
