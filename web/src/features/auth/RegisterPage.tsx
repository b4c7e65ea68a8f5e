import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { CheckboxField } from '../../shared/ui/form/CheckboxField';
import { FormEnd } from '../../shared/ui/form/FormMessage';
import { NameFields } from '../../shared/ui/form/NameFields';
import { NewPasswordFields } from '../../shared/ui/form/PasswordField';
import { PhoneField, TextField } from '../../shared/ui/form/TextField';
import { linkClass, LinkLine, Page } from '../../shared/ui/Page';
import { login, register as registerAccount } from '../../shared/api/account';
import { MSG } from '../../shared/domain/accountRules';
import { ApiError } from '../../shared/api/api';
import { useCart } from '../../shared/hooks/CartProvider';
import { authMessages } from './messages';
import { useForm } from '../../shared/hooks/useForm';
import { normalizePhone, type Errors } from '../../shared/domain/validation';
import { validateRegister, type RegisterForm } from './rules';

const ORDER = ['first_name', 'last_name', 'phone', 'email', 'password', 'confirm', 'terms'] as const;

const EMPTY: RegisterForm = { first_name: '', last_name: '', email: '', phone: '', password: '', confirm: '', terms: false };
/** Kept while the visitor reads the terms or leaves; passwords never are. */
const KEEP = { key: 'register:draft', secret: ['password', 'confirm'] } as const;

/**
 * The sign-up form's state and sending: the account is created, then signed in (docs/product.md) and
 * the visitor goes home; the server's refusals land on the fields they concern.
 */
function useRegisterForm() {
  const navigate = useNavigate();
  const cart = useCart();
  const form = useForm(EMPTY, KEEP);
  const { values } = form;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (form.busy || form.showErrors(validateRegister(values), ORDER)) return;
    form.setBusy(true);
    const email = values.email.trim();
    try {
      await registerAccount({
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        email,
        phone: normalizePhone(values.phone) ?? values.phone.trim(),
        password: values.password,
      });
      form.forget();
    } catch (err) {
      form.setBusy(false);
      if (err instanceof ApiError && err.status === 400 && err.fields) {
        form.showErrors(err.fields as Errors<keyof RegisterForm>, ORDER);
      } else if (err instanceof ApiError && err.status === 400 && /email/i.test(err.message)) {
        // docs/product.md section 8: an error that mentions the email means it is taken.
        form.showErrors({ email: MSG.emailTaken }, ORDER);
      } else {
        // docs/product.md section 8: any other failure.
        form.setFormError(MSG.registerFailed);
      }
      return;
    }
    try {
      await login(email || values.phone, values.password, false);
      void cart.reload();
      navigate('/', { replace: true });
    } catch {
      navigate('/login', { replace: true });
    }
  }

  return { form, onSubmit };
}

export default function RegisterPage() {
  const { form, onSubmit } = useRegisterForm();
  const m = authMessages();
  return (
    <Page title={m.register.title}>
      <div className="mt-2 max-w-md">
        <p className="text-stone-700">{m.register.intro}</p>
        <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5" aria-label={m.register.form}>
          <NameFields first={form.field('first_name')} last={form.field('last_name')} />
          <PhoneField placeholder="0712 345 678" hint={m.register.phoneHint} {...form.field('phone')} />
          <TextField label={m.email} hint={m.register.emailHint} type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
          <NewPasswordFields
            labels={{ password: m.password, confirm: m.register.confirm }}
            password={form.field('password')}
            confirm={form.field('confirm')}
          />
          <TermsCheckbox
            checked={form.values.terms}
            onChange={(v) => form.set('terms', v)}
            error={form.errors.terms}
            ref={form.register('terms')}
          />
          <FormEnd form={form} label={m.register.submit} busyLabel={m.register.busy} />
        </form>
        <LinkLine text={m.register.haveAccount} to="/login" link={m.register.signInExisting} />
      </div>
    </Page>
  );
}

function TermsCheckbox(props: Omit<Parameters<typeof CheckboxField>[0], 'id' | 'children'>) {
  const m = authMessages().register;
  return (
    <CheckboxField id="terms" {...props}>
      {m.agree}{' '}
      {/* A new tab: the form stays as it is, and this tab never leaves it. */}
      <Link to="/terms" target="_blank" rel="noopener" className={linkClass}>
        {m.terms}
      </Link>{' '}
      {m.and}{' '}
      <Link to="/privacy" target="_blank" rel="noopener" className={linkClass}>
        {m.privacy}
      </Link>
    </CheckboxField>
  );
}
