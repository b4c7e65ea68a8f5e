import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { TextField } from './form/TextField';
import { ErrorState } from './ErrorState';
import { Button } from './Button';
import { useResource, type Resource } from '../hooks/useResource';
import { ApiError } from '../api/api';
import { getAuthToken } from '../api/authToken';
import { statusLabel } from '../api/orders';
import type { OrderStatus } from '../api/shapes';
import type { Errors } from '../domain/validation';
import { MSG } from '../domain/adminRules';

// The back office's part of the UI kit: what a screen shows of what it loads (useResource),
// notes, badges and form parts (the button is the shop's one, ./Button).

/**
 * Whether an admin page must send the visitor to /login instead: no one is signed in, or the
 * server refused the one who is (not an admin, or signed out meanwhile).
 */
export function mustSignIn(error: Error | undefined): boolean {
  return !getAuthToken() || (error instanceof ApiError && (error.status === 401 || error.status === 403));
}

export function errorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError || err instanceof Error) return err.message || fallback;
  return fallback;
}

/** A back-office load that failed: the shop's one ErrorState, in the back office's words. */
export function LoadError({ what, error, onRetry }: { what: string; error: Error; onRetry: () => void }) {
  return <ErrorState className="mt-4" title={`We could not load ${what}.`} error={error} onRetry={onRetry} />;
}

/**
 * What a tab shows of what it loads: the error with a retry while nothing is loaded, a note while
 * it loads (`Loading <what>…` unless told), then children with the data.
 */
export function LoadState<T>({ loaded, what, loading, children }: { loaded: Resource<T>; what: string; loading?: string; children: (data: T) => ReactNode }) {
  if (loaded.error && !loaded.data) return <LoadError what={what} error={loaded.error} onRetry={loaded.retry} />;
  if (!loaded.data) return <p role="status">{loading ?? `Loading ${what}…`}</p>;
  return children(loaded.data);
}

/** What became of the last action: a confirmation, or an error read out at once. */
export type NoteState = { kind: 'ok' | 'error'; text: string } | null;

export function Note({ note, className }: { note: NoteState; className?: string }) {
  if (!note) return null;
  const tone = note.kind === 'error' ? 'text-red-800' : 'text-brand-800';
  return (
    <p role={note.kind === 'error' ? 'alert' : 'status'} className={className ? `${className} ${tone}` : tone}>
      {note.text}
    </p>
  );
}

/**
 * One action at a time on an admin screen: busy while it runs, and its failure in the note, in
 * the server's words (failed when it gave none). onError sees the error first, for a form to mark
 * the fields the server refused.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<NoteState>(null);
  async function run(action: () => Promise<void>, failed: string, onError?: (err: unknown) => void) {
    setBusy(true);
    try {
      await action();
    } catch (err) {
      onError?.(err);
      setNote({ kind: 'error', text: errorText(err, failed) });
    } finally {
      setBusy(false);
    }
  }
  return { busy, note, setNote, run };
}

/** A price in shillings, in steps of 0.01 (a product's and each size's). */
export function PriceField(props: { id: string; value: string; onChange: (v: string) => void; error: string | undefined; label?: string }) {
  return <TextField compact label="Price (Ksh)" type="number" step="0.01" min="0" inputMode="decimal" {...props} />;
}

/** A weight in kg, to the gram (a size's shipping weight, a zone's included weight). */
export function WeightField(props: { id: string; label: string; value: string; onChange: (v: string) => void; error: string | undefined; placeholder?: string }) {
  return <TextField compact type="number" step="0.001" min="0" inputMode="decimal" {...props} />;
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

/** A select's options for the categories given, by name. */
export function CategoryOptions({ categories }: { categories: { id: number; name: string }[] }) {
  return categories.map((c) => (
    <option key={c.id} value={c.id}>
      {c.name}
    </option>
  ));
}

export function StatusBadge({ status }: { status: OrderStatus }) {
  const tone =
    status === 'cancelled' || status === 'payment_failed' || status === 'refunded'
      ? 'red'
      : status === 'pending_payment' || status === 'partially_refunded' || status === 'awaiting_delivery_payment'
        ? 'amber'
        : status === 'delivered' || status === 'collected'
          ? 'grey'
          : status === 'dispatched' || status === 'ready_for_pickup'
            ? 'blue'
            : 'green';
  return <Badge tone={tone}>{statusLabel(status)}</Badge>;
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

/** The fields of a form that hold text. */
type StringKey<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F] & string;

/**
 * The form of an EditableList's entry, saved whole: its fields, their messages (the browser's check
 * first, then the server's), a note for the whole form, and the submit that saves once and then
 * goes back to the list.
 */
export function useAdminForm<F extends object>(opts: {
  initial: () => F;
  validate: (f: F) => Errors<keyof F & string>;
  save: (f: F) => Promise<unknown>;
  failed: string;
  /** Back to the list: after a save, after an action and from the Back button. */
  onDone: () => void;
}) {
  const [f, setF] = useState<F>(opts.initial);
  const [errors, setErrors] = useState<Errors<keyof F & string>>({});
  const [note, setNote] = useState<NoteState>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof F>(k: K, v: F[K]) => {
    setF({ ...f, [k]: v });
    setErrors({ ...errors, [k]: undefined });
  };
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const bad = opts.validate(f);
    setErrors(bad);
    if (Object.keys(bad).length > 0) {
      setNote({ kind: 'error', text: MSG.fixFields });
      return;
    }
    setBusy(true);
    try {
      await opts.save(f);
      opts.onDone();
    } catch (err) {
      if (err instanceof ApiError && err.fields) setErrors(err.fields as Errors<keyof F & string>);
      setNote({ kind: 'error', text: errorText(err, opts.failed) });
      setBusy(false);
    }
  }
  /**
   * An action on the entry beside saving it (deleting it, switching it off): asks `question`
   * first, then back to the list; a failure stays in the form's note.
   */
  async function confirmed(question: string, action: () => Promise<unknown>, failed: string) {
    if (!window.confirm(question)) return;
    try {
      await action();
      opts.onDone();
    } catch (err) {
      setNote({ kind: 'error', text: errorText(err, failed) });
    }
  }
  /** A text field's value, change and message, to spread on its TextField. */
  const field = (k: StringKey<F>) => ({ value: f[k] as string, onChange: (v: string) => set(k, v as F[typeof k]), error: errors[k] });
  /** What the EntryForm of this form is given as it is. */
  const form: EntryFormState = { onSubmit: submit, busy, onBack: opts.onDone, note };
  return { f, set, field, errors, confirmed, form };
}

/**
 * A part of an admin screen, named by its heading for screen readers: a tab's own sections under
 * an h2 (level 2), their parts under an h3.
 */
export function Part({ id, title, level = 3, large, children }: { id: string; title: ReactNode; level?: 2 | 3; large?: boolean; children: ReactNode }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const size = level === 2 ? 'text-lg font-bold text-stone-900' : large ? 'mb-2 text-lg font-bold text-stone-900' : 'font-bold text-stone-900';
  return (
    <section aria-labelledby={id}>
      <Heading id={id} className={size}>
        {title}
      </Heading>
      {children}
    </section>
  );
}

/**
 * A list the owner edits one entry at a time (coupons, delivery zones, pickup points): the list
 * under its title with a "New <one>" button and each entry's Edit button, or the form of the entry
 * chosen (null for a new one), after which the list is loaded again. `name` keys the load and the
 * heading's id.
 */
export function EditableList<T extends { id: number }>(props: {
  load: () => Promise<T[]>;
  name: string;
  title: string;
  /** One entry, as the New button names it: "coupon". */
  one: string;
  empty: string;
  /** What the entry's Edit button names it by. */
  nameOf: (entry: T) => string;
  entry: (entry: T) => ReactNode;
  form: (entry: T | null, done: () => void, all: T[]) => ReactNode;
}) {
  const loaded = useResource(props.name, () => props.load(), { cache: false });
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const id = `${props.name}-h`;
  const done = () => {
    setEditing(null);
    loaded.retry();
  };
  return (
    <LoadState loaded={loaded} what={`the ${props.title.toLowerCase()}`}>
      {(all) =>
        editing ? (
          props.form(editing === 'new' ? null : editing, done, all)
        ) : (
          <section aria-labelledby={id}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id={id} className="text-lg font-bold text-stone-900">
                {props.title}
              </h2>
              <Button onClick={() => setEditing('new')}>{`New ${props.one}`}</Button>
            </div>
            {all.length === 0 && <p className="mt-2 text-stone-700">{props.empty}</p>}
            <ul className="mt-2 divide-y divide-stone-200 rounded-md border border-stone-200 bg-white">
              {all.map((e) => (
                <li key={e.id} className="flex flex-wrap items-center gap-3 px-3 py-3">
                  <div className="min-w-0 flex-1">{props.entry(e)}</div>
                  <Button variant="secondary" onClick={() => setEditing(e)} aria-label={`Edit ${props.nameOf(e)}`}>
                    Edit
                  </Button>
                </li>
              ))}
            </ul>
          </section>
        )
      }
    </LoadState>
  );
}

interface EntryFormState {
  onSubmit: (e: FormEvent) => void;
  busy: boolean;
  onBack: () => void;
  note: NoteState;
}

/**
 * The form of one entry of an EditableList, named (null for a new one): "Edit <name>" or
 * "New <one>" over the fields, then Save (Add for a new one), "Back to <many>" and any other
 * action, and the note of the last try.
 */
export function EntryForm(props: EntryFormState & { one: string; many: string; name: string | null; actions?: ReactNode; children: ReactNode }) {
  const { one, name } = props;
  return (
    <form
      noValidate
      onSubmit={props.onSubmit}
      aria-label={name === null ? `New ${one}` : `${one.charAt(0).toUpperCase()}${one.slice(1)} ${name}`}
      className="space-y-4 rounded-md border border-stone-200 bg-white p-4"
    >
      <h2 className="text-lg font-bold text-stone-900">{name === null ? `New ${one}` : `Edit ${name}`}</h2>
      {props.children}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={props.busy}>
          {name === null ? `Add ${one}` : `Save ${one}`}
        </Button>
        <Button variant="secondary" onClick={props.onBack}>
          {`Back to ${props.many}`}
        </Button>
        {props.actions}
      </div>
      <Note note={props.note} />
    </form>
  );
}
