import type { ReactNode } from 'react';

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

/** The end of a form: its error, if any, over its submit button. */
export function FormEnd({ form, label, busyLabel }: { form: { formError: string; busy: boolean }; label: string; busyLabel: string }) {
  return (
    <>
      <FormMessage kind="error">{form.formError}</FormMessage>
      <SubmitButton busy={form.busy} label={label} busyLabel={busyLabel} />
    </>
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
