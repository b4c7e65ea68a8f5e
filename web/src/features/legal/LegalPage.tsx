import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BUSINESS, pageTitle } from '../../shared/domain/business';
import { formatDate } from '../../shared/domain/dates';
import { legalMessages } from './messages';

export interface LegalSection {
  title: string;
  body: ReactNode;
}

interface LegalPageProps {
  title: string;
  /** The day the text last changed, as an ISO date: shown in the language of the page. */
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
}

/** A plain-language policy page: a contents list and numbered sections. */
export function LegalPage({ title, updated, intro, sections }: LegalPageProps) {
  const slug = (i: number) => `section-${i + 1}`;
  const m = legalMessages();
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <title>{pageTitle(title)}</title>
      <h1 className="text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl">{title}</h1>
      <p className="mt-2 text-sm text-stone-700">{m.lastUpdated(formatDate(updated))}</p>
      <div className="mt-4 space-y-3 text-stone-800">{intro}</div>
      <nav aria-label={m.contents} className="mt-6 rounded-lg border border-earth-200 bg-white p-4">
        <h2 className="font-semibold text-stone-900">{m.contents}</h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5">
          {sections.map((s, i) => (
            <li key={s.title}>
              <a href={`#${slug(i)}`} className="text-brand-800 underline underline-offset-2">
                {s.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((s, i) => (
        <section key={s.title} id={slug(i)} aria-labelledby={`${slug(i)}-title`} className="mt-8">
          <h2 id={`${slug(i)}-title`} className="text-xl font-bold text-brand-900">
            {i + 1}. {s.title}
          </h2>
          <div className="mt-2 space-y-3 text-stone-800 [&_li]:mt-1 [&_ul]:list-disc [&_ul]:pl-5">{s.body}</div>
        </section>
      ))}
      <p className="mt-10 text-stone-800">
        {m.questions.call} <a href={BUSINESS.phoneHref} className="text-brand-800 underline">{BUSINESS.phone}</a>
        {m.questions.email} <a href={BUSINESS.emailHref} className="text-brand-800 underline">{BUSINESS.email}</a>{' '}
        {m.questions.form}{' '}
        <Link to="/contact" className="text-brand-800 underline">
          {m.questions.formLink}
        </Link>
        .
      </p>
    </article>
  );
}
