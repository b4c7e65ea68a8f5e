import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BUSINESS, pageTitle } from '../../lib/business';

// docs/product.md section 2, About: hero, timeline, four values, a team of three, links on.
const TIMELINE = [
  { year: '2018', title: 'Founded in Ruiru', text: 'Mifugo Bora Feeds opens a small mixing shed and store on the Eastern Bypass, serving dairy farmers around Ruiru.' },
  { year: '2019', title: 'Our first product line', text: 'We launch our own dairy meal, kienyeji mash and layers mash, made to our formulas from local maize, soya and minerals.' },
  { year: '2021', title: 'A flagship facility', text: 'We move into a larger mill and warehouse with a quality lab, so every batch is checked before it leaves.' },
  { year: '2023', title: 'Best emerging feeds brand', text: 'Farmers and the industry recognise us as the best emerging animal feeds brand in Kenya.' },
  { year: '2024', title: 'Exports begin', text: 'Our feeds and supplements reach farmers in Uganda and Tanzania.' },
  { year: '2025', title: 'Sustainable feeds and digital ordering', text: 'We add a line of feeds made with sustainable ingredients, and farmers can now order online and pay with M-Pesa.' },
];

const VALUES = [
  { title: 'Quality Excellence', text: 'Tested ingredients, consistent formulas and fresh, sealed bags: every batch, every time.' },
  { title: 'Animal Welfare', text: 'Balanced nutrition and genuine animal-health products keep herds and flocks healthy and productive.' },
  { title: 'Farmer Success', text: 'More milk, more eggs and better weight gain at a fair price: our advice is free and honest.' },
  { title: 'Reliable Service', text: 'Products in stock, orders delivered when promised, and a real person to talk to when you call.' },
];

const TEAM = [
  { name: 'Daniel Kamau', role: 'Founder & Managing Director', bio: 'An animal scientist who spent ten years advising dairy cooperatives before starting Mifugo Bora.', initials: 'DK', color: '#2f5a26' },
  { name: 'Faith Achieng', role: 'Head of Nutrition', bio: 'A livestock nutritionist who designs our formulas and runs the quality lab.', initials: 'FA', color: '#7c5025' },
  { name: 'Brian Mutua', role: 'Customer & Delivery Lead', bio: 'Makes sure every order reaches the farm on time, from Ruiru to Turkana.', initials: 'BM', color: '#1a5085' },
];

export default function AboutPage() {
  return (
    <>
      <title>{pageTitle('About Us')}</title>
      <section className="bg-brand-800 text-white">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">About Us</h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-100">
            {BUSINESS.name} makes and sells animal feeds, dewormers, supplements, chemicals and DCP for Kenyan farmers. Our
            team brings over {BUSINESS.yearsOfExperience} years of experience in livestock nutrition, and we deliver across
            the country.
          </p>
        </div>
      </section>

      <section aria-labelledby="story" className="mx-auto max-w-6xl px-4 py-10">
        <Heading id="story">Our story</Heading>
        <ol className="mt-6 space-y-6 border-l-2 border-brand-300 pl-6">
          {TIMELINE.map((t) => (
            <li key={t.year} className="relative">
              <span aria-hidden="true" className="absolute top-1.5 -left-[1.95rem] h-3.5 w-3.5 rounded-full border-2 border-white bg-brand-700" />
              <p className="font-bold text-earth-700">{t.year}</p>
              <h3 className="font-semibold text-stone-900">{t.title}</h3>
              <p className="mt-1 text-stone-700">{t.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="values" className="bg-white py-10">
        <div className="mx-auto max-w-6xl px-4">
          <Heading id="values">Our values</Heading>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {VALUES.map((v) => (
              <li key={v.title} className="rounded-lg border border-earth-200 bg-earth-50 p-5">
                <h3 className="font-semibold text-stone-900">{v.title}</h3>
                <p className="mt-2 text-sm text-stone-700">{v.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="team" className="mx-auto max-w-6xl px-4 py-10">
        <Heading id="team">Our team</Heading>
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {TEAM.map((m) => (
            <li key={m.name} className="rounded-lg border border-earth-200 bg-white p-5 text-center">
              <svg viewBox="0 0 80 80" width="80" height="80" className="mx-auto" aria-hidden="true" focusable="false">
                <circle cx="40" cy="40" r="40" fill={m.color} />
                <text x="40" y="49" textAnchor="middle" fontSize="26" fontWeight="700" fill="#fff" fontFamily="system-ui, sans-serif">
                  {m.initials}
                </text>
              </svg>
              <h3 className="mt-3 font-semibold text-stone-900">{m.name}</h3>
              <p className="text-sm font-semibold text-earth-700">{m.role}</p>
              <p className="mt-2 text-sm text-stone-700">{m.bio}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="bg-earth-100 py-10">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-4 px-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-lg font-semibold text-brand-900">Ready to feed your animals better?</p>
          <div className="flex flex-wrap gap-3">
            <Link to="/shop" className="inline-flex h-12 items-center rounded-md bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800">
              Visit the shop
            </Link>
            <Link
              to="/contact"
              className="inline-flex h-12 items-center rounded-md border-2 border-brand-700 bg-white px-6 font-semibold text-brand-800 hover:bg-brand-50"
            >
              Contact us
            </Link>
          </div>
        </div>
      </section>
    </>
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
