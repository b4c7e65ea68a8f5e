import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Page } from '../../components/Page';
import { useCart } from '../../lib/CartProvider';
import { ApiError } from '../../lib/api';
import { login, register as registerAccount } from './api';
import { CheckboxField, FormMessage, PasswordField, SubmitButton, TextField, linkClass } from './fields';
import { MSG, validateRegister, type Errors, type RegisterForm } from './rules';
import { useForm } from './useForm';

const ORDER = ['first_name', 'last_name', 'email', 'phone', 'password', 'confirm', 'terms'] as const;

const EMPTY: RegisterForm = { first_name: '', last_name: '', email: '', phone: '', password: '', confirm: '', terms: false };

export default function RegisterPage() {
  const navigate = useNavigate();
  const cart = useCart();
  const form = useForm(EMPTY);
  const { values, errors, set, register } = form;

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
        phone: values.phone.replace(/\s/g, ''),
        password: values.password,
      });
    } catch (err) {
      form.setBusy(false);
      if (err instanceof ApiError && err.status === 400 && err.fields) {
        form.showErrors(err.fields as Errors<keyof RegisterForm>, ORDER);
      } else if (err instanceof ApiError && err.status === 400 && /email/i.test(err.message)) {
        // SPEC.md section 8: an error that mentions the email means it is taken.
        form.showErrors({ email: MSG.emailTaken }, ORDER);
      } else {
        // SPEC.md section 8: any other failure.
        form.setFormError(MSG.registerFailed);
      }
      return;
    }
    // SPEC.md: registration signs the user in, then goes home.
    try {
      await login(email, values.password, false);
      void cart.reload();
      navigate('/', { replace: true });
    } catch {
      navigate('/login', { replace: true });
    }
  }

  return (
    <Page title="Create Your Account">
      <div className="mt-2 max-w-md">
        <p className="text-stone-700">Order feeds and supplements for delivery anywhere in Kenya, and follow every order.</p>
        <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5" aria-label="Create account">
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              id="first_name"
              label="First name"
              autoComplete="given-name"
              value={values.first_name}
              onChange={(v) => set('first_name', v)}
              error={errors.first_name}
              ref={register('first_name')}
            />
            <TextField
              id="last_name"
              label="Last name"
              autoComplete="family-name"
              value={values.last_name}
              onChange={(v) => set('last_name', v)}
              error={errors.last_name}
              ref={register('last_name')}
            />
          </div>
          <TextField
            id="email"
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={values.email}
            onChange={(v) => set('email', v)}
            error={errors.email}
            ref={register('email')}
          />
          <TextField
            id="phone"
            label="Phone number"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder="254712345678"
            hint="Start with 254, for example 254712345678."
            value={values.phone}
            onChange={(v) => set('phone', v)}
            error={errors.phone}
            ref={register('phone')}
          />
          <PasswordField
            id="password"
            label="Password"
            autoComplete="new-password"
            hint="At least 8 characters, with an upper-case letter, a lower-case letter and a number."
            value={values.password}
            onChange={(v) => set('password', v)}
            error={errors.password}
            ref={register('password')}
          />
          <PasswordField
            id="confirm"
            label="Confirm password"
            autoComplete="new-password"
            value={values.confirm}
            onChange={(v) => set('confirm', v)}
            error={errors.confirm}
            ref={register('confirm')}
          />
          <CheckboxField
            id="terms"
            checked={values.terms}
            onChange={(v) => set('terms', v)}
            error={errors.terms}
            ref={register('terms')}
          >
            I agree to the{' '}
            <Link to="/terms" className={linkClass}>
              Terms and Conditions
            </Link>{' '}
            and the{' '}
            <Link to="/privacy" className={linkClass}>
              Privacy Policy
            </Link>
          </CheckboxField>
          <FormMessage kind="error">{form.formError}</FormMessage>
          <SubmitButton busy={form.busy} label="Create Account" busyLabel="Creating account..." />
        </form>
        <p className="mt-6 text-stone-700">
          Already have an account?{' '}
          <Link to="/login" className={linkClass}>
            Sign in to existing account
          </Link>
        </p>
      </div>
    </Page>
  );
}
