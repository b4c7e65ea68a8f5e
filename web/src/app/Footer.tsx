import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Later } from '../components/Later';
import { NewsletterForm } from '../features/content/NewsletterForm';
import { BUSINESS } from '../lib/business';
import { DataSaverToggle } from './DataSaverToggle';
import { MAIN_NAV, PRODUCT_LINKS } from './navigation';

const linkClass = 'rounded-sm text-brand-100 underline-offset-2 hover:text-white hover:underline';

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2 className="text-base font-semibold text-white">{title}</h2>
      <div className="mt-3 space-y-2 text-sm">{children}</div>
    </section>
  );
}

function LinkList({ items }: { items: readonly { to: string; label: string }[] }) {
  return (
    <ul className="space-y-2">
      {items.map((item) => (
        <li key={item.to}>
          <Link to={item.to} className={linkClass}>
            {item.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The footer is far down every page: it is built just after the page's first view. */
export function Footer() {
  return (
    <Later>
      <FooterContent />
    </Later>
  );
}

function FooterContent() {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-auto bg-brand-900 text-brand-100">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <Column title="Products">
          <LinkList items={PRODUCT_LINKS} />
        </Column>

        <Column title="Contact Us">
          <ul className="space-y-2">
            <li>
              Phone:{' '}
              <a href={BUSINESS.phoneHref} className={linkClass}>
                {BUSINESS.phone}
              </a>
            </li>
            <li>
              Email:{' '}
              <a href={BUSINESS.emailHref} className={linkClass}>
                {BUSINESS.email}
              </a>
            </li>
            <li>
              <a href={BUSINESS.whatsappUrl} className={linkClass} target="_blank" rel="noopener noreferrer">
                Chat with us on WhatsApp
              </a>
            </li>
          </ul>
          <address className="not-italic">{BUSINESS.address}</address>
        </Column>

        <Column title="Navigation">
          <LinkList items={[...MAIN_NAV, { to: '/cart', label: 'Cart' }, { to: '/account', label: 'My Account' }, { to: '/track', label: 'Track your order' }]} />
        </Column>

        <Column title="Our Company">
          <p>
            Quality livestock nutrition for Kenyan farmers for over {BUSINESS.yearsOfExperience} years, with
            delivery across the country.
          </p>
          <LinkList
            items={[
              { to: '/about', label: 'About Us' },
              { to: '/terms', label: 'Terms & Conditions' },
              { to: '/privacy', label: 'Privacy Policy' },
            ]}
          />
        </Column>
      </div>

      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 pb-10 sm:flex-row sm:items-start sm:justify-between">
        <NewsletterForm />
        <DataSaverToggle />
        <section>
          <h2 className="text-base font-semibold text-white">Follow us</h2>
          <ul className="mt-3 flex flex-wrap gap-2 text-sm">
            {BUSINESS.social.map((s) => (
              <li key={s.name}>
                <a
                  href={s.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex min-h-11 items-center rounded-md border border-brand-700 px-3 text-brand-100 hover:bg-brand-800 hover:text-white"
                >
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <div className="border-t border-brand-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-5 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {year} {BUSINESS.name}. All rights reserved.
          </p>
          <div className="flex items-center gap-2">
            <span>We accept</span>
            <ul className="flex gap-2" aria-label="Payment methods">
              <li className="rounded bg-white px-2 py-0.5 font-bold text-brand-800">M-Pesa</li>
              <li className="rounded bg-white px-2 py-0.5 font-bold text-stone-800">Card</li>
            </ul>
          </div>
        </div>
      </div>
    </footer>
  );
}
