import { componentsMessages } from '../lib/messages/components';

interface ErrorStateProps {
  /** What could not be shown, e.g. "We could not load the products." */
  title: string;
  error?: Error | undefined;
  onRetry: () => void;
  className?: string;
}

/** A failed load: says so plainly and offers to try again. Never fake data, never a blank. */
export function ErrorState({ title, error, onRetry, className = '' }: ErrorStateProps) {
  return (
    <div role="alert" className={`rounded-lg border border-red-200 bg-red-50 p-5 text-center ${className}`}>
      <p className="font-semibold text-red-900">{title}</p>
      {error?.message && <p className="mt-1 text-sm text-red-800">{error.message}</p>}
      <button
        type="button"
        onClick={onRetry}
        className="mt-4 inline-flex h-11 items-center rounded-md bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
      >
        {componentsMessages().tryAgain}
      </button>
    </div>
  );
}
