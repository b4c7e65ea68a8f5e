import { useState, type FormEvent } from 'react';
import { FormEnd, FormMessage } from '../../shared/ui/form/FormMessage';
import { PasswordField } from '../../shared/ui/form/PasswordField';
import { MSG } from '../../shared/domain/accountRules';
import { ApiError } from '../../shared/api/api';
import { MY_DATA_FILENAME, saveBlob } from '../../shared/ui/download';
import { failureMessage, useForm } from '../../shared/hooks/useForm';
import { deleteAccount, exportMyData } from './api';
import { DATA_MSG } from './rules';

/**
 * 'Your data': the customer downloads what the shop keeps about them, or deletes their account
 * with their password (Kenya's Data Protection Act 2019; docs/product.md, My Account).
 */
export function YourData({ onDeleted }: { onDeleted: () => void }) {
  return (
    <section aria-labelledby="data-heading" className="mt-12 max-w-2xl">
      <h2 id="data-heading" className="text-xl font-bold text-brand-900">
        {DATA_MSG.title}
      </h2>
      <p className="mt-2 text-stone-700">{DATA_MSG.intro}</p>
      <DownloadData />
      <DeleteAccount onDeleted={onDeleted} />
    </section>
  );
}

type DownloadState = { phase: 'idle' | 'busy' | 'done' } | { phase: 'error'; message: string };

function DownloadData() {
  const [state, setState] = useState<DownloadState>({ phase: 'idle' });

  async function download() {
    if (state.phase === 'busy') return;
    setState({ phase: 'busy' });
    try {
      saveBlob(await exportMyData(), MY_DATA_FILENAME);
      setState({ phase: 'done' });
    } catch (err) {
      setState({ phase: 'error', message: failureMessage(err, DATA_MSG.downloadFailed) });
    }
  }

  return (
    <div className="mt-4">
      <button
        type="button"
        onClick={() => void download()}
        aria-busy={state.phase === 'busy'}
        className="inline-flex h-11 items-center rounded-md border border-brand-700 px-5 font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60"
        disabled={state.phase === 'busy'}
      >
        {state.phase === 'busy' ? DATA_MSG.downloading : DATA_MSG.download}
      </button>
      <FormMessage kind="success">{state.phase === 'done' ? DATA_MSG.downloaded : ''}</FormMessage>
      <FormMessage kind="error">{state.phase === 'error' ? state.message : ''}</FormMessage>
    </div>
  );
}

function DeleteAccount({ onDeleted }: { onDeleted: () => void }) {
  const form = useForm({ password: '' });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = { password: form.values.password === '' ? MSG.currentPassword : undefined };
    if (form.busy || form.showErrors(found, ['password'])) return;
    if (!window.confirm(DATA_MSG.confirm)) return;
    form.setBusy(true);
    try {
      await deleteAccount(form.values.password);
      onDeleted();
    } catch (err) {
      form.setBusy(false);
      if (err instanceof ApiError && err.status === 400 && err.fields?.password) form.showErrors({ password: err.fields.password }, ['password']);
      // 409: an admin account, or an order waiting for its payment; the shop says which.
      else form.setFormError(err instanceof ApiError && err.status === 409 ? err.message : failureMessage(err, DATA_MSG.deleteFailed));
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="delete-heading" className="mt-8 space-y-4 rounded-lg border border-red-200 bg-red-50 p-5">
      <h3 id="delete-heading" className="text-lg font-bold text-red-900">
        {DATA_MSG.deleteHeading}
      </h3>
      <p className="text-red-900">{DATA_MSG.deleteWarning}</p>
      <PasswordField label={DATA_MSG.passwordLabel} autoComplete="current-password" {...form.field('password')} id="delete-password" />
      <FormEnd form={form} label={DATA_MSG.deleteButton} busyLabel={DATA_MSG.deleting} />
    </form>
  );
}
