// The texts of the Terms & Conditions and the Privacy Policy, and of the frame around them.
// Paragraphs are strings, lists are lists of strings; the page lays them out.
import { messages } from '../../shared/i18n/i18n';

const en = {
  lastUpdated: (date: string) => `Last updated: ${date}`,
  contents: 'Contents',
  questions: {
    call: 'Questions? Call',
    email: ', email',
    form: 'or use our',
    formLink: 'contact form',
  },

  privacy: {
    title: 'Privacy Policy',
    intro: 'This policy explains, in plain words, what personal data our shop collects, why, and your rights over it.',
    controller: {
      title: 'Who is responsible for your data',
      text: (name: string, address: string) =>
        `${name}, ${address}, decides how your personal data is used in this shop (we are the "data controller"), and we handle it as Kenya's Data Protection Act, 2019 requires.`,
    },
    collect: {
      title: 'What we collect',
      items: [
        'When you order: your name, phone number, email and delivery address, what you bought, and payment details from M-Pesa (the paying phone number, the amount and the M-Pesa receipt number). We never see or keep your M-Pesa PIN.',
        'When you make an account: your name, email, phone number and a scrambled (hashed) form of your password.',
        'When you write to us: your name, email and message. When you join the newsletter: your email.',
        'When you browse: our server records the pages asked for, the time and your IP address, to keep the shop running and safe.',
      ],
    },
    purposes: {
      title: 'Why we use it',
      items: [
        'To take, deliver and support your orders (our contract with you).',
        'To keep tax and accounting records that Kenyan law requires.',
        'To answer your messages and to protect the shop against fraud and abuse (our legitimate interests).',
        'To send the newsletter, only if you asked for it (your consent, which you can withdraw at any time).',
      ],
    },
    sharing: {
      title: 'Who we share it with',
      text: 'We do not sell your data. We share only what each needs with:',
      items: [
        'Safaricom, to process your M-Pesa payment;',
        'our delivery partners: your name, phone number and delivery address;',
        'the company that sends our emails;',
        'authorities, when the law requires it.',
      ],
    },
    cookies: {
      title: 'Cookies and your browser',
      text: "We use cookies only to remember your cart, your language and whether the data saver is on, and your browser's storage to keep you signed in. We use no advertising or tracking cookies and no outside analytics. The map on our home and contact pages comes from OpenStreetMap and loads only when you scroll to it; OpenStreetMap then sees your IP address.",
    },
    retention: {
      title: 'How long we keep it',
      items: [
        'Orders and payments: 7 years, as tax law requires.',
        'Messages to us: up to 2 years.',
        'Newsletter: until you unsubscribe.',
        'Your account: until you delete it. Signed-out sessions and password-reset links are deleted after a week.',
        'Backups of the shop: a week; data you delete leaves them as they are replaced.',
        'Server logs: 90 days.',
      ],
    },
    rights: {
      title: 'Your rights',
      text: 'You may ask to see the data we hold about you, to correct it, to delete it, or to stop us using it for a purpose, and you may withdraw your consent to the newsletter at any time.',
      see: {
        label: 'See your data:',
        text: "signed in, open My Account and choose 'Download my data'. You get a file with your details, your delivery addresses, your orders, your newsletter subscription and your messages to us.",
      },
      remove: {
        label: 'Delete your account:',
        text: "in My Account, 'Delete my account' asks for your password, then deletes your account, signs you out on every device, takes you off the newsletter and deletes your messages to us. Your orders stay in our accounts, as tax law requires, but without your name, email, phone number or address; the amounts and M-Pesa receipt numbers remain.",
      },
      byPhone: {
        label: 'By phone:',
        text: 'if you cannot sign in, call or write to us. Once we have made sure it is you, we download or delete your data for you, within 7 days.',
      },
      newsletter: {
        label: 'Newsletter:',
        text: 'every newsletter has a link to unsubscribe with one click.',
      },
      complaint:
        'If you are not happy with our answer, you may complain to the Office of the Data Protection Commissioner (www.odpc.go.ke).',
    },
    security: {
      title: 'Keeping it safe',
      text: 'The shop uses encrypted connections (HTTPS), passwords are stored only in hashed form, and only staff who need your details to serve you can see them.',
    },
    changes: {
      title: 'Changes to this policy',
      text: 'If we change this policy we will update the date at the top, and tell you by email about important changes.',
    },
  },

  terms: {
    title: 'Terms & Conditions',
    intro: 'These are the terms for buying from our online shop, in plain words.',
    who: {
      title: 'Who we are',
      text: (name: string, address: string) =>
        `This shop is run by ${name}, ${address}. When these terms say "we" or "us" they mean ${name}; "you" means the person ordering. By placing an order you agree to these terms. They do not take away any right you have under the Consumer Protection Act, 2012 or other Kenyan law.`,
    },
    products: {
      title: 'Products and prices',
      paragraphs: [
        "Prices are in Kenya shillings (Ksh) and include VAT where it applies. Each package size has its own price, shown before you add it to your cart. Pictures show the product's packaging; the label on the bag or bottle you receive is what counts.",
        'If we make a mistake in a price or description, we will tell you before we send anything, and you may cancel for a full refund.',
      ],
    },
    orders: {
      title: 'Orders',
      text: 'Your order is accepted when your payment is confirmed and we send you the order number. If an item turns out to be out of stock after you paid, we will call you to offer a replacement or a refund of that item.',
    },
    payment: {
      title: 'Payment with M-Pesa',
      paragraphs: [
        'At checkout we send a payment request to the M-Pesa phone number you give. Check the amount and enter your M-Pesa PIN on your own phone to approve it. We never ask for your PIN by call, SMS or WhatsApp: anyone who does is not us.',
        'The amount is worked out by our system from your cart (the items plus delivery), not typed by anyone. Payment by card is not available yet.',
      ],
    },
    delivery: {
      title: 'Delivery across Kenya',
      paragraphs: [
        'We deliver to all 47 counties. The delivery fee depends on your county and on the weight of your order, and checkout shows it, with the expected time, before you pay. Most orders reach Nairobi, Kiambu and nearby counties within 1-3 working days, and the rest of Kenya within 2-7 working days. We call you before delivery. You can also collect your order free of charge from our Ruiru store, or from one of our pickup points (agrovets and courier offices) for the fee shown at checkout.',
        'Please check your goods when they arrive and tell the driver and us at once about a torn bag or a broken seal.',
      ],
    },
    returns: {
      title: 'Returns and refunds',
      items: [
        'Wrong or damaged item: tell us within 48 hours of delivery (a photo helps) and we replace it or refund you in full, including delivery.',
        'Changed your mind: you may return feeds and supplements unopened and in good condition within 7 days. We refund the price of the goods; the return trip is at your cost.',
        "For your animals' safety we cannot take back opened dewormers, medicines or chemicals unless they were faulty.",
        'Refunds are paid to the M-Pesa number that paid, within 7 days of our accepting the return.',
      ],
    },
    safety: {
      title: 'Using our products safely',
      text: 'Follow the feeding rates, doses and withdrawal periods on each label: after some dewormers, milk and meat must not be sold or eaten for a stated number of days. Keep chemicals away from children, food and water. For a sick animal, ask a veterinarian. We are not responsible for harm from using a product against its label.',
    },
    account: {
      title: 'Your account',
      text: 'You do not need an account to order. If you make one, keep your password to yourself and tell us if you think someone else has used it. Read how we handle your details in our',
      privacyLink: 'Privacy Policy',
    },
    law: {
      title: 'Law and disputes',
      text: 'These terms are governed by the laws of Kenya. If something goes wrong, contact us first: most problems are solved with a phone call. If we cannot agree, the courts of Kenya decide. We may update these terms; the version on this page when you order applies to that order.',
    },
  },
};

export type LegalMessages = typeof en;
export const legalMessages = () => messages('legal', en);
