import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { pageTitle } from '../shared/domain/business';
import { appMessages } from '../shared/i18n/messages/app';

interface ErrorScreenProps {
  notFound?: boolean;
  detail?: string;
}

const buttonClass = 'inline-flex h-11 items-center rounded-md px-5 font-semibold';

/** The screen for an unknown address or a page that failed (docs/product.md: 'Unexpected Application Error!'). */
export function ErrorScreen({ notFound = false, detail }: ErrorScreenProps) {
  const app = appMessages();
  const m = app.error;
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-16 text-center">
      <title>{pageTitle(notFound ? m.notFoundTitle : m.failedTitle)}</title>
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">{m.heading}</h1>
      <p className="mt-4 text-stone-700">
        {notFound ? m.notFound : m.failed}
      </p>
      {detail && <p className="mt-2 font-mono text-sm text-stone-600">{detail}</p>}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={`${buttonClass} bg-brand-700 text-white hover:bg-brand-800`}>
          {app.nav.home}
        </Link>
        <Link to="/shop" className={`${buttonClass} border border-brand-700 text-brand-800 hover:bg-brand-50`}>
          {app.nav.shop}
        </Link>
        {!notFound && (
          // A page's code can fail to load on a flaky connection or after a new release: reloading fixes both.
          <button
            type="button"
            onClick={() => window.location.reload()}
            className={`${buttonClass} border border-stone-400 text-stone-800 hover:bg-stone-100`}
          >
            {m.tryAgain}
          </button>
        )}
      </div>
    </div>
  );
}

/** Route error boundary: shows the error screen for whatever a route threw. */
export function RouteErrorScreen() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    return <ErrorScreen notFound={error.status === 404} detail={`${error.status} ${error.statusText}`.trim()} />;
  }
  // Details of unexpected errors help during development; visitors get the plain message.
  const detail = import.meta.env.DEV && error instanceof Error ? error.message : undefined;
  return <ErrorScreen detail={detail} />;
}

/** The error boundary of the whole app, when even the layout failed. */
export function RootErrorScreen() {
  return (
    <main id="main" className="min-h-screen bg-earth-50">
      <RouteErrorScreen />
    </main>
  );
}
