import { Link, useLocation } from 'react-router';
import { BUSINESS, pageTitle } from '../../shared/domain/business';
import { Later } from '../../shared/ui/Later';
import { homeMessages } from './messages';
import { CategoriesBar } from './CategoriesBar';
import { FeaturedProduct } from './FeaturedProduct';
import { ChatLink, LocationSection, Strengths } from './InfoSections';
import { FeaturedCollection, NewProducts } from './ProductSections';
import { Testimonials } from './Testimonials';

// The home page is in the first bundle (every other page loads on demand): keep it light.
// Its sections follow docs/product.md section 2 in order.
export function HomePage() {
  const { pathname } = useLocation();
  const m = homeMessages();
  return (
    <>
      <title>{pageTitle()}</title>
      {pathname === '/' && <CategoriesBar />}
      <section className="bg-brand-800 text-white">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:py-20">
          <h1 className="max-w-2xl text-3xl font-bold tracking-tight sm:text-5xl">{m.heroTitle}</h1>
          <p className="mt-4 max-w-xl text-lg text-brand-100">
            {m.heroText(BUSINESS.yearsOfExperience)}
          </p>
          <Link
            to="/shop"
            className="mt-8 inline-flex h-12 items-center rounded-md bg-earth-400 px-6 text-lg font-semibold text-earth-900 hover:bg-earth-300"
          >
            {m.shopNow}
          </Link>
        </div>
      </section>
      <NewProducts />
      <Later>
        <FeaturedCollection />
        <FeaturedProduct />
        <Testimonials />
        <Strengths />
        <LocationSection />
      </Later>
      <ChatLink />
    </>
  );
}
