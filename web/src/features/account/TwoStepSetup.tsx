import { useState, type FormEvent } from 'react';
import { getMe } from '../../shared/api/account';
import { confirmMfa, setupMfa } from '../../shared/api/security';
import { ApiError } from '../../shared/api/api';
import type { MfaSetup } from '../../shared/api/shapes';
import { CopyButton } from '../../shared/ui/CopyButton';
import { FormEnd } from '../../shared/ui/form/FormMessage';
import { TextField } from '../../shared/ui/form/TextField';
import { failureMessage, useForm } from '../../shared/hooks/useForm';
import { securityMessages } from './messages';

const button =
  'min-h-11 rounded-md bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60';

/**
 * Setting up two-step sign-in: the QR code and key for the app, a code from it to turn it on, then
 * the recovery codes, shown once. onDone runs when the user says they kept the codes (the user is
 * read again first, so the session knows the second step is on).
 */
export function TwoStepSetup({ onDone }: { onDone: () => void }) {
  const m = securityMessages().twoStep;
  const [setup, setSetup] = useState<MfaSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState('');
  const form = useForm<{ code: string }>({ code: '' });

  async function onStart() {
    if (starting) return;
    setStarting(true);
    setStartError('');
    try {
      setSetup(await setupMfa());
    } catch (err) {
      setStartError(failureMessage(err, m.failed));
    } finally {
      setStarting(false);
    }
  }

  async function onConfirm(event: FormEvent) {
    event.preventDefault();
    if (form.busy) return;
    if (!/^\d{6}$/.test(form.values.code.trim())) {
      form.showErrors({ code: m.codeRequired }, ['code']);
      return;
    }
    form.setBusy(true);
    try {
      setCodes(await confirmMfa(form.values.code));
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && err.fields?.code) form.showErrors({ code: err.fields.code }, ['code']);
      else form.setFormError(failureMessage(err, m.failed));
    } finally {
      form.setBusy(false);
    }
  }

  if (codes) {
    return (
      <div className="mt-4 space-y-4">
        <h3 className="text-lg font-semibold text-stone-900">{m.codesTitle}</h3>
        <p className="text-stone-700">{m.codesHint}</p>
        <ul aria-label={m.codesTitle} className="grid grid-cols-2 gap-2 rounded-lg border border-earth-200 bg-white p-4 font-mono text-stone-900">
          {codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <div className="flex flex-wrap items-center gap-3 print:hidden">
          <CopyButton text={codes.join('\n')} label={m.copyCodes} />
          <button type="button" onClick={() => window.print()} className="min-h-10 rounded-md border border-brand-700 bg-white px-3 text-sm font-semibold text-brand-800">
            {m.print}
          </button>
        </div>
        <button
          type="button"
          className={`${button} print:hidden`}
          onClick={() => {
            void getMe()
              .catch(() => undefined)
              .then(onDone);
          }}
        >
          {m.kept}
        </button>
      </div>
    );
  }

  if (!setup) {
    return (
      <div className="mt-4 space-y-3">
        <p className="text-stone-700">{m.off}</p>
        <button type="button" className={button} disabled={starting} onClick={() => void onStart()}>
          {starting ? m.starting : m.start}
        </button>
        {startError && (
          <p role="alert" className="text-red-800">
            {startError}
          </p>
        )}
      </div>
    );
  }

  return (
    <div className="mt-4 space-y-4">
      <p className="text-stone-700">{m.scan}</p>
      <img src={setup.qr} alt={m.qrAlt} width={200} height={200} className="rounded-md border border-earth-200 bg-white" />
      <div>
        <p className="text-sm text-stone-600">{m.key}</p>
        <p className="flex flex-wrap items-center gap-3">
          <code data-testid="mfa-secret" className="font-mono break-all text-stone-900">
            {setup.secret}
          </code>
          <CopyButton text={setup.secret} label={m.copyKey} />
        </p>
      </div>
      <form noValidate onSubmit={onConfirm} className="space-y-4" aria-label={m.title}>
        <TextField label={m.code} inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...form.field('code')} />
        <FormEnd form={form} label={m.turnOn} busyLabel={m.turningOn} />
      </form>
    </div>
  );
}

