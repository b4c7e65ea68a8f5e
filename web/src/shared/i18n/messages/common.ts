// Texts many parts of the shop share: the API client's own failures, dates, the checks of an
// email and a phone number, and the shared components.
import { messages } from '../i18n';

const en = {
  networkError: 'Could not reach the shop. Please check your internet connection and try again.',
  unreadableAnswer: 'The shop sent an answer that could not be read.',
  months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  phoneRequired: 'Phone number is required',
  mpesaPhoneRequired: 'M-Pesa phone number is required',
  phoneInvalid: 'Please enter a valid Kenyan phone number (e.g. 0712 345 678)',
};

export type CommonMessages = typeof en;
export const commonMessages = () => messages('common', en);
