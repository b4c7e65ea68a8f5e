import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { ApiError } from '../../shared/api/api';
import { contactMessages } from './messages';
import { sendContactMessage } from './api';
import { keptValues, useKept } from '../../shared/hooks/useForm';
import { checkContact, LIMITS, subjects, type ContactErrors, type ContactForm } from './rules';

type Status = 'idle' | 'sending' | 'success' | 'error';

const EMPTY: ContactForm = { name: '', email: '', subject: '', message: '' };
const ORDER = ['name', 'email', 'subject', 'message'] as const;
/** What was typed survives a trip elsewhere and a reload, until the message is sent. */
const KEEP = { key: 'contact:draft' };

const input =
  'mt-1 block w-full rounded-md border bg-white px-3 text-base text-stone-900 aria-invalid:border-red-700 focus-visible:outline-3 focus-visible:outline-earth-500';
const label = 'block font-semibold text-stone-900';

/**
 * The message form's state and sending. A field's message goes as the field is edited; a
 * failure says why when the server did (too many messages, no connection).
 */
function useMessageForm(id: string) {
  const [form, setForm] = useState<ContactForm>(() => keptValues(EMPTY, KEEP));
  const forget = useKept(form, KEEP);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [status, setStatus] = useState<Status>('idle');
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState('');

  const field = (name: keyof ContactForm) => ({
    id: `${id}-${name}`,
    name,
    value: form[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    onChange: (e: { target: { value: string } }) => {
      setForm((f) => ({ ...f, [name]: e.target.value }));
      if (errors[name]) setErrors((er) => ({ ...er, [name]: undefined }));
      if (status === 'success') setStatus('idle');
    },
  });

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const problems = checkContact(form);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      const first = ORDER.find((k) => problems[k]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setStatus('sending');
    try {
      await sendContactMessage(form);
    } catch (err) {
      if (err instanceof ApiError && err.fields) setErrors(err.fields as ContactErrors);
      setFailure(
        err instanceof ApiError && !err.fields && err.status !== 500
          ? err.message
          : contactMessages().form.notSent,
      );
      setStatus('error');
      return;
    }
    forget();
    setForm(EMPTY);
    setStatus('success');
    setSent(true);
  }

  return { field, errors, status, failure, onSubmit, sent, closeSent: () => setSent(false) };
}

export function MessageForm() {
  const id = useId();
  const { field, errors, status, failure, onSubmit, sent, closeSent } = useMessageForm(id);
  const m = contactMessages().form;
  const buttonText: Record<Status, string> = { idle: m.send, sending: m.sending, success: m.sent, error: m.tryAgain };

  const error = (name: keyof ContactForm) =>
    errors[name] && (
      <p id={`${id}-${name}-error`} className="mt-1 text-sm font-semibold text-red-800">
        {errors[name]}
      </p>
    );

  // A field with its label above and its message below; `wide` spans both columns.
  const row = (name: keyof ContactForm, text: string, control: ReactNode, wide = false) => (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <label htmlFor={`${id}-${name}`} className={label}>
        {text}
      </label>
      {control}
      {error(name)}
    </div>
  );

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-earth-200 bg-white p-5">
      <h2 id={`${id}-title`} className="text-xl font-bold text-brand-900">
        {m.title}
      </h2>
      <p className="mt-1 text-sm text-stone-700">{m.allRequired}</p>
      <form noValidate onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-2">
        {row('name', m.name, <input {...field('name')} type="text" autoComplete="name" required maxLength={LIMITS.name} className={`${input} h-11 border-stone-400`} />)}
        {row('email', m.email, <input {...field('email')} type="email" autoComplete="email" required maxLength={LIMITS.email} className={`${input} h-11 border-stone-400`} />)}
        {row(
          'subject',
          m.subject,
          <select {...field('subject')} required className={`${input} h-11 border-stone-400`}>
            <option value="">{m.chooseSubject}</option>
            {subjects().map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>,
          true,
        )}
        {row('message', m.message, <textarea {...field('message')} required rows={6} maxLength={LIMITS.message} className={`${input} border-stone-400 py-2`} />, true)}
        <div className="sm:col-span-2">
          <button
            type="submit"
            disabled={status === 'sending'}
            className={`inline-flex h-12 items-center rounded-md px-6 font-semibold text-white disabled:opacity-80 ${
              status === 'error' ? 'bg-red-800 hover:bg-red-900' : 'bg-brand-700 hover:bg-brand-800'
            }`}
          >
            {buttonText[status]}
          </button>
          <p role="status" className="mt-2 min-h-5 text-sm text-stone-700">
            {status === 'error' ? failure : ''}
          </p>
        </div>
      </form>
      {sent && <SentDialog id={`${id}-done`} onClose={closeSent} />}
    </section>
  );
}

/** docs/product.md's confirmation once the message is stored. */
function SentDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const m = contactMessages().form;
  return (
    <Dialog labelledBy={id} onClose={onClose} className="max-w-sm">
      <div className="p-6 text-center">
        <h2 id={id} className="text-xl font-bold text-brand-900">
          {m.submitted}
        </h2>
        <p className="mt-2 text-stone-800">{m.willReachOut}</p>
        <Button
          type="button"
          autoFocus
          onClick={onClose}
          size="md" className="mt-6"
        >
          {m.close}
        </Button>
      </div>
    </Dialog>
  );
}
