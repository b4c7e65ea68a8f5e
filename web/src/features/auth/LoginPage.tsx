import type { FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Page } from '../../components/Page';
import { useCart } from '../../lib/CartProvider';
import { ApiError } from '../../lib/api';
import { login } from './api';
import { CheckboxField, FormMessage, PasswordField, SubmitButton, TextField, linkClass } from './fields';
import { MSG, safeReturnPath, validateLogin } from './rules';
import { failureMessage, useForm } from './useForm';

const ORDER = ['email', 'password'] as const;

/** Where a link to /login says the visitor came from: state { from: '/shop?category=feeds' }. */
export interface LoginState {
  from?: string;
}

export default function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const cart = useCart();
  const from = safeReturnPath((location.state as LoginState | null)?.from);
  const form = useForm<{ email: string; password: string; remember: boolean }>({ email: '', password: '', remember: false });
  const { values, errors, set, register } = form;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (form.busy || form.showErrors(validateLogin(values), ORDER)) return;
    form.setBusy(true);
    try {
      await login(values.email, values.password, values.remember);
      // The shop merges a guest cart into the account's on the next cart call.
      void cart.reload();
      navigate(from, { replace: true });
    } catch (err) {
      form.setBusy(false);
      if (err instanceof ApiError && err.status === 400 && err.fields) {
        form.showErrors({ email: err.fields.username ?? err.fields.email, password: err.fields.password }, ORDER);
        return;
      }
      form.setFormError(failureMessage(err, MSG.loginFailed));
    }
  }

  return (
    <Page title="Welcome Back">
      <div className="mt-2 max-w-md">
        <p className="text-stone-700">Sign in to your account to check out faster and follow your orders.</p>
        <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5" aria-label="Sign in">
          <TextField
            id="email"
            label="Email"
            type="email"
            autoComplete="username"
            inputMode="email"
            value={values.email}
            onChange={(v) => set('email', v)}
            error={errors.email}
            ref={register('email')}
          />
          <PasswordField
            id="password"
            label="Password"
            autoComplete="current-password"
            value={values.password}
            onChange={(v) => set('password', v)}
            error={errors.password}
            ref={register('password')}
          />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <CheckboxField id="remember" checked={values.remember} onChange={(v) => set('remember', v)}>
              Remember me
            </CheckboxField>
            <Link to="/forgot-password" className={linkClass}>
              Forgot password?
            </Link>
          </div>
          <FormMessage kind="error">{form.formError}</FormMessage>
          <SubmitButton busy={form.busy} label="Sign In" busyLabel="Signing in..." />
        </form>
        <p className="mt-6 text-stone-700">
          New to {'Mifugo Bora'}?{' '}
          <Link to="/register" className={linkClass}>
            Create new account
          </Link>
        </p>
      </div>
    </Page>
  );
}
