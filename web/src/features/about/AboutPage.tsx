import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../shared/ui/button';
import { BUSINESS, pageTitle } from '../../shared/domain/business';
import { aboutMessages } from './messages';

// docs/product.md section 2, About: hero, timeline, four values, a team of three, links on.
// The words are in the catalogue (messages.ts): the timeline in the order of these years.
const YEARS = ['2018', '2019', '2021', '2023', '2024', '2025'];

const TEAM = [
  { id: 'daniel', name: 'Daniel Kamau', initials: 'DK', color: '#2f5a26' },
  { id: 'faith', name: 'Faith Achieng', initials: 'FA', color: '#7c5025' },
  { id: 'brian', name: 'Brian Mutua', initials: 'BM', color: '#1a5085' },
] as const;

export default function AboutPage() {
  const m = aboutMessages();
  return (
    <>
      <title>{pageTitle(m.title)}</title>
      <section className="bg-brand-800 text-white">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{m.title}</h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-100">
            {m.intro(BUSINESS.name, BUSINESS.yearsOfExperience)}
          </p>
        </div>
      </section>

      <Section id="story" title={m.story}>
        <ol className="mt-6 space-y-6 border-l-2 border-brand-300 pl-6">
          {m.timeline.map((t, i) => (
            <li key={YEARS[i]} className="relative">
              <span aria-hidden="true" className="absolute top-1.5 -left-[1.95rem] h-3.5 w-3.5 rounded-full border-2 border-white bg-brand-700" />
              <p className="font-bold text-earth-700">{YEARS[i]}</p>
              <h3 className="font-semibold text-stone-900">{t.title}</h3>
              <p className="mt-1 text-stone-700">{t.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <section aria-labelledby="values" className="bg-white py-10">
        <div className="mx-auto max-w-6xl px-4">
          <Heading id="values">{m.values}</Heading>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {m.valueList.map((v) => (
              <li key={v.title} className="rounded-lg border border-earth-200 bg-earth-50 p-5">
                <h3 className="font-semibold text-stone-900">{v.title}</h3>
                <p className="mt-2 text-sm text-stone-700">{v.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <Section id="team" title={m.team}>
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {TEAM.map((person) => (
            <li key={person.name} className="rounded-lg border border-earth-200 bg-white p-5 text-center">
              <svg viewBox="0 0 80 80" width="80" height="80" className="mx-auto" aria-hidden="true" focusable="false">
                <circle cx="40" cy="40" r="40" fill={person.color} />
                <text x="40" y="49" textAnchor="middle" fontSize="26" fontWeight="700" fill="#fff" fontFamily="system-ui, sans-serif">
                  {person.initials}
                </text>
              </svg>
              <h3 className="mt-3 font-semibold text-stone-900">{person.name}</h3>
              <p className="text-sm font-semibold text-earth-700">{m.people[person.id].role}</p>
              <p className="mt-2 text-sm text-stone-700">{m.people[person.id].bio}</p>
            </li>
          ))}
        </ul>
      </Section>

      <section className="bg-earth-100 py-10">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-4 px-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-lg font-semibold text-brand-900">{m.ready}</p>
          <div className="flex flex-wrap gap-3">
            <Link to="/shop" className={buttonClass({ size: 'lg' })}>
              {m.visitShop}
            </Link>
            <Link to="/contact" className={buttonClass({ variant: 'outlined', size: 'lg' })}>
              {m.contactUs}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}

/** A section of the page's width under its heading. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 py-10">
      <Heading id={id}>{title}</Heading>
      {children}
    </section>
  );
}

/** A section's heading; its id names the section for screen readers. */
function Heading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2 id={id} className="text-2xl font-bold text-brand-900">
      {children}
    </h2>
  );
}
