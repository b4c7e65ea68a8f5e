import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../api/api';
import { commonMessages } from '../i18n/messages/common';
import type { Errors } from '../domain/validation';

type Key<V> = Extract<keyof V, string>;
/** The fields of a form that hold text. */
type TextKey<V> = { [K in Key<V>]: V[K] extends string ? K : never }[Key<V>];

/**
 * A small form state: values, each field's error (cleared as soon as that field is edited, as
 * docs/product.md asks), a message for the whole form, and a busy flag while it is being sent.
 */
export interface KeepOptions<V> {
  /** The sessionStorage key the typed values are kept under, for this tab only. */
  key: string;
  /** Fields never written to storage: passwords. */
  secret?: readonly Key<V>[];
}

/** The form's values with what was kept for it in this tab. */
export function keptValues<V extends object>(initial: V, keep: KeepOptions<V> | undefined): V {
  if (!keep) return initial;
  try {
    const saved: unknown = JSON.parse(window.sessionStorage.getItem(keep.key) ?? 'null');
    if (typeof saved !== 'object' || saved === null) return initial;
    const out = { ...initial };
    for (const [field, value] of Object.entries(saved)) {
      // Only the form's own fields, of the type they have, and never a secret one.
      if (field in initial && typeof value === typeof initial[field as keyof V] && !keep.secret?.includes(field as Key<V>)) {
        (out as Record<string, unknown>)[field] = value;
      }
    }
    return out;
  } catch {
    return initial;
  }
}

/**
 * Keeps what was typed in sessionStorage (docs/product.md section 2: forms never lose what was
 * typed), so a trip to another page, Back or a reload finds it again; forget() clears it once the
 * form has been sent.
 */
export function useKept<V extends object>(values: V, keep: KeepOptions<V> | undefined) {
  const key = keep?.key;
  const secret = keep?.secret;
  useEffect(() => {
    if (!key) return;
    try {
      const stored = Object.fromEntries(Object.entries(values).filter(([field]) => !secret?.includes(field as Key<V>)));
      window.sessionStorage.setItem(key, JSON.stringify(stored));
    } catch {
      // Storage refused: the form only lives on this page.
    }
  }, [key, secret, values]);
  return useCallback(() => {
    if (!key) return;
    try {
      window.sessionStorage.removeItem(key);
    } catch {
      // Nothing was stored.
    }
  }, [key]);
}

export function useForm<V extends { [K in keyof V]: string | boolean }>(initial: V, keep?: KeepOptions<V>) {
  const [values, setValues] = useState(() => keptValues(initial, keep));
  const forget = useKept(values, keep);
  const [errors, setErrors] = useState<Errors<Key<V>>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const refs = useRef(new Map<string, HTMLInputElement>());

  const set = useCallback(<K extends Key<V>>(field: K, value: V[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
    setFormError('');
  }, []);

  /** A ref callback that lets showErrors move the focus to the first wrong field. */
  const register = useCallback(
    (field: Key<V>) => (el: HTMLInputElement | null) => {
      if (el) refs.current.set(field, el);
      else refs.current.delete(field);
    },
    [],
  );

  /** Shows errors and focuses the first wrong field in the form's order; true if there were any. */
  const showErrors = useCallback((next: Errors<Key<V>>, order: readonly Key<V>[]) => {
    setErrors(next);
    const first = order.find((f) => next[f]);
    if (first) refs.current.get(first)?.focus();
    return first !== undefined;
  }, []);

  /** What a text field needs from the form; its id is the field's name. */
  const field = <K extends TextKey<V>>(name: K) => ({
    id: name,
    value: values[name] as string,
    onChange: (value: string) => set(name, value as V[K]),
    error: errors[name],
    ref: register(name),
  });

  return { values, set, field, errors, showErrors, register, formError, setFormError, busy, setBusy, forget };
}

/** The words for a failed call that has no field to point at. */
export function failureMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return commonMessages().networkError;
    if (err.status === 429 || err.status >= 500) return err.message;
  }
  return fallback;
}
