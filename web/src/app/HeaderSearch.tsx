import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { AppMessages } from '../shared/i18n/messages/app';

// The magnifier, drawn twice: as the phone's button and as the form's.
const icon = (
  <svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
    <circle cx="11" cy="11" r="6.5" />
    <path d="M16 16l4.5 4.5" />
  </svg>
);

/**
 * The header's search: inline on wide screens, a row under the header opened by an icon on phones
 * and tablets. The form is a plain GET form to /shop, so it also works before the app has loaded;
 * once loaded, the app opens the shop's results without a page load. The field is left to the
 * browser: nothing ever writes it while the shopper types.
 */
export function HeaderSearch({ m }: { m: AppMessages['search'] }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <div
        id="header-search"
        className={`${open ? 'absolute inset-x-0 top-full border-b border-earth-200 bg-white p-2' : 'hidden'} xl:static xl:ml-4 xl:block xl:w-56 xl:shrink-0 xl:border-0 xl:p-0`}
      >
        <form
          role="search"
          aria-label={m.label}
          action="/shop"
          onSubmit={(e) => {
            e.preventDefault();
            const search = String(new FormData(e.currentTarget).get('search')).trim();
            setOpen(false);
            void navigate(search ? `/shop?${new URLSearchParams({ search })}` : '/shop');
          }}
          className="mx-auto flex max-w-6xl gap-1"
        >
          <input
            name="search"
            type="search"
            aria-label={m.label}
            placeholder={m.label}
            autoComplete="off"
            maxLength={100}
            className="h-11 w-full min-w-0 rounded-md border border-stone-400 px-3"
          />
          <button type="submit" aria-label={m.go} className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md bg-brand-700 text-white">
            {icon}
          </button>
        </form>
      </div>
      <button
        type="button"
        aria-label={m.open}
        aria-expanded={open}
        aria-controls="header-search"
        onClick={() => setOpen(!open)}
        className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md text-stone-800 hover:bg-brand-50 xl:hidden"
      >
        {icon}
      </button>
    </>
  );
}
