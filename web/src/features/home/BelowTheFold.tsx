import { FeaturedProduct } from './FeaturedProduct';
import { LocationSection, Strengths } from './InfoSections';
import { FeaturedCollection } from './ProductSections';
import { Testimonials } from './Testimonials';

// The home page's sections below the first screen, in a chunk of their own: a first visit
// fetches them after the page's first view (docs/benchmarks.md, the first-load budget).
export default function BelowTheFold() {
  return (
    <>
      <FeaturedCollection />
      <FeaturedProduct />
      <Testimonials />
      <Strengths />
      <LocationSection />
    </>
  );
}
