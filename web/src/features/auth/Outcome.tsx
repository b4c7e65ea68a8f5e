import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FormMessage } from '../../components/form/FormMessage';
import { linkClass } from '../../components/Page';

/** What a password form came to, in place of the form: the message, any word more, and where to go next. */
export function Outcome({ kind, message, to, link, children }: { kind: 'error' | 'success'; message: string; to: string; link: string; children?: ReactNode }) {
  return (
    <div className="mt-4 space-y-4">
      <FormMessage kind={kind}>{message}</FormMessage>
      {children}
      <p>
        <Link to={to} className={linkClass}>
          {link}
        </Link>
      </p>
    </div>
  );
}
