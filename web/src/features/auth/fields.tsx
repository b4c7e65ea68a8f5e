import { useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

// The account forms' fields: a label, the input, an optional hint, and the field's error tied to
// the input (aria-invalid, aria-describedby) so a screen reader reads the message with it.

const inputClass =
  'block h-12 w-full rounded-md border bg-white px-3 text-base text-stone-900 placeholder:text-stone-500 focus:border-brand-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-earth-500';

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
      {error}
    </p>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id' | 'type'>;

interface TextFieldProps extends InputProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  type?: 'text' | 'email' | 'tel';
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ id, label, value, onChange, error, hint, type = 'text', ref, ...input }: TextFieldProps) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-stone-800">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-stone-600">
          {hint}
        </p>
      )}
      <input
        {...input}
        ref={ref}
        id={id}
        name={id}
        type={type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && `${id}-hint`, error && `${id}-error`)}
        className={`mt-1 ${inputClass} ${error ? 'border-red-700' : 'border-stone-400'}`}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}

interface PasswordFieldProps extends InputProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A password input with a Show/Hide button, so a farmer on a small keyboard can check what they typed. */
export function PasswordField({ id, label, value, onChange, error, hint, ref, ...input }: PasswordFieldProps) {
  const [shown, setShown] = useState(false);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-stone-800">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-stone-600">
          {hint}
        </p>
      )}
      <div className="relative mt-1">
        <input
          {...input}
          ref={ref}
          id={id}
          name={id}
          type={shown ? 'text' : 'password'}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint && `${id}-hint`, error && `${id}-error`)}
          className={`${inputClass} pr-20 ${error ? 'border-red-700' : 'border-stone-400'}`}
        />
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-controls={id}
          aria-label={shown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          className="absolute inset-y-1 right-1 min-w-16 rounded px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50"
        >
          {shown ? 'Hide' : 'Show'}
        </button>
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}

interface CheckboxFieldProps {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

export function CheckboxField({ id, checked, onChange, children, error, ref }: CheckboxFieldProps) {
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          ref={ref}
          id={id}
          name={id}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5 h-6 w-6 shrink-0 accent-brand-700"
        />
        <label htmlFor={id} className="text-stone-800">
          {children}
        </label>
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A message about the whole form: an error (read out at once) or a confirmation. */
export function FormMessage({ kind, children }: { kind: 'error' | 'success'; children: ReactNode }) {
  if (!children) return null;
  return kind === 'error' ? (
    <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 font-medium text-red-900">
      {children}
    </p>
  ) : (
    <p role="status" className="rounded-md border border-brand-200 bg-brand-50 px-4 py-3 font-medium text-brand-900">
      {children}
    </p>
  );
}

export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-busy={busy || undefined}
      className="flex h-12 w-full items-center justify-center rounded-md bg-brand-700 px-6 text-base font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-80"
    >
      {busy ? busyLabel : label}
    </button>
  );
}

export const linkClass = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900';
