import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Later } from '../shared/ui/Later';
import { NewsletterForm } from '../features/content/NewsletterForm';
import { BUSINESS } from '../shared/domain/business';
import { DataSaverToggle } from './DataSaverToggle';
import { appMessages } from '../shared/i18n/messages/app';
import { LanguageSwitch } from '../shared/ui/LanguageSwitch';
import { mainNav, productLinks } from './navigation';

const linkClass = 'inline-flex min-h-11 min-w-11 items-center rounded-sm text-brand-100 underline-offset-2 hover:text-white hover:underline';

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
    <ul>
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
  const m = appMessages();
  const f = m.footer;
  return (
    <footer className="mt-auto bg-brand-900 text-brand-100">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <Column title={f.products}>
          <LinkList items={productLinks()} />
        </Column>

        <Column title={f.contactUs}>
          <ul>
            <li>
              {f.phone}{' '}
              <a href={BUSINESS.phoneHref} className={linkClass}>
                {BUSINESS.phone}
              </a>
            </li>
            <li>
              {f.email}{' '}
              <a href={BUSINESS.emailHref} className={linkClass}>
                {BUSINESS.email}
              </a>
            </li>
            <li>
              <a href={BUSINESS.whatsappUrl} className={linkClass} target="_blank" rel="noopener noreferrer">
                {f.whatsapp}
              </a>
            </li>
          </ul>
          <address className="not-italic">{BUSINESS.address}</address>
        </Column>

        <Column title={f.navigation}>
          <LinkList items={[...mainNav(), { to: '/cart', label: m.cart }, { to: '/account', label: f.myAccount }]} />
        </Column>

        <Column title={f.company}>
          <p>{f.about(BUSINESS.yearsOfExperience)}</p>
          <LinkList
            items={[
              { to: '/about', label: f.aboutUs },
              { to: '/terms', label: f.terms },
              { to: '/privacy', label: f.privacy },
            ]}
          />
        </Column>
      </div>

      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 pb-10 sm:flex-row sm:flex-wrap sm:items-start sm:justify-between">
        <NewsletterForm />
        <DataSaverToggle />
        <section>
          <h2 className="text-base font-semibold text-white">{m.language}</h2>
          <div className="mt-3">
            <LanguageSwitch dark />
          </div>
        </section>
        <section>
          <h2 className="text-base font-semibold text-white">{f.followUs}</h2>
          <ul className="mt-3 flex flex-wrap gap-2 text-sm">
            {BUSINESS.social.map((s) => (
              <li key={s.name}>
                <a
                  href={s.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border border-brand-700 px-3 text-brand-100 hover:bg-brand-800 hover:text-white"
                >
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <div className="border-t border-brand-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-5 text-sm sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
          <p>{f.rights(year, BUSINESS.name)}</p>
          <div className="flex items-center gap-2">
            <span>{f.weAccept}</span>
            <ul className="flex gap-2" aria-label={f.paymentMethods}>
              <li className="rounded bg-white px-2 py-0.5 font-bold text-brand-800">M-Pesa</li>
            </ul>
          </div>
        </div>
      </div>
    </footer>
  );
}
