import { useCallback, useRef, useState } from 'react';
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
export function useForm<V extends { [K in keyof V]: string | boolean }>(initial: V) {
  const [values, setValues] = useState(initial);
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

  return { values, set, field, errors, showErrors, register, formError, setFormError, busy, setBusy };
}

/** The words for a failed call that has no field to point at. */
export function failureMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return commonMessages().networkError;
    if (err.status === 429 || err.status >= 500) return err.message;
  }
  return fallback;
}
