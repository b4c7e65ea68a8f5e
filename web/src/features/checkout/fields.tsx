import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

// Labelled form fields whose error is tied to the input (aria-invalid, aria-describedby), so a
// screen reader reads the message with the field.

const inputClass =
  'mt-1 block h-12 w-full rounded-md border bg-white px-3 text-base text-stone-900 placeholder:text-stone-500 focus:border-brand-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-earth-500';

function borderFor(error: string | undefined) {
  return error ? 'border-red-700' : 'border-stone-400';
}

function describedBy(...ids: (string | false | undefined)[]) {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

interface FieldFrameProps {
  id: string;
  label: string;
  optional?: boolean | undefined;
  hint?: string | undefined;
  error?: string | undefined;
  children: ReactNode;
}

function FieldFrame({ id, label, optional, hint, error, children }: FieldFrameProps) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-stone-800">
        {label}
        {optional && <span className="font-normal text-stone-600"> (optional)</span>}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-stone-600">
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> & {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  optional?: boolean;
  ref?: Ref<HTMLInputElement>;
};

export function TextField({ id, label, value, onChange, error, hint, optional, ref, ...input }: TextFieldProps) {
  return (
    <FieldFrame id={id} label={label} optional={optional} hint={hint} error={error}>
      <input
        {...input}
        ref={ref}
        id={id}
        name={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        required={!optional}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && `${id}-hint`, error && `${id}-error`)}
        className={`${inputClass} ${borderFor(error)}`}
      />
    </FieldFrame>
  );
}

interface SelectFieldProps {
  id: string;
  label: string;
  value: string;
  options: readonly string[];
  placeholder: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  autoComplete?: string;
}

export function SelectField({ id, label, value, options, placeholder, onChange, onBlur, error, autoComplete }: SelectFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error}>
      <select
        id={id}
        name={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        required
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && `${id}-error`)}
        className={`${inputClass} ${borderFor(error)}`}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
