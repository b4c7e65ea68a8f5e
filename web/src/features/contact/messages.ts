// The texts of the Contact page and its message form, with the form's checks in the server's
// words (internal/content/content.go).
import { messages } from '../../shared/i18n/i18n';

const en = {
  title: 'Contact Us',
  intro: 'Questions about feeding, an order, wholesale prices or a custom formula? Call, email or send us a message.',
  details: 'Our details',
  phone: 'Phone',
  email: 'Email',
  location: 'Location',
  hours: 'Hours',
  replies: 'Replies',
  repliesWithin: 'We reply within 24 hours.',
  findUs: 'Find us',
  ussd: 'Order from any phone',
  ussdNoData: 'Dial it on any phone, no internet needed.',

  form: {
    title: 'Send us a message',
    allRequired: 'All fields are required.',
    name: 'Name',
    email: 'Email',
    subject: 'Subject',
    message: 'Message',
    chooseSubject: 'Choose a subject',
    send: 'Send Message',
    sending: 'Sending...',
    sent: 'Message Sent!',
    tryAgain: 'Error - Try Again',
    notSent: 'Your message was not sent. Please check the form and try again.',
    submitted: 'Submitted',
    willReachOut: 'We will reach out!',
    close: 'Close',
  },

  subjects: {
    general: 'General inquiry',
    order: 'Order support',
    custom: 'Custom feed formulation',
    wholesale: 'Wholesale and bulk orders',
    press: 'Press and media',
  },

  errors: {
    nameRequired: 'Name is required',
    nameTooLong: 'Name must be at most 100 characters',
    subjectRequired: 'Please choose a subject',
    messageRequired: 'Message is required',
    messageTooLong: 'Message must be at most 5000 characters',
  },
};

export type ContactMessages = typeof en;
export const contactMessages = () => messages('contact', en);
