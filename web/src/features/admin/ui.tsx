import { useCallback, useEffect, useRef, useState, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { ApiError } from '../../lib/api';
import { STATUS_LABEL, type OrderStatus } from './api';

// Small pieces the admin tabs share: loading data with a retry, buttons, fields, a pager.

export interface Loaded<T> {
  data: T | undefined;
  error: Error | undefined;
  loading: boolean;
  reload: () => void;
}

/** Loads with `load` whenever `key` changes; a newer load wins over an older one. */
export function useLoad<T>(load: () => Promise<T>, key: string): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error?: Error; loading: boolean }>({ loading: true });
  const [tick, setTick] = useState(0);
  const loader = useRef(load);
  loader.current = load;
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    loader.current().then(
      (data) => live && setState({ data, loading: false }),
      (error: Error) => live && setState((s) => ({ data: s.data, error, loading: false })),
    );
    return () => {
      live = false;
    };
  }, [key, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}

export function errorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError || err instanceof Error) return err.message || fallback;
  return fallback;
}

export function LoadError({ what, error, onRetry }: { what: string; error: Error; onRetry: () => void }) {
  return (
    <div role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">We could not load {what}.</p>
      <p className="text-sm">{error.message}</p>
      <Button className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

type Variant = 'primary' | 'secondary' | 'danger';

const buttonClass: Record<Variant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-stone-400',
  secondary: 'border border-stone-400 bg-white text-stone-900 hover:bg-stone-100 disabled:text-stone-500',
  danger: 'border border-red-700 bg-white text-red-800 hover:bg-red-50 disabled:text-stone-500',
};

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return (
    <button
      type={type}
      {...props}
      className={`inline-flex min-h-10 items-center justify-center rounded-md px-3 py-1.5 text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-earth-500 ${buttonClass[variant]} ${className}`}
    />
  );
}

const inputClass =
  'mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base text-stone-900 focus:border-brand-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-earth-500';

interface FieldProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  children?: ReactNode;
}

function FieldFrame({ id, label, error, hint, children }: FieldProps) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-stone-800">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-stone-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

function aria(id: string, error?: string, hint?: string) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  } as const;
}

export function TextInput({
  id,
  label,
  error,
  hint,
  value,
  onChange,
  type = 'text',
  ...rest
}: FieldProps & {
  value: string;
  onChange: (v: string) => void;
  type?: 'text' | 'number' | 'search';
  step?: string;
  min?: string;
  inputMode?: 'decimal' | 'numeric' | 'text';
  placeholder?: string;
}) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        name={id}
        type={type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...rest}
        {...aria(id, error, hint)}
        className={`${inputClass} ${error ? 'border-red-700' : 'border-stone-400'}`}
      />
    </FieldFrame>
  );
}

export function TextArea({
  id,
  label,
  error,
  value,
  onChange,
}: FieldProps & { value: string; onChange: (v: string) => void }) {
  return (
    <FieldFrame id={id} label={label} error={error}>
      <textarea
        id={id}
        name={id}
        rows={4}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...aria(id, error)}
        className={`${inputClass} ${error ? 'border-red-700' : 'border-stone-400'}`}
      />
    </FieldFrame>
  );
}

export function Select({
  id,
  label,
  error,
  value,
  onChange,
  children,
}: FieldProps & { value: string; onChange: (v: string) => void }) {
  return (
    <FieldFrame id={id} label={label} error={error}>
      <select
        id={id}
        name={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...aria(id, error)}
        className={`${inputClass} ${error ? 'border-red-700' : 'border-stone-400'}`}
      >
        {children}
      </select>
    </FieldFrame>
  );
}

export function Checkbox({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label htmlFor={id} className="inline-flex min-h-10 items-center gap-2 text-stone-900">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} className="h-5 w-5 accent-brand-700" />
      {label}
    </label>
  );
}

export function Badge({ tone, children }: { tone: 'green' | 'grey' | 'amber' | 'red' | 'blue'; children: ReactNode }) {
  const tones = {
    green: 'bg-brand-100 text-brand-900',
    grey: 'bg-stone-200 text-stone-800',
    amber: 'bg-earth-100 text-earth-800',
    red: 'bg-red-100 text-red-900',
    blue: 'bg-sky-100 text-sky-900',
  };
  return <span className={`inline-block rounded px-2 py-0.5 text-xs font-semibold ${tones[tone]}`}>{children}</span>;
}

export function StatusBadge({ status }: { status: OrderStatus }) {
  const tone =
    status === 'cancelled' || status === 'payment_failed'
      ? 'red'
      : status === 'pending_payment'
        ? 'amber'
        : status === 'delivered'
          ? 'grey'
          : status === 'dispatched'
            ? 'blue'
            : 'green';
  return <Badge tone={tone}>{STATUS_LABEL[status] ?? status}</Badge>;
}

export function Pager({ page, count, pageSize, onPage }: { page: number; count: number; pageSize: number; onPage: (p: number) => void }) {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center gap-3">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="text-sm text-stone-700">
        Page {page} of {pages}
      </span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

const dateTime = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeStyle: 'short' });

export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateTime.format(d);
}

/** Debounces a value (a search box) so each keystroke does not call the server. */
export function useDebounced<T>(value: T, ms = 300): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}
