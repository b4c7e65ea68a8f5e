import { Link } from 'react-router';
import { BUSINESS } from '../../shared/domain/business';
import { legalMessages } from './messages';
import { LegalPage, type LegalSection } from './LegalPage';
import { List, Paragraphs } from './blocks';

function sections(): LegalSection[] {
  const m = legalMessages().terms;
  return [
    { title: m.who.title, body: <p>{m.who.text(BUSINESS.name, BUSINESS.address)}</p> },
    { title: m.products.title, body: <Paragraphs texts={m.products.paragraphs} /> },
    { title: m.orders.title, body: <p>{m.orders.text}</p> },
    { title: m.payment.title, body: <Paragraphs texts={m.payment.paragraphs} /> },
    { title: m.delivery.title, body: <Paragraphs texts={m.delivery.paragraphs} /> },
    { title: m.returns.title, body: <List items={m.returns.items} /> },
    { title: m.safety.title, body: <p>{m.safety.text}</p> },
    {
      title: m.account.title,
      body: (
        <p>
          {m.account.text}{' '}
          <Link to="/privacy" className="text-brand-800 underline">
            {m.account.privacyLink}
          </Link>
          .
        </p>
      ),
    },
    { title: m.law.title, body: <p>{m.law.text}</p> },
  ];
}

export default function TermsPage() {
  const m = legalMessages().terms;
  return <LegalPage title={m.title} updated="2025-11-01" intro={<p>{m.intro}</p>} sections={sections()} />;
}
