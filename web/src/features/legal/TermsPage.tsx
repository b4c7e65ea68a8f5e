import { Link } from 'react-router';
import { BUSINESS } from '../../lib/business';
import { LegalPage, type LegalSection } from './LegalPage';

const SECTIONS: LegalSection[] = [
  {
    title: 'Who we are',
    body: (
      <p>
        This shop is run by {BUSINESS.name}, {BUSINESS.address}. When these terms say "we" or "us" they mean{' '}
        {BUSINESS.name}; "you" means the person ordering. By placing an order you agree to these terms. They do not take
        away any right you have under the Consumer Protection Act, 2012 or other Kenyan law.
      </p>
    ),
  },
  {
    title: 'Products and prices',
    body: (
      <>
        <p>
          Prices are in Kenya shillings (Ksh) and include VAT where it applies. Each package size has its own price, shown
          before you add it to your cart. Pictures show the product's packaging; the label on the bag or bottle you receive
          is what counts.
        </p>
        <p>
          If we make a mistake in a price or description, we will tell you before we send anything, and you may cancel
          for a full refund.
        </p>
      </>
    ),
  },
  {
    title: 'Orders',
    body: (
      <p>
        Your order is accepted when your payment is confirmed and we send you the order number. If an item turns out to be
        out of stock after you paid, we will call you to offer a replacement or a refund of that item.
      </p>
    ),
  },
  {
    title: 'Payment with M-Pesa',
    body: (
      <>
        <p>
          At checkout we send a payment request to the M-Pesa phone number you give. Check the amount and enter your M-Pesa
          PIN on your own phone to approve it. We never ask for your PIN by call, SMS or WhatsApp: anyone who does is not us.
        </p>
        <p>
          The amount is worked out by our system from your cart (the items plus delivery), not typed by anyone. Payment by
          card is not available yet.
        </p>
      </>
    ),
  },
  {
    title: 'Delivery across Kenya',
    body: (
      <>
        <p>
          We deliver to all 47 counties. The delivery fee depends on your county and on the weight of your order, and
          checkout shows it, with the expected time, before you pay. Most orders reach Nairobi, Kiambu and nearby counties
          within 1-3 working days, and the rest of Kenya within 2-7 working days. We call you before delivery. You can also
          collect your order free of charge from our Ruiru store, or from one of our pickup points (agrovets and courier
          offices) for the fee shown at checkout.
        </p>
        <p>Please check your goods when they arrive and tell the driver and us at once about a torn bag or a broken seal.</p>
      </>
    ),
  },
  {
    title: 'Returns and refunds',
    body: (
      <ul>
        <li>Wrong or damaged item: tell us within 48 hours of delivery (a photo helps) and we replace it or refund you in full, including delivery.</li>
        <li>Changed your mind: you may return feeds and supplements unopened and in good condition within 7 days. We refund the price of the goods; the return trip is at your cost.</li>
        <li>For your animals' safety we cannot take back opened dewormers, medicines or chemicals unless they were faulty.</li>
        <li>Refunds are paid to the M-Pesa number that paid, within 7 days of our accepting the return.</li>
      </ul>
    ),
  },
  {
    title: 'Using our products safely',
    body: (
      <p>
        Follow the feeding rates, doses and withdrawal periods on each label: after some dewormers, milk and meat must not be
        sold or eaten for a stated number of days. Keep chemicals away from children, food and water. For a sick animal,
        ask a veterinarian. We are not responsible for harm from using a product against its label.
      </p>
    ),
  },
  {
    title: 'Your account',
    body: (
      <p>
        You do not need an account to order. If you make one, keep your password to yourself and tell us if you think
        someone else has used it. Read how we handle your details in our <Link to="/privacy" className="text-brand-800 underline">Privacy Policy</Link>.
      </p>
    ),
  },
  {
    title: 'Law and disputes',
    body: (
      <p>
        These terms are governed by the laws of Kenya. If something goes wrong, contact us first: most problems are solved
        with a phone call. If we cannot agree, the courts of Kenya decide. We may update these terms; the version on this
        page when you order applies to that order.
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <LegalPage
      title="Terms & Conditions"
      updated="1 November 2025"
      intro={<p>These are the terms for buying from our online shop, in plain words.</p>}
      sections={SECTIONS}
    />
  );
}
