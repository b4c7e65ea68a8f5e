import type { ReactNode, Ref } from 'react';
import { formsMessages } from '../../i18n/messages/forms';

// The frame of every field in the kit: a label, an optional hint, the control, and the
// field's error tied to the control (aria-invalid, aria-describedby) so a screen reader reads
// the message with it. `compact` is the back office's denser form: a shorter control, and the
// hint under it, giving way to the error.

export interface FieldProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** Says '(optional)' after the label. */
  optional?: boolean | undefined;
  compact?: boolean | undefined;
}

/** A text field tied to a form's state (useForm's field()). */
export interface FieldBinding {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  ref?: Ref<HTMLInputElement> | undefined;
}

/** Parts a field's props into the frame's and the control's own. */
export function splitField<P extends FieldProps>({ id, label, error, hint, optional, compact, ...control }: P): [FieldProps, Omit<P, keyof FieldProps>] {
  return [{ id, label, error, hint, optional, compact }, control];
}

function hintShown({ hint, error, compact }: FieldProps): boolean {
  return !!hint && !(compact && error);
}

/** aria-invalid and aria-describedby for the control of a field. */
export function fieldAria(props: FieldProps) {
  const ids = [hintShown(props) && `${props.id}-hint`, props.error && `${props.id}-error`].filter(Boolean);
  return {
    'aria-invalid': props.error ? true : undefined,
    'aria-describedby': ids.join(' ') || undefined,
  } as const;
}

/** The control's look; `withMargin: false` when a wrapper around it keeps the gap to the label. */
export function controlClass({ error, compact }: FieldProps, withMargin = true): string {
  const size = compact ? 'py-2' : 'h-12 placeholder:text-stone-500';
  const border = error ? 'border-red-700' : 'border-stone-400';
  return `${withMargin ? 'mt-1 ' : ''}block w-full rounded-md border bg-white px-3 ${size} text-base text-stone-900 focus:border-brand-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-earth-500 ${border}`;
}

/**
 * What every single-value control in the kit carries: its id (also its name, so a form posts
 * it), the change handler that hands on just the value, the error's aria and the look.
 */
export function controlProps(field: FieldProps, onChange: (value: string) => void) {
  return {
    id: field.id,
    name: field.id,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
    ...fieldAria(field),
    className: controlClass(field),
  };
}

/** A field of one control holding one value (input, textarea, select). */
type ValueFieldProps = FieldProps & { value: string; onChange: (value: string) => void };

/**
 * Draws a field of one control holding one value: the frame from the field's props, and the
 * control from the rest with its value and controlProps.
 */
export function framed<P extends ValueFieldProps>(
  { value, onChange, ...props }: P,
  control: (own: Omit<P, keyof ValueFieldProps> & { value: string } & ReturnType<typeof controlProps>) => ReactNode,
) {
  const [field, own] = splitField(props as FieldProps & Omit<P, keyof ValueFieldProps>);
  return <Field {...field}>{control({ ...(own as Omit<P, keyof ValueFieldProps>), value, ...controlProps(field, onChange) })}</Field>;
}

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
      {error}
    </p>
  );
}

export function Field(props: FieldProps & { children: ReactNode }) {
  const { id, label, optional, hint, error, compact, children } = props;
  const hintText = hintShown(props) && (
    <p id={`${id}-hint`} className={`${compact ? 'mt-1' : 'mt-0.5'} text-sm text-stone-600`}>
      {hint}
    </p>
  );
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-stone-800">
        {label}
        {optional && <span className="font-normal text-stone-600"> {formsMessages().optional}</span>}
      </label>
      {!compact && hintText}
      {children}
      {compact && hintText}
      <FieldError id={id} error={error} />
    </div>
  );
}
