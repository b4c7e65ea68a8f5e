import { componentsMessages } from '../lib/messages/components';
import { buttonClass } from './button';

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
      <button type="button" onClick={onRetry} className={buttonClass({ className: 'mt-4' })}>
        {componentsMessages().tryAgain}
      </button>
    </div>
  );
}
