import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../shared/api/api';
import { subscribe } from '../../shared/api/content';
import { checkEmail } from '../../shared/domain/contentRules';
import { appMessages } from '../../shared/i18n/messages/app';

type State = { kind: 'idle' } | { kind: 'sending' } | { kind: 'done'; message: string } | { kind: 'error'; message: string };

/** The footer's newsletter sign-up: an email and a Subscribe button. */
export function NewsletterForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const m = appMessages().newsletter;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const problem = checkEmail(email);
    if (problem) {
      setState({ kind: 'error', message: problem });
      return;
    }
    setState({ kind: 'sending' });
    try {
      const reply = await subscribe(email);
      setEmail('');
      setState({ kind: 'done', message: reply.message });
    } catch (err) {
      const message = err instanceof ApiError ? (err.fields?.email ?? err.message) : m.failed;
      setState({ kind: 'error', message });
    }
  }

  const invalid = state.kind === 'error';
  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`} className="max-w-md">
      <h2 id={`${id}-title`} className="text-base font-semibold text-white">
        {m.title}
      </h2>
      <p className="mt-1 text-sm">{m.pitch}</p>
      <label htmlFor={`${id}-email`} className="mt-3 block text-sm font-semibold text-white">
        {m.email}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          required
          maxLength={254}
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            if (state.kind === 'error') setState({ kind: 'idle' });
          }}
          aria-invalid={invalid || undefined}
          aria-describedby={`${id}-note`}
          className="h-11 min-w-0 flex-1 rounded-md border border-brand-300 bg-white px-3 text-stone-900"
        />
        <button
          type="submit"
          disabled={state.kind === 'sending'}
          className="h-11 shrink-0 rounded-md bg-earth-400 px-4 font-semibold text-earth-900 hover:bg-earth-300 disabled:opacity-70"
        >
          {state.kind === 'sending' ? m.subscribing : m.subscribe}
        </button>
      </div>
      <p id={`${id}-note`} role="status" className={`mt-2 min-h-5 text-sm ${invalid ? 'font-semibold text-earth-300' : 'text-white'}`}>
        {state.kind === 'done' || state.kind === 'error' ? state.message : ''}
      </p>
    </form>
  );
}
