import { BUSINESS } from '../../lib/business';
import { LegalPage, type LegalSection } from './LegalPage';

const SECTIONS: LegalSection[] = [
  {
    title: 'Who is responsible for your data',
    body: (
      <p>
        {BUSINESS.name}, {BUSINESS.address}, decides how your personal data is used in this shop (we are the "data
        controller"), and we handle it as Kenya's Data Protection Act, 2019 requires.
      </p>
    ),
  },
  {
    title: 'What we collect',
    body: (
      <ul>
        <li>When you order: your name, phone number, email and delivery address, what you bought, and payment details from M-Pesa (the paying phone number, the amount and the M-Pesa receipt number). We never see or keep your M-Pesa PIN.</li>
        <li>When you make an account: your name, email, phone number and a scrambled (hashed) form of your password.</li>
        <li>When you write to us: your name, email and message. When you join the newsletter: your email.</li>
        <li>When you browse: our server records the pages asked for, the time and your IP address, to keep the shop running and safe.</li>
      </ul>
    ),
  },
  {
    title: 'Why we use it',
    body: (
      <ul>
        <li>To take, deliver and support your orders (our contract with you).</li>
        <li>To keep tax and accounting records that Kenyan law requires.</li>
        <li>To answer your messages and to protect the shop against fraud and abuse (our legitimate interests).</li>
        <li>To send the newsletter, only if you asked for it (your consent, which you can withdraw at any time).</li>
      </ul>
    ),
  },
  {
    title: 'Who we share it with',
    body: (
      <>
        <p>We do not sell your data. We share only what each needs with:</p>
        <ul>
          <li>Safaricom, to process your M-Pesa payment;</li>
          <li>our delivery partners: your name, phone number and delivery address;</li>
          <li>the company that sends our emails;</li>
          <li>authorities, when the law requires it.</li>
        </ul>
      </>
    ),
  },
  {
    title: 'Cookies and your browser',
    body: (
      <p>
        We use one cookie, to remember your cart, and your browser's storage to keep you signed in. We use no advertising
        or tracking cookies and no outside analytics. The map on our home and contact pages comes from OpenStreetMap and
        loads only when you scroll to it; OpenStreetMap then sees your IP address.
      </p>
    ),
  },
  {
    title: 'How long we keep it',
    body: (
      <ul>
        <li>Orders and payments: 7 years, as tax law requires.</li>
        <li>Messages to us: up to 2 years.</li>
        <li>Newsletter: until you unsubscribe.</li>
        <li>Your account: until you delete it. Signed-out sessions and password-reset links are deleted after a week.</li>
        <li>Backups of the shop: a week; data you delete leaves them as they are replaced.</li>
        <li>Server logs: 90 days.</li>
      </ul>
    ),
  },
  {
    title: 'Your rights',
    body: (
      <>
        <p>
          You may ask to see the data we hold about you, to correct it, to delete it, or to stop us using it for a purpose,
          and you may withdraw your consent to the newsletter at any time.
        </p>
        <ul>
          <li>
            <strong>See your data:</strong> signed in, open My Account and choose 'Download my data'. You get a file with
            your details, your delivery addresses, your orders, your newsletter subscription and your messages to us.
          </li>
          <li>
            <strong>Delete your account:</strong> in My Account, 'Delete my account' asks for your password, then deletes
            your account, signs you out on every device, takes you off the newsletter and deletes your messages to us. Your
            orders stay in our accounts, as tax law requires, but without your name, email, phone number or address; the
            amounts and M-Pesa receipt numbers remain.
          </li>
          <li>
            <strong>By phone:</strong> if you cannot sign in, call or write to us. Once we have made sure it is you, we
            download or delete your data for you, within 7 days.
          </li>
          <li>
            <strong>Newsletter:</strong> every newsletter has a link to unsubscribe with one click.
          </li>
        </ul>
        <p>
          If you are not happy with our answer, you may complain to the Office of the Data Protection Commissioner
          (www.odpc.go.ke).
        </p>
      </>
    ),
  },
  {
    title: 'Keeping it safe',
    body: (
      <p>
        The shop uses encrypted connections (HTTPS), passwords are stored only in hashed form, and only staff who need your
        details to serve you can see them.
      </p>
    ),
  },
  {
    title: 'Changes to this policy',
    body: <p>If we change this policy we will update the date at the top, and tell you by email about important changes.</p>,
  },
];

export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated="15 November 2025"
      intro={<p>This policy explains, in plain words, what personal data our shop collects, why, and your rights over it.</p>}
      sections={SECTIONS}
    />
  );
}
