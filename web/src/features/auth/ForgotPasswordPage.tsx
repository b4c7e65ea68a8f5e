import type { FormEvent } from 'react';
import { FormEnd, FormMessage } from '../../shared/ui/form/FormMessage';
import { TextField } from '../../shared/ui/form/TextField';
import { LinkLine, Outcome, Page } from '../../shared/ui/Page';
import { forgotPassword } from '../../shared/api/account';
import { ApiError } from '../../shared/api/api';
import { authMessages } from './messages';
import { failureMessage, useForm } from '../../shared/hooks/useForm';
import { checkPhoneOrEmail } from './rules';

export default function ForgotPasswordPage() {
  const form = useForm({ email: '', sent: '' });
  const { values, set } = form;
  const m = authMessages();
  const f = m.forgot;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const emailError = checkPhoneOrEmail(values.email);
    if (form.busy || form.showErrors(emailError ? { email: emailError } : {}, ['email'])) return;
    form.setBusy(true);
    try {
      const { message } = await forgotPassword(values.email);
      set('sent', message);
    } catch (err) {
      const fieldError = err instanceof ApiError ? (err.fields?.email ?? err.fields?.phone) : undefined;
      if (fieldError) form.showErrors({ email: fieldError }, ['email']);
      else form.setFormError(failureMessage(err, f.failed));
    } finally {
      form.setBusy(false);
    }
  }

  return (
    <Page title={f.title}>
      <div className="mt-2 max-w-md">
        {values.sent ? (
          <Outcome to="/login" link={f.backToSignIn}>
            <FormMessage kind="success">{values.sent}</FormMessage>
            <p className="text-stone-700">{f.noEmail}</p>
          </Outcome>
        ) : (
          <>
            <p className="text-stone-700">{f.intro}</p>
            <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5" aria-label={f.form}>
              <TextField label={m.phoneOrEmail} autoComplete="username" {...form.field('email')} />
              <FormEnd form={form} label={f.submit} busyLabel={f.busy} />
            </form>
            <LinkLine text={f.remembered} to="/login" link={m.signIn} />
          </>
        )}
      </div>
    </Page>
  );
}
