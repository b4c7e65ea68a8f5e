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
      {/* The box sits in a 44 px target of its own, and its words make another: a thumb finds either. */}
      <div className="flex items-start gap-1">
        <label htmlFor={id} className="-my-2.5 -ml-2.5 flex h-11 w-11 shrink-0 cursor-pointer items-center justify-center">
          <input
            ref={ref}
            id={id}
            name={id}
            type="checkbox"
            checked={checked}
            onChange={(e) => onChange(e.target.checked)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="h-6 w-6 accent-brand-700"
          />
        </label>
        <label htmlFor={id} className="min-h-11 text-stone-800">
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
