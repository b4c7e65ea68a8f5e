import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../shared/ui/button';
import { ErrorState } from '../../shared/ui/ErrorState';
import { Page } from '../../shared/ui/Page';
import { ProductCard, ProductCardSkeleton, type CardMode } from '../../shared/ui/product/ProductCard';
import { useCategories, useProducts } from '../../shared/api/catalog';
import { shopMessages } from './messages';
import type { Paginated, ProductCard as Card } from '../../shared/api/shapes';
import type { Resource } from '../../shared/hooks/useResource';
import { Pagination } from './Pagination';
import { ActiveFilters, ShopControls } from './ShopControls';
import { changeFilters, filtersToParams, PAGE_SIZE, parseFilters, productQuery, showingText, type ShopFilters } from './shopParams';

export default function ShopPage() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseFilters(params), [params]);
  const products = useProducts(productQuery(filters));
  const categories = useCategories();
  const [view, setView] = useState<CardMode>('grid');
  const m = shopMessages();

  const apply = (change: Partial<ShopFilters>) => setParams(filtersToParams(changeFilters(filters, change)));
  const goToPage = (page: number) => {
    apply({ page });
    window.scrollTo(0, 0);
  };

  const page = products.data;
  const loading = products.status === 'loading';
  const pages = page ? Math.ceil(page.count / PAGE_SIZE) : 0;

  return (
    <Page title={m.title}>
      <p className="mt-2 text-stone-700">{m.intro}</p>

      <ShopControls filters={filters} categories={categories.data ?? []} apply={apply} view={view} onView={setView} />
      <ActiveFilters filters={filters} apply={apply} />

      <p role="status" className="mt-6 min-h-6 text-stone-700">
        {loading ? m.loading : page ? showingText(filters.page, page.results.length, page.count, page.count_capped) : ''}
      </p>

      <Results products={products} pageNumber={filters.page} view={view} onGo={goToPage} />

      {page && pages > 1 && products.status !== 'error' && <Pagination current={filters.page} pages={pages} onGo={goToPage} />}
    </Page>
  );
}

interface ResultsProps {
  products: Resource<Paginated<Card>>;
  pageNumber: number;
  view: CardMode;
  onGo: (page: number) => void;
}

/** The products of the page, placeholders while the first page loads, or why there are none. */
function Results({ products, pageNumber, view, onGo }: ResultsProps) {
  const page = products.data;
  const loading = products.status === 'loading';
  const m = shopMessages();
  if (products.status === 'error') {
    return <ErrorState title={m.failed} error={products.error} onRetry={products.retry} className="mt-4" />;
  }
  if (page && !loading && page.count === 0) {
    return (
      <div className="mt-4 rounded-lg border border-earth-200 bg-white px-4 py-12 text-center">
        <h2 className="text-xl font-bold text-stone-900">{m.noneTitle}</h2>
        <p className="mt-2 text-stone-700">{m.noneHint}</p>
        <Link to="/shop" className={buttonClass({ className: 'mt-6' })}>
          {m.clearFilters}
        </Link>
      </div>
    );
  }
  if (page && !loading && page.results.length === 0) {
    return (
      <div className="mt-4 rounded-lg border border-earth-200 bg-white px-4 py-10 text-center">
        <p className="text-stone-800">{m.emptyPage(pageNumber)}</p>
        <button type="button" onClick={() => onGo(1)} className="mt-4 font-semibold text-brand-800 underline underline-offset-2">
          {m.firstPage}
        </button>
      </div>
    );
  }
  return (
    <ul
      aria-busy={loading}
      className={`mt-2 grid gap-3 sm:gap-4 ${view === 'grid' ? 'grid-cols-2 lg:grid-cols-3 xl:grid-cols-4' : 'grid-cols-1'} ${
        loading && page ? 'opacity-60' : ''
      }`}
    >
      {page
        ? page.results.map((p, i) => (
            <li key={p.id}>
              <ProductCard product={p} mode={view} headingLevel={2} eager={i < 4} />
            </li>
          ))
        : Array.from({ length: 8 }, (_, i) => (
            <li key={i}>
              <ProductCardSkeleton mode={view} />
            </li>
          ))}
    </ul>
  );
}
