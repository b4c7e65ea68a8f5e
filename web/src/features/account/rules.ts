// The words of the account page's 'Your data' part (docs/product.md, My Account). The server's
// messages for the same mistakes are in internal/account and internal/privacy, in the same words.

export const DATA_MSG = {
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
} as const;
