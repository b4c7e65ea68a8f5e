import { BUSINESS } from '../../shared/domain/business';
import { legalMessages } from './messages';
import { LegalPage, type LegalSection } from './LegalPage';
import { List } from './blocks';

function sections(): LegalSection[] {
  const m = legalMessages().privacy;
  const r = m.rights;
  return [
    { title: m.controller.title, body: <p>{m.controller.text(BUSINESS.name, BUSINESS.address)}</p> },
    { title: m.collect.title, body: <List items={m.collect.items} /> },
    { title: m.purposes.title, body: <List items={m.purposes.items} /> },
    {
      title: m.sharing.title,
      body: (
        <>
          <p>{m.sharing.text}</p>
          <List items={m.sharing.items} />
        </>
      ),
    },
    { title: m.cookies.title, body: <p>{m.cookies.text}</p> },
    { title: m.retention.title, body: <List items={m.retention.items} /> },
    {
      title: r.title,
      body: (
        <>
          <p>{r.text}</p>
          <ul>
            {[r.see, r.remove, r.byPhone, r.newsletter].map((item) => (
              <li key={item.label}>
                <strong>{item.label}</strong> {item.text}
              </li>
            ))}
          </ul>
          <p>{r.complaint}</p>
        </>
      ),
    },
    { title: m.security.title, body: <p>{m.security.text}</p> },
    { title: m.changes.title, body: <p>{m.changes.text}</p> },
  ];
}

export default function PrivacyPage() {
  const m = legalMessages().privacy;
  return <LegalPage title={m.title} updated="2025-11-15" intro={<p>{m.intro}</p>} sections={sections()} />;
}
