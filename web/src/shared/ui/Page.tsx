import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { pageTitle } from '../domain/business';
import { componentsMessages } from '../i18n/messages/components';

interface PageProps {
  /** The page's heading, also used in the document title. */
  title: string;
  children?: ReactNode;
}

/** An underlined link in a page's text or below a form. */
export const linkClass = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900';

/** A line of a page's text that ends in a link: "New here? Create an account". */
export function LinkLine({ text, to, link, className = 'mt-6 text-stone-700' }: { text: string; to: string; link: string; className?: string }) {
  return (
    <p className={className}>
      {text}{' '}
      <Link to={to} className={linkClass}>
        {link}
      </Link>
    </p>
  );
}

/** What a form came to, in the form's place: its message, then a link to where to go next. */
export function Outcome({ to, link, children }: { to: string; link: string; children: ReactNode }) {
  return (
    <div className="mt-4 space-y-4">
      {children}
      <p>
        <Link to={to} className={linkClass}>
          {link}
        </Link>
      </p>
    </div>
  );
}

/** A page's frame: document title, one h1, and the content below it. */
export function Page({ title, children }: PageProps) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12">
      <title>{pageTitle(title)}</title>
      <h1 className="text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl">{title}</h1>
      {children}
    </div>
  );
}

/** A page's one line while its content loads ("Loading your cart…"), read out politely. */
export function LoadingLine({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="mt-6 text-stone-700">
      {children}
    </p>
  );
}

/** The way back to the shop below a cart or an order. */
export function ContinueShopping({ className }: { className: string }) {
  return (
    <p className={className}>
      <Link to="/shop" className={`inline-flex min-h-11 items-center ${linkClass}`}>
        {componentsMessages().continueShopping}
      </Link>
    </p>
  );
}
