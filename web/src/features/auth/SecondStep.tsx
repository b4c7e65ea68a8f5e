import { useState, type FormEvent } from 'react';
import { loginMfa } from '../../shared/api/security';
import { ApiError } from '../../shared/api/api';
import { FormEnd } from '../../shared/ui/form/FormMessage';
import { TextField } from '../../shared/ui/form/TextField';
import { Page } from '../../shared/ui/Page';
import { failureMessage, useForm } from '../../shared/hooks/useForm';
import { authMessages } from './messages';

interface SecondStepProps {
  /** The mfa_token the right password got. */
  token: string;
  remember: boolean;
  onDone: () => void;
  /** The token is spent or too old: back to the password. */
  onStartOver: () => void;
}

/** Signing in, second step: the authenticator app's code, or one of the recovery codes. */
export function SecondStep({ token, remember, onDone, onStartOver }: SecondStepProps) {
  const m = authMessages().mfa;
  const [recovery, setRecovery] = useState(false);
  const form = useForm<{ code: string }>({ code: '' });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (form.busy) return;
    if (form.values.code.trim() === '') {
      form.showErrors({ code: recovery ? m.recoveryRequired : m.codeRequired }, ['code']);
      return;
    }
    form.setBusy(true);
    try {
      await loginMfa(token, form.values.code, remember);
      onDone();
    } catch (err) {
      form.setBusy(false);
      if (err instanceof ApiError && err.status === 400 && err.fields?.code) {
        form.showErrors({ code: err.fields.code }, ['code']);
        return;
      }
      if (err instanceof ApiError && err.status === 401) {
        onStartOver();
        return;
      }
      form.setFormError(failureMessage(err, m.failed));
    }
  }

  return (
    <Page title={m.title}>
      <div className="mt-2 max-w-md">
        <p className="text-stone-700">{recovery ? m.introRecovery : m.intro}</p>
        <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5" aria-label={m.title}>
          {recovery ? (
            <TextField key="recovery" label={m.recoveryCode} autoComplete="off" autoCapitalize="characters" spellCheck={false} {...form.field('code')} />
          ) : (
            <TextField
              key="app"
              label={m.code}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              pattern="[0-9]*"
              {...form.field('code')}
            />
          )}
          <button
            type="button"
            className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
            onClick={() => {
              form.set('code', '');
              setRecovery((r) => !r);
            }}
          >
            {recovery ? m.useApp : m.useRecovery}
          </button>
          <FormEnd form={form} label={m.submit} busyLabel={m.busy} />
        </form>
        <button type="button" className="mt-6 text-stone-700 underline underline-offset-2" onClick={onStartOver}>
          {m.startOver}
        </button>
      </div>
    </Page>
  );
}
