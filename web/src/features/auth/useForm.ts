import { useCallback, useRef, useState } from 'react';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../lib/api';
import type { Errors } from './rules';

/**
 * A small form state: values, each field's error (cleared as soon as that field is edited, as
 * SPEC.md asks), a message for the whole form, and a busy flag while it is being sent.
 */
export function useForm<V extends { [K in keyof V]: string | boolean }>(initial: V) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors<Extract<keyof V, string>>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const refs = useRef(new Map<string, HTMLInputElement>());

  const set = useCallback(<K extends Extract<keyof V, string>>(field: K, value: V[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
    setFormError('');
  }, []);

  /** A ref callback that lets showErrors move the focus to the first wrong field. */
  const register = useCallback(
    (field: Extract<keyof V, string>) => (el: HTMLInputElement | null) => {
      if (el) refs.current.set(field, el);
      else refs.current.delete(field);
    },
    [],
  );

  /** Shows errors and focuses the first wrong field in the form's order; true if there were any. */
  const showErrors = useCallback((next: Errors<Extract<keyof V, string>>, order: readonly Extract<keyof V, string>[]) => {
    setErrors(next);
    const first = order.find((f) => next[f]);
    if (first) refs.current.get(first)?.focus();
    return first !== undefined;
  }, []);

  return { values, set, errors, showErrors, register, formError, setFormError, busy, setBusy };
}

/** The words for a failed call that has no field to point at. */
export function failureMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return NETWORK_ERROR_MESSAGE;
    if (err.status === 429 || err.status >= 500) return err.message;
  }
  return fallback;
}
