// Signing in, signing up, and choosing a new password.
import { messages } from '../../shared/i18n/i18n';

const en = {
  email: 'Email',
  phoneOrEmail: 'Phone or email',
  phoneOrEmailRequired: 'Enter your phone number or email',
  phoneOrEmailInvalid: 'Enter a valid email or Kenyan phone number',
  password: 'Password',
  signIn: 'Sign in',

  login: {
    title: 'Welcome Back',
    intro: 'Sign in to your account to check out faster and follow your orders.',
    remember: 'Remember me',
    forgot: 'Forgot password?',
    submit: 'Sign In',
    busy: 'Signing in...',
    newHere: 'New to Mifugo Bora?',
    register: 'Create new account',
  },

  mfa: {
    title: 'Two-step sign-in',
    intro: 'Open your authenticator app and enter the 6-digit code it shows for Mifugo Bora Feeds.',
    introRecovery: 'Enter one of the recovery codes you kept when you turned on two-step sign-in. Each code works once.',
    code: 'Code from the app',
    recoveryCode: 'Recovery code',
    codeRequired: 'Enter the 6-digit code from your app.',
    recoveryRequired: 'Enter a recovery code.',
    useRecovery: 'Use a recovery code instead',
    useApp: 'Use the code from the app instead',
    submit: 'Verify and sign in',
    busy: 'Checking...',
    failed: 'We could not check the code. Please try again.',
    startOver: 'Start again with your password',
  },

  register: {
    title: 'Create Your Account',
    intro: 'Order feeds and supplements for delivery anywhere in Kenya, and follow every order.',
    form: 'Create account',
    phoneHint: 'For example 0712 345 678. You can sign in with it.',
    emailHint: 'Optional: a phone is enough. Add an email to get receipts by mail.',
    confirm: 'Confirm password',
    agree: 'I agree to the',
    terms: 'Terms and Conditions',
    and: 'and the',
    privacy: 'Privacy Policy',
    submit: 'Create Account',
    busy: 'Creating account...',
    haveAccount: 'Already have an account?',
    signInExisting: 'Sign in to existing account',
  },

  forgot: {
    title: 'Forgot Password',
    intro: 'Enter the phone number or email you registered with. We will send you a link to choose a new password.',
    form: 'Forgot password',
    submit: 'Send reset link',
    busy: 'Sending...',
    failed: 'We could not send the link. Please try again.',
    noEmail: 'Nothing came? Check your SMS and the spam folder, or ask again in a few minutes.',
    backToSignIn: 'Back to sign in',
    remembered: 'Remembered it?',
  },

  reset: {
    title: 'Reset Password',
    intro: 'Choose a new password for your account.',
    form: 'Reset password',
    submit: 'Reset password',
    busy: 'Resetting...',
    failed: 'We could not change the password. Please try again.',
    linkInvalid: 'This reset link is invalid or has expired. Please ask for a new one.',
    askAgain: 'Ask for a new link',
  },
};

export type AuthMessages = typeof en;
export const authMessages = () => messages('auth', en);
