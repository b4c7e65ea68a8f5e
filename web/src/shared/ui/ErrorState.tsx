import { componentsMessages } from '../i18n/messages/components';
import { buttonClass } from './button';

interface ErrorStateProps {
  /** What could not be shown, e.g. "We could not load the products." */
  title: string;
  error?: Error | undefined;
  /** Why, when the caller has it as text rather than as the error; shown instead of the error's message. */
  detail?: string;
  onRetry: () => void;
  className?: string;
}

/** A failed load: says so plainly and offers to try again. Never fake data, never a blank. */
export function ErrorState({ title, error, detail = error?.message, onRetry, className = '' }: ErrorStateProps) {
  return (
    <div role="alert" className={`rounded-lg border border-red-200 bg-red-50 p-5 text-center ${className}`}>
      <p className="font-semibold text-red-900">{title}</p>
      {detail && <p className="mt-1 text-sm text-red-800">{detail}</p>}
      <button type="button" onClick={onRetry} className={buttonClass({ className: 'mt-4' })}>
        {componentsMessages().tryAgain}
      </button>
    </div>
  );
}
