import type { ReactNode } from 'react';
import { MapEmbed } from '../../shared/ui/MapEmbed';
import { BUSINESS, pageTitle } from '../../shared/domain/business';
import { ussdCode, ussdHref } from '../../shared/domain/ussd';
import { contactMessages } from './messages';
import { MessageForm } from './MessageForm';

export default function ContactPage() {
  const m = contactMessages();
  const ussd = ussdCode();
  const hours = BUSINESS.hours;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12">
      <title>{pageTitle(m.title)}</title>
      <h1 className="text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl">{m.title}</h1>
      <p className="mt-2 max-w-2xl text-stone-700">
        {m.intro}
      </p>

      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_2fr]">
        <section aria-labelledby="contact-details">
          <h2 id="contact-details" className="sr-only">
            {m.details}
          </h2>
          <dl className="space-y-4 rounded-lg border border-earth-200 bg-white p-5">
            <Detail term={m.phone}>
              <a href={BUSINESS.phoneHref} className="inline-flex min-h-11 items-center text-brand-800 underline underline-offset-2">
                {BUSINESS.phone}
              </a>
            </Detail>
            <Detail term={m.email}>
              <a href={BUSINESS.emailHref} className="inline-flex min-h-11 items-center break-all text-brand-800 underline underline-offset-2">
                {BUSINESS.email}
              </a>
            </Detail>
            <Detail term={m.location} plain>
              {/* A place's name reads the same in every language. */}
              <span data-i18n-neutral>Ruiru, Kenya</span>
            </Detail>
            {ussd && (
              <Detail term={m.ussd}>
                <a href={ussdHref(ussd)} className="font-semibold text-brand-800 underline underline-offset-2" data-i18n-neutral>
                  {ussd}
                </a>{' '}
                <span className="text-stone-800">{m.ussdNoData}</span>
              </Detail>
            )}
            {hours.length > 0 && (
              <Detail term={m.hours} plain>
                {hours.join(', ')}
              </Detail>
            )}
            <Detail term={m.replies} plain>
              {m.repliesWithin}
            </Detail>
          </dl>
        </section>
        <MessageForm />
      </div>

      <section aria-labelledby="contact-map" className="mt-10">
        <h2 id="contact-map" className="mb-4 text-xl font-bold text-brand-900">
          {m.findUs}
        </h2>
        <MapEmbed />
      </section>
    </div>
  );
}

/** One term of the details list; `plain` for a value that is text rather than a link. */
function Detail({ term, plain, children }: { term: string; plain?: boolean; children: ReactNode }) {
  return (
    <div>
      <dt className="font-semibold text-stone-900">{term}</dt>
      <dd className={plain ? 'text-stone-800' : undefined}>{children}</dd>
    </div>
  );
}
