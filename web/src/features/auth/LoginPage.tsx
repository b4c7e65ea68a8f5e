import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { CheckboxField } from '../../shared/ui/form/CheckboxField';
import { FormEnd } from '../../shared/ui/form/FormMessage';
import { PasswordField } from '../../shared/ui/form/PasswordField';
import { TextField } from '../../shared/ui/form/TextField';
import { linkClass, LinkLine, Page } from '../../shared/ui/Page';
import { login } from '../../shared/api/account';
import { getSession } from '../../shared/api/authToken';
import { MSG } from '../../shared/domain/accountRules';
import { ApiError } from '../../shared/api/api';
import { useCart } from '../../shared/hooks/CartProvider';
import { authMessages } from './messages';
import { failureMessage, useForm } from '../../shared/hooks/useForm';
import { safeReturnPath, validateLogin } from './rules';
import { SecondStep } from './SecondStep';

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
  const { values, set } = form;
  const m = authMessages();
  // Set when the password was right and the account asks for its second step.
  const [mfaToken, setMfaToken] = useState<string | null>(null);

  function done() {
    // The shop merges a guest cart into the account's on the next cart call.
    void cart.reload();
    // An owner or manager who must set up two-step sign-in first goes to the back office, which
    // shows them that set-up alone.
    navigate(getSession()?.user?.mfa_setup_required ? '/admin' : from, { replace: true });
  }

  if (mfaToken !== null) {
    return (
      <SecondStep
        token={mfaToken}
        remember={values.remember}
        onDone={done}
        onStartOver={() => {
          set('password', '');
          setMfaToken(null);
        }}
      />
    );
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (form.busy || form.showErrors(validateLogin(values), ORDER)) return;
    form.setBusy(true);
    try {
      const signedIn = await login(values.email, values.password, values.remember);
      if (signedIn.mfaToken !== undefined) {
        form.setBusy(false);
        setMfaToken(signedIn.mfaToken);
        return;
      }
      done();
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
    <Page title={m.login.title}>
      <div className="mt-2 max-w-md">
        <p className="text-stone-700">{m.login.intro}</p>
        <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5" aria-label={m.signIn}>
          <TextField label={m.phoneOrEmail} autoComplete="username" {...form.field('email')} />
          <PasswordField label={m.password} autoComplete="current-password" {...form.field('password')} />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <CheckboxField id="remember" checked={values.remember} onChange={(v) => set('remember', v)}>
              {m.login.remember}
            </CheckboxField>
            <Link to="/forgot-password" className={linkClass}>
              {m.login.forgot}
            </Link>
          </div>
          <FormEnd form={form} label={m.login.submit} busyLabel={m.login.busy} />
        </form>
        <LinkLine text={m.login.newHere} to="/register" link={m.login.register} />
      </div>
    </Page>
  );
}
