import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Page } from './Page';

interface ComingSoonProps {
  title: string;
  children?: ReactNode;
  /** Where to send the visitor meanwhile; the shop by default. */
  next?: { to: string; label: string };
}

/** Stand-in for a page that is not built yet. */
export function ComingSoon({ title, children, next = { to: '/shop', label: 'Browse our products' } }: ComingSoonProps) {
  return (
    <Page title={title}>
      <div className="mt-4 space-y-4 text-stone-700">
        {children}
        <p>This page is being prepared.</p>
        <p>
          <Link to={next.to} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
            {next.label}
          </Link>
        </p>
      </div>
    </Page>
  );
}
