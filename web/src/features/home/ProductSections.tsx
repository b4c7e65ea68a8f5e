import { Link } from 'react-router';
import { Carousel } from '../../shared/ui/Carousel';
import { ErrorState } from '../../shared/ui/ErrorState';
import { useNearScreen } from '../../shared/hooks/useNearScreen';
import { useProducts } from '../../shared/api/catalog';
import { homeMessages } from './messages';
import { ProductCard, ProductCardSkeleton } from '../../shared/ui/product/ProductCard';

const NEW_PRODUCTS = { featured: 'new-arrivals', page: 1, page_size: 8 } as const; // docs/product.md section 9: up to 8
const FEATURED_COLLECTION = { page: 1, page_size: 12 } as const; // docs/product.md section 9: the first 12

/**
 * Sections far down the page: the browser skips their layout and painting until they come
 * near the screen, which saves a slow phone much of the work of the first view.
 */
export const BELOW_THE_FOLD = '[content-visibility:auto] [contain-intrinsic-size:auto_900px]';

const moreLink =
  'inline-flex min-h-11 items-center rounded-md px-3 font-semibold text-brand-800 underline underline-offset-4 hover:bg-brand-50 hover:text-brand-900';

function SectionHeading({ id, title, link }: { id: string; title: string; link: { to: string; label: string } }) {
  return (
    <div className="mb-4 flex items-end justify-between gap-4">
      <h2 id={id} className="text-2xl font-bold text-brand-900">
        {title}
      </h2>
      <Link to={link.to} className={moreLink}>
        {link.label}
      </Link>
    </div>
  );
}

export function NewProducts() {
  const products = useProducts(NEW_PRODUCTS);
  const list = products.data?.results;
  const m = homeMessages();
  return (
    <section aria-labelledby="new-products" className="mx-auto max-w-6xl px-2 py-10 sm:px-4">
      <div className="px-2">
        <SectionHeading id="new-products" title={m.newProducts} link={{ to: '/shop?featured=new-arrivals', label: m.viewAll }} />
      </div>
      {products.status === 'error' ? (
        <ErrorState title={m.newProductsFailed} error={products.error} onRetry={products.retry} className="mx-2" />
      ) : !list ? (
        <div role="status" aria-label={m.newProductsLoading} className="flex overflow-hidden">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="shrink-0 basis-full px-2 sm:basis-1/2 lg:basis-1/3 xl:basis-1/4">
              <ProductCardSkeleton />
            </div>
          ))}
        </div>
      ) : list.length === 0 ? (
        <p className="px-2 text-stone-700">{m.newProductsNone}</p>
      ) : (
        <Carousel
          label={m.newProducts}
          three
          items={list}
          itemKey={(p) => p.id}
          intervalMs={5000}
          renderItem={(p, i) => <ProductCard product={p} eager={i === 0} />}
        />
      )}
    </section>
  );
}

export function FeaturedCollection() {
  const { ref, near } = useNearScreen<HTMLDivElement>();
  const m = homeMessages();
  return (
    <section aria-labelledby="featured-collection" className="mx-auto max-w-6xl px-4 py-10">
      <SectionHeading id="featured-collection" title={m.collection} link={{ to: '/shop', label: m.viewMore }} />
      <div ref={ref}>{near ? <CollectionGrid /> : <GridSkeleton />}</div>
    </section>
  );
}

function GridSkeleton() {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-4" aria-busy="true">
      {Array.from({ length: 4 }, (_, i) => (
        <li key={i}>
          <ProductCardSkeleton />
        </li>
      ))}
    </ul>
  );
}

function CollectionGrid() {
  const products = useProducts(FEATURED_COLLECTION);
  const list = products.data?.results;
  if (products.status === 'error') {
    return <ErrorState title={homeMessages().collectionFailed} error={products.error} onRetry={products.retry} />;
  }
  if (!list) return <GridSkeleton />;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-4">
      {list.map((p) => (
        <li key={p.id}>
          <ProductCard product={p} />
        </li>
      ))}
    </ul>
  );
}
