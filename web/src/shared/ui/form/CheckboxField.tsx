import type { ReactNode, Ref } from 'react';
import { FieldError } from './Field';

interface CheckboxFieldProps {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A checkbox with its label beside it, and an error under both (accepting the terms). */
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

/** The back office's checkbox: small, inline, its label wrapped around it. */
export function Checkbox({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label htmlFor={id} className="inline-flex min-h-10 items-center gap-2 text-stone-900">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} className="h-5 w-5 accent-brand-700" />
      {label}
    </label>
  );
}
