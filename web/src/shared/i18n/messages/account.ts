// My Account (the customer's details, password, orders and data) and the account checks that
// sign-up and password reset share with it (shared/domain/accountRules.ts).
import { messages } from '../i18n';

const en = {
  title: 'My Account',
  signedInAs: 'Signed in as',
  backToShop: 'Back to the shop',

  details: {
    title: 'Your details',
    phoneHint: 'For example 0712 345 678 or 254712345678.',
    kraPin: 'KRA PIN',
    kraPinHint: 'For tax invoices, e.g. P051234567X',
    saved: 'Your details have been saved.',
    failed: 'We could not save your details. Please try again.',
    save: 'Save changes',
    saving: 'Saving...',
  },

  password: {
    title: 'Change password',
    current: 'Current password',
    failed: 'We could not change your password. Please try again.',
    change: 'Change password',
    changing: 'Changing...',
  },

  orders: {
    title: 'Your orders',
    loading: 'Loading your orders...',
    failed: 'We could not load your orders.',
    none: 'You have no orders yet.',
    browse: 'Browse our products',
    date: 'Date',
    status: 'Status',
    total: 'Total',
    stillToPay: (amount: string) => `Still to pay: ${amount}`,
    received: (amount: string) => `received ${amount}`,
    items: 'Items',
    collectFrom: 'Collect from',
    delivery: 'Delivery',
    view: (orderId: string) => `View order ${orderId}`,
  },

  // docs/product.md, My Account; the server's messages for the same mistakes (internal/account
  // and internal/privacy) are in the same words.
  confirmPhone: {
    title: 'Confirm your phone',
    intro: (phone: string) =>
      `Orders you placed without an account with ${phone} join this account once you confirm the number. We will send a 6-digit code by SMS.`,
    send: 'Send me a code',
    sending: 'Sending...',
    resend: 'Send a new code',
    code: 'Code from the SMS',
    codeRequired: 'Enter the 6-digit code from the SMS.',
    confirm: 'Confirm',
    confirming: 'Confirming...',
    failed: 'We could not confirm your phone. Please try again.',
    attached: (n: number) => (n === 1 ? 'One earlier order is now in your account.' : `${n} earlier orders are now in your account.`),
  },

  reminders: {
    title: 'Reminders',
    label: 'Text me a few days before my feed runs out (reply 1 to order it again, STOP to end the texts)',
    noPhone: 'Add your phone number above to get reminders by SMS.',
    failed: 'Could not save your choice. Please try again.',
  },

  data: {
    title: 'Your data',
    intro:
      'Download a copy of everything we keep about you, or delete your account. Your orders stay in our accounts, as the law requires, but without your name, email, phone number or address.',
    download: 'Download my data',
    downloading: 'Preparing...',
    downloaded: 'Your data has been downloaded.',
    downloadFailed: 'We could not prepare your data. Please try again.',
    deleteHeading: 'Delete my account',
    deleteWarning:
      'This cannot be undone. You will be signed out everywhere, taken off the newsletter, and your messages to us will be deleted.',
    passwordLabel: 'Your password',
    deleteButton: 'Delete my account',
    deleting: 'Deleting...',
    deleteFailed: 'We could not delete your account. Please try again.',
    confirm: 'Delete your account for good? This cannot be undone.',
    deletedTitle: 'Your account has been deleted',
    deletedText: 'Thank you for shopping with Mifugo Bora Feeds. You are signed out, and your personal details are gone from our shop.',
  },

  // docs/product.md section 5's messages word for word; the server checks the same rules with
  // the same words (internal/account/rules.go).
  rules: {
    passwordRequired: 'Password is required',
    passwordMin6: 'Password must be at least 6 characters',
    passwordMin8: 'Password must be at least 8 characters',
    passwordStrength: 'Password must contain at least one uppercase letter, one lowercase letter, and one number',
    passwordTooLong: 'Password must be at most 128 characters',
    firstName: 'First name is required',
    firstNameTooLong: 'First name must be at most 100 characters',
    lastName: 'Last name is required',
    lastNameTooLong: 'Last name must be at most 100 characters',
    phoneInvalid: 'Please enter a valid Kenyan phone number (254XXXXXXXXX)',
    // The server's form.MsgKRAPIN, in the same words.
    kraPin: 'Enter a KRA PIN like P051234567X: A or P, nine digits and a letter',
    confirmRequired: 'Please confirm your password',
    confirmMismatch: 'Passwords do not match',
    terms: 'Please accept the Terms and Conditions and the Privacy Policy',
    currentPassword: 'Please enter your current password',
    // docs/product.md section 8.
    emailTaken: 'This email is already registered',
    loginFailed: 'Invalid email or password. Please try again.',
    registerFailed: 'Registration failed. Please try again.',
  },
};

export type AccountMessages = typeof en;
export const accountMessages = () => messages('account', en);
