import { useState, type FormEvent } from 'react';
import { ApiError } from '../../shared/api/api';
import { setSessionUser } from '../../shared/api/authToken';
import type { User } from '../../shared/api/shapes';
import { accountMessages } from '../../shared/i18n/messages/account';
import { FormMessage, SubmitButton } from '../../shared/ui/form/FormMessage';
import { TextField } from '../../shared/ui/form/TextField';
import { failureMessage } from '../../shared/hooks/useForm';
import { confirmPhone, sendPhoneCode } from './api';

/** 254712345678 → 0712 345 678, as a Kenyan reads it. */
function localPhone(p: string): string {
  return /^254\d{9}$/.test(p) ? `0${p.slice(3, 6)} ${p.slice(6, 9)} ${p.slice(9)}` : p;
}

/**
 * My Account's "Confirm your phone" card, while the phone is not confirmed: guest orders placed
 * with it may be waiting, and join the account only once a code texted to it comes back
 * (docs/product.md, "Accounts"). onConfirmed reloads the orders.
 */
export function ConfirmPhone({ user, onConfirmed }: { user: User; onConfirmed: (attached: number) => void }) {
  const m = accountMessages().confirmPhone;
  const [sent, setSent] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [fieldError, setFieldError] = useState('');

  async function send() {
    setBusy(true);
    setError('');
    try {
      setSent((await sendPhoneCode()).message);
    } catch (err) {
      setError(failureMessage(err, m.failed));
    } finally {
      setBusy(false);
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) {
      setFieldError(m.codeRequired);
      return;
    }
    setBusy(true);
    setFieldError('');
    setError('');
    try {
      const done = await confirmPhone(code);
      setSessionUser(done.user);
      onConfirmed(done.orders_attached);
    } catch (err) {
      if (err instanceof ApiError && err.fields?.code) setFieldError(err.fields.code);
      else setError(failureMessage(err, m.failed));
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="confirm-phone-heading" className="mt-8 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h2 id="confirm-phone-heading" className="text-xl font-bold text-brand-900">
        {m.title}
      </h2>
      <p className="mt-2 text-stone-800">{m.intro(localPhone(user.phone))}</p>
      {sent && (
        <form noValidate onSubmit={onSubmit} className="mt-4 max-w-sm space-y-3" aria-label={m.title}>
          <FormMessage kind="success">{sent}</FormMessage>
          <TextField
            id="phone-code"
            label={m.code}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(v) => setCode(v)}
            error={fieldError || undefined}
          />
          <SubmitButton busy={busy} label={m.confirm} busyLabel={m.confirming} />
        </form>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
      <button type="button" className="mt-3 min-h-11 font-semibold text-brand-800 underline" disabled={busy} onClick={() => void send()}>
        {sent ? m.resend : busy ? m.sending : m.send}
      </button>
    </section>
  );
}
