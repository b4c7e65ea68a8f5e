import { BELOW_THE_FOLD } from './ProductSections';
import { BUSINESS } from '../../shared/domain/business';
import { MapEmbed } from '../../shared/ui/MapEmbed';
import { homeMessages } from './messages';

function strengths() {
  const m = homeMessages().strengths;
  return [
    {
      ...m.quality,
      icon: 'M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6zM9 12l2 2 4-4',
    },
    {
      title: m.experience.title(BUSINESS.yearsOfExperience),
      text: m.experience.text,
      icon: 'M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z',
    },
    {
      ...m.delivery,
      icon: 'M3 7h11v9H3zM14 10h4l3 3v3h-7M7 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM17 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
    },
    {
      ...m.mpesa,
      icon: 'M8 3h8a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zM11 18h2',
    },
  ];
}

export function Strengths() {
  return (
    <section aria-labelledby="strengths" className={`mx-auto max-w-6xl px-4 py-10 ${BELOW_THE_FOLD}`}>
      <h2 id="strengths" className="mb-6 text-2xl font-bold text-brand-900">
        {homeMessages().whyUs(BUSINESS.name)}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {strengths().map((s) => (
          <li key={s.title} className="rounded-lg border border-earth-200 bg-white p-5">
            <svg viewBox="0 0 24 24" width="32" height="32" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" className="text-brand-700" aria-hidden="true" focusable="false">
              <path d={s.icon} />
            </svg>
            <h3 className="mt-3 font-semibold text-stone-900">{s.title}</h3>
            <p className="mt-1 text-sm text-stone-700">{s.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function LocationSection() {
  const m = homeMessages();
  const hours = BUSINESS.hours;
  return (
    <section aria-labelledby="location" className={`bg-white py-10 ${BELOW_THE_FOLD}`}>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 md:grid-cols-[2fr_1fr]">
        <div>
          <h2 id="location" className="mb-4 text-2xl font-bold text-brand-900">
            {m.visitUs}
          </h2>
          <MapEmbed />
        </div>
        <div className="space-y-5 md:pt-12">
          <div>
            <h3 className="font-semibold text-stone-900">{m.address}</h3>
            <address className="mt-1 text-stone-800 not-italic">
              {BUSINESS.name}
              <br />
              {BUSINESS.address}
            </address>
          </div>
          {hours.length > 0 && (
            <div>
              <h3 className="font-semibold text-stone-900">{m.hours}</h3>
              <ul className="mt-1 text-stone-800">
                {hours.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          )}
          <div>
            <h3 className="font-semibold text-stone-900">{m.callUs}</h3>
            <a href={BUSINESS.phoneHref} className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-2">
              {BUSINESS.phone}
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}

/**
 * The chat link: WhatsApp with a greeting already typed. It floats only where the screen is wider
 * than the page's column, in the margin beside it; narrower, a floating button would cover the
 * controls and text scrolled beneath it (an "Add to Cart" at 1024 px), so it ends the page instead.
 */
export function ChatLink() {
  return (
    <a
      href={BUSINESS.whatsappChatUrl}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={homeMessages().chat}
      className="mr-4 mb-4 ml-auto flex h-14 w-14 items-center justify-center rounded-full bg-[#128c4a] text-white shadow-lg hover:bg-[#0e7a40] min-[1320px]:fixed min-[1320px]:right-4 min-[1320px]:bottom-4 min-[1320px]:z-30 min-[1320px]:m-0"
    >
      <svg viewBox="0 0 24 24" width="30" height="30" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" aria-hidden="true" focusable="false">
        <path d="M4 20l1.3-3.9A8 8 0 1 1 8 19z" />
        <path d="M9 9.5c0 3 2.5 5.5 5.5 5.5l1-1.5-2-1-1 .8c-1-.5-1.8-1.3-2.3-2.3l.8-1-1-2z" fill="currentColor" stroke="none" />
      </svg>
    </a>
  );
}
