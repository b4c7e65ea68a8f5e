import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormMessage, SubmitButton } from '../../components/form/FormMessage';
import { NewPasswordFields } from '../../components/form/PasswordField';
import { linkClass, Page } from '../../components/Page';
import { resetPassword } from '../../lib/account';
import { checkConfirm, checkNewPassword } from '../../lib/accountRules';
import { ApiError } from '../../lib/api';
import { failureMessage, useForm } from '../../lib/useForm';

const ORDER = ['password', 'confirm'] as const;

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
      else form.setFormError(failureMessage(err, 'We could not change the password. Please try again.'));
    } finally {
      form.setBusy(false);
    }
  }

  let body;
  if (values.done) {
    body = (
      <div className="mt-4 space-y-4">
        <FormMessage kind="success">{values.done}</FormMessage>
        <p>
          <Link to="/login" className={linkClass}>
            Sign in
          </Link>
        </p>
      </div>
    );
  } else if (values.linkInvalid) {
    body = (
      <div className="mt-4 space-y-4">
        <FormMessage kind="error">{LINK_INVALID}</FormMessage>
        <p>
          <Link to="/forgot-password" className={linkClass}>
            Ask for a new link
          </Link>
        </p>
      </div>
    );
  } else {
    body = (
      <>
        <p className="text-stone-700">Choose a new password for your account.</p>
        <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5" aria-label="Reset password">
          <NewPasswordFields password={form.field('password')} confirm={form.field('confirm')} />
          <FormMessage kind="error">{form.formError}</FormMessage>
          <SubmitButton busy={form.busy} label="Reset password" busyLabel="Resetting..." />
        </form>
      </>
    );
  }

  return (
    <Page title="Reset Password">
      <div className="mt-2 max-w-md">{body}</div>
    </Page>
  );
}
