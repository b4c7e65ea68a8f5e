import { Carousel } from '../../shared/ui/Carousel';
import { useNearScreen } from '../../shared/hooks/useNearScreen';
import { Stars } from '../../shared/ui/Stars';
import { formatDate } from '../../shared/domain/dates';
import { homeMessages } from './messages';
import { testimonials, type Testimonial } from './testimonials';

function Card({ t }: { t: Testimonial }) {
  return (
    <figure className="flex h-full flex-col gap-3 rounded-lg border border-earth-200 bg-white p-5 shadow-sm">
      <div className="flex items-center gap-3">
        <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false" className="shrink-0">
          <circle cx="24" cy="24" r="24" fill={t.image.color} />
          <text x="24" y="30" textAnchor="middle" fontSize="17" fontWeight="700" fill="#fff" fontFamily="system-ui, sans-serif">
            {t.image.initials}
          </text>
        </svg>
        <figcaption>
          <span className="block font-semibold text-stone-900">{t.name}</span>
          <span className="block text-sm text-stone-700">{t.location}</span>
        </figcaption>
      </div>
      <Stars rating={t.rating} />
      <blockquote className="flex-1 text-stone-800">“{t.text}”</blockquote>
      <p className="text-sm text-stone-700">
        {t.bought} · <time dateTime={t.date}>{formatDate(t.date, false)}</time>
      </p>
    </figure>
  );
}

export function Testimonials() {
  const { ref, near } = useNearScreen<HTMLDivElement>();
  const m = homeMessages().testimonials;
  return (
    <section aria-labelledby="testimonials" className="bg-earth-100 py-10">
      <div ref={ref} className="mx-auto max-w-6xl px-2 sm:px-4">
        <h2 id="testimonials" className="mb-6 px-2 text-2xl font-bold text-brand-900">
          {m.title}
        </h2>
        {near ? (
          <Carousel
            label={m.label}
            items={testimonials()}
            itemKey={(t) => t.id}
            intervalMs={4000}
            renderItem={(t) => <Card t={t} />}
          />
        ) : (
          <div className="h-96" />
        )}
      </div>
    </section>
  );
}
