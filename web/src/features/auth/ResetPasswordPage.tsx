import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { FormEnd, FormMessage } from '../../shared/ui/form/FormMessage';
import { NewPasswordFields } from '../../shared/ui/form/PasswordField';
import { Outcome, Page } from '../../shared/ui/Page';
import { resetPassword } from '../../shared/api/account';
import { checkConfirm, checkNewPassword } from '../../shared/domain/accountRules';
import { ApiError } from '../../shared/api/api';
import { authMessages } from './messages';
import { failureMessage, useForm } from '../../shared/hooks/useForm';

const ORDER = ['password', 'confirm'] as const;

/** The English words for a link that no longer works, the server's own (internal/account/rules.go); the page shows the catalogue's. */
export const LINK_INVALID = 'This reset link is invalid or has expired. Please ask for a new one.';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useForm<{ password: string; confirm: string; done: string; linkInvalid: boolean }>({
    password: '',
    confirm: '',
    done: '',
    linkInvalid: token === '',
  });
  const { values, set } = form;
  const m = authMessages();
  const r = m.reset;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = { password: checkNewPassword(values.password), confirm: checkConfirm(values.password, values.confirm) };
    if (form.busy || form.showErrors(found, ORDER)) return;
    form.setBusy(true);
    try {
      const { message } = await resetPassword(token, values.password);
      set('done', message);
    } catch (err) {
      if (err instanceof ApiError && err.fields?.token) set('linkInvalid', true);
      else if (err instanceof ApiError && err.fields?.password) form.showErrors({ password: err.fields.password }, ORDER);
      else form.setFormError(failureMessage(err, r.failed));
    } finally {
      form.setBusy(false);
    }
  }

  let body;
  if (values.done) {
    body = (
      <Outcome to="/login" link={m.signIn}>
        <FormMessage kind="success">{values.done}</FormMessage>
      </Outcome>
    );
  } else if (values.linkInvalid) {
    body = (
      <Outcome to="/forgot-password" link={r.askAgain}>
        <FormMessage kind="error">{r.linkInvalid}</FormMessage>
      </Outcome>
    );
  } else {
    body = (
      <>
        <p className="text-stone-700">{r.intro}</p>
        <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5" aria-label={r.form}>
          <NewPasswordFields password={form.field('password')} confirm={form.field('confirm')} />
          <FormEnd form={form} label={r.submit} busyLabel={r.busy} />
        </form>
      </>
    );
  }

  return (
    <Page title={r.title}>
      <div className="mt-2 max-w-md">{body}</div>
    </Page>
  );
}
