import { Link } from 'react-router';
import { BUSINESS, pageTitle } from '../../app/business';
import { PRODUCT_LINKS } from '../../app/navigation';

// The home page is in the first bundle (every other page loads on demand): keep it light.
export function HomePage() {
  return (
    <>
      <title>{pageTitle()}</title>
      <section className="bg-brand-800 text-white">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
          <h1 className="max-w-2xl text-3xl font-bold tracking-tight sm:text-5xl">
            Healthy animals, better harvests
          </h1>
          <p className="mt-4 max-w-xl text-lg text-brand-100">
            Animal feeds, dewormers, supplements, chemicals and DCP for Kenyan farmers. Over{' '}
            {BUSINESS.yearsOfExperience} years of experience and delivery across Kenya. Pay with M-Pesa.
          </p>
          <Link
            to="/shop"
            className="mt-8 inline-flex h-12 items-center rounded-md bg-earth-400 px-6 text-lg font-semibold text-earth-900 hover:bg-earth-300"
          >
            Shop Now
          </Link>
        </div>
      </section>

      <section aria-labelledby="home-categories" className="mx-auto max-w-6xl px-4 py-10">
        <h2 id="home-categories" className="text-xl font-bold text-brand-900">
          Shop by category
        </h2>
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {PRODUCT_LINKS.map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                className="flex h-full min-h-16 items-center justify-center rounded-lg border border-earth-200 bg-white p-4 text-center font-semibold text-brand-800 shadow-sm hover:border-brand-400 hover:bg-brand-50"
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
