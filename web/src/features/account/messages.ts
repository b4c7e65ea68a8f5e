// My Account's Security section: two-step sign-in and the signed-in devices; also the set-up
// screen an owner or manager sees alone until two-step sign-in is on.
import { messages } from '../../shared/i18n/i18n';

const en = {
  title: 'Security',
  twoStep: {
    title: 'Two-step sign-in',
    on: 'Two-step sign-in is on: signing in asks for a code from your authenticator app after the password.',
    off: 'Add a second step to signing in: a 6-digit code from an authenticator app on your phone (such as Google Authenticator or Microsoft Authenticator).',
    start: 'Set up two-step sign-in',
    starting: 'Starting...',
    scan: 'Scan this QR code with your authenticator app, or type the key below into it.',
    qrAlt: 'QR code to add Mifugo Bora Feeds to an authenticator app',
    key: 'Key',
    copyKey: 'Copy the key',
    code: 'Code from the app',
    codeRequired: 'Enter the 6-digit code from your app.',
    turnOn: 'Turn on',
    turningOn: 'Turning on...',
    failed: 'We could not set up two-step sign-in. Please try again.',
    codesTitle: 'Your recovery codes',
    codesHint:
      'If you lose your phone, each of these codes signs you in once instead of the app. We show them only now: copy them, or print this page, and keep them somewhere safe.',
    copyCodes: 'Copy the recovery codes',
    print: 'Print',
    kept: 'I have kept my codes',
    turnOff: 'Turn off two-step sign-in',
    turnOffPassword: 'Your password',
    turningOff: 'Turning off...',
    turnedOff: 'Two-step sign-in is off.',
    turnOffFailed: 'We could not turn off two-step sign-in. Please try again.',
  },
  devices: {
    title: 'Signed-in devices',
    loading: 'Loading your devices...',
    failed: 'We could not load your devices.',
    thisDevice: 'This device',
    lastSeen: 'Last seen',
    address: 'Address',
    signOut: 'Sign out',
    signOutOthers: 'Sign out everywhere else',
    signedOut: (n: number) => (n === 1 ? 'Signed out on 1 other device.' : `Signed out on ${n} other devices.`),
    endFailed: 'We could not sign that device out. Please try again.',
  },
  required: {
    title: 'Set up two-step sign-in',
    intro:
      'Your role in the shop handles money and customers, so your account needs a second step when you sign in. Set it up now to continue: you need an authenticator app on your phone.',
    signOut: 'Sign out',
  },
};

export type SecurityMessages = typeof en;
export const securityMessages = () => messages('security', en);
