import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { getMe } from '../../shared/api/account';
import { disableMfa, endOtherSessions, endSession, listSessions } from '../../shared/api/security';
import { ApiError } from '../../shared/api/api';
import type { DeviceSession, User } from '../../shared/api/shapes';
import { useSession } from '../../shared/api/useSession';
import { FormEnd, FormMessage } from '../../shared/ui/form/FormMessage';
import { PasswordField } from '../../shared/ui/form/PasswordField';
import { failureMessage, useForm } from '../../shared/hooks/useForm';
import { lang } from '../../shared/i18n/i18n';
import { securityMessages } from './messages';
import { TwoStepSetup } from './TwoStepSetup';

const sectionHeading = 'text-xl font-bold text-brand-900';

/** My Account's Security section (its own chunk): two-step sign-in, and the signed-in devices. */
export default function Security() {
  const m = securityMessages();
  return (
    <section aria-labelledby="security-heading" className="mt-12">
      <h2 id="security-heading" className={sectionHeading}>
        {m.title}
      </h2>
      <div className="mt-4 grid gap-10 lg:grid-cols-2">
        <TwoStep />
        <Devices />
      </div>
    </section>
  );
}

function TwoStep() {
  const m = securityMessages().twoStep;
  const user = useSession()?.user ?? null;
  const [done, setDone] = useState('');
  return (
    <div aria-labelledby="two-step-heading" role="group">
      <h3 id="two-step-heading" className="text-lg font-semibold text-stone-900">
        {m.title}
      </h3>
      <FormMessage kind="success">{done}</FormMessage>
      {user?.mfa_enabled ? (
        <TurnOff user={user} onOff={() => setDone(m.turnedOff)} />
      ) : (
        <TwoStepSetup key={user?.id} onDone={() => setDone('')} />
      )}
    </div>
  );
}

function TurnOff({ user, onOff }: { user: User; onOff: () => void }) {
  const m = securityMessages().twoStep;
  const form = useForm<{ password: string }>({ password: '' });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (form.busy) return;
    form.setBusy(true);
    try {
      await disableMfa(form.values.password);
      await getMe().catch(() => undefined);
      onOff();
    } catch (err) {
      form.setBusy(false);
      if (err instanceof ApiError && err.status === 400 && err.fields?.password) form.showErrors({ password: err.fields.password }, ['password']);
      else form.setFormError(failureMessage(err, m.turnOffFailed));
    }
  }

  return (
    <div className="mt-4 space-y-4">
      <p className="text-stone-700">{m.on}</p>
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={m.turnOff}>
        <input type="text" name="username" autoComplete="username" value={user.email} readOnly hidden />
        <PasswordField label={m.turnOffPassword} autoComplete="current-password" {...form.field('password')} />
        <FormEnd form={form} label={m.turnOff} busyLabel={m.turningOff} />
      </form>
    </div>
  );
}

const seenFormats = new Map<string, Intl.DateTimeFormat>();

function seen(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const locale = `${lang()}-KE`;
  let f = seenFormats.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'Africa/Nairobi' });
    seenFormats.set(locale, f);
  }
  return f.format(d);
}

function Devices() {
  const m = securityMessages().devices;
  const [list, setList] = useState<DeviceSession[] | null>(null);
  const [error, setError] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback((signal?: AbortSignal) => {
    listSessions(signal ? { signal } : undefined)
      .then((l) => {
        setList(l);
        setError('');
      })
      .catch((err: unknown) => {
        if (!signal?.aborted) setError(failureMessage(err, m.failed));
      });
  }, [m.failed]);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  async function act(fn: () => Promise<string>) {
    if (busy) return;
    setBusy(true);
    try {
      setNote(await fn());
      load();
    } catch (err) {
      setError(failureMessage(err, m.endFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div aria-labelledby="devices-heading" role="group">
      <h3 id="devices-heading" className="text-lg font-semibold text-stone-900">
        {m.title}
      </h3>
      {/* Not an alert: the page's main sections speak first; this one says so where it is. */}
      {error && <p className="mt-4 font-medium text-red-800">{error}</p>}
      <FormMessage kind="success">{note}</FormMessage>
      {list === null && !error && <p className="mt-4 text-stone-700">{m.loading}</p>}
      {list && (
        <ul className="mt-4 space-y-3" aria-label={m.title}>
          {list.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-earth-200 bg-white p-4">
              <div>
                <p className="font-semibold text-stone-900">
                  {s.browser}
                  {s.current && <span className="ml-2 rounded bg-brand-100 px-2 py-0.5 text-sm text-brand-900">{m.thisDevice}</span>}
                </p>
                <p className="text-sm text-stone-700">
                  {m.lastSeen}: {seen(s.last_seen_at)} · {m.address}: {s.ip || '—'}
                </p>
              </div>
              {!s.current && (
                <button
                  type="button"
                  disabled={busy}
                  aria-label={`${m.signOut}: ${s.browser}`}
                  onClick={() => void act(async () => (await endSession(s.id), ''))}
                  className="min-h-10 rounded-md border border-brand-700 bg-white px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50"
                >
                  {m.signOut}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {list && list.length > 1 && (
        <button
          type="button"
          disabled={busy}
          onClick={() => void act(async () => m.signedOut(await endOtherSessions()))}
          className="mt-4 min-h-11 rounded-md bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
        >
          {m.signOutOthers}
        </button>
      )}
    </div>
  );
}
