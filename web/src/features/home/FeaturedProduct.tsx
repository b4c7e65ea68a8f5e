import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorState } from '../../shared/ui/ErrorState';
import { ProductImage } from '../../shared/ui/ProductImage';
import { QuantityStepper } from '../../shared/ui/QuantityStepper';
import { Stars } from '../../shared/ui/Stars';
import { componentsMessages } from '../../shared/i18n/messages/components';
import { homeMessages } from './messages';
import { formatKsh } from '../../shared/domain/money';
import type { ProductSummary } from '../../shared/api/shapes';
import { useNearScreen } from '../../shared/hooks/useNearScreen';
import { useAddToCart } from '../../shared/hooks/useAddToCart';
import { useCategories, useProducts } from '../../shared/api/catalog';
import { ProductBadges, StockBadge } from '../../shared/ui/product/Badges';
import { cardVariant, categoryTrail, productPath } from '../../shared/domain/product';
import { SizePicker } from '../../shared/ui/product/SizePicker';

const FEATURED = { featured: 'featured', page: 1, page_size: 1 } as const;

/** docs/product.md section 2, the featured-product panel: chips, size, quantity, add, checkout. */
export function FeaturedProduct() {
  const { ref, near } = useNearScreen<HTMLDivElement>();
  return (
    <section aria-labelledby="featured-product" className="bg-white py-10">
      <div ref={ref} className="mx-auto max-w-6xl px-4">
        <h2 id="featured-product" className="mb-6 text-2xl font-bold text-brand-900">
          {homeMessages().featured.title}
        </h2>
        {near ? <FeaturedContent /> : <PanelSkeleton />}
      </div>
    </section>
  );
}

function PanelSkeleton() {
  return (
    <div role="status" aria-label={homeMessages().featured.loading} className="grid min-h-96 animate-pulse gap-6 md:grid-cols-2">
      <div className="aspect-square rounded-lg bg-earth-100" />
      <div className="space-y-3">
        <div className="h-8 w-2/3 rounded bg-earth-200" />
        <div className="h-24 rounded bg-earth-100" />
      </div>
    </div>
  );
}

function FeaturedContent() {
  const featured = useProducts(FEATURED);
  const product = featured.data?.results[0];
  const m = homeMessages().featured;
  if (featured.status === 'error') {
    return <ErrorState title={m.failed} error={featured.error} onRetry={featured.retry} />;
  }
  if (!featured.data) return <PanelSkeleton />;
  if (!product) {
    return (
      <p className="text-stone-700">
        {m.none} <Link to="/shop" className="font-semibold text-brand-800 underline">{m.browse}</Link>.
      </p>
    );
  }
  return <Panel key={product.id} product={product} />;
}

function Panel({ product }: { product: ProductSummary }) {
  const navigate = useNavigate();
  const categories = useCategories();
  const [variantId, setVariantId] = useState(cardVariant(product)?.id);
  const [quantity, setQuantity] = useState(1);
  const { state, error, addToCart } = useAddToCart();
  const variant = product.variants.find((v) => v.id === variantId);
  const canAdd = !!variant && variant.stock > 0 && state !== 'adding';
  const chips = categoryTrail(categories.data, product.category);
  const m = homeMessages().featured;
  const c = componentsMessages();

  const button = 'inline-flex h-12 items-center sm:flex-1 justify-center rounded-md px-5 font-semibold disabled:cursor-not-allowed';
  return (
    <div className="grid gap-6 md:grid-cols-2 md:gap-10">
      <ProductImage image={product.images[0]} name={product.name} className="rounded-lg bg-earth-100" />
      <div className="flex flex-col gap-4">
        <ul className="flex min-h-11 flex-wrap gap-2" aria-label={m.categories}>
          {chips.map((c) => (
            <li key={c.id}>
              <Link
                to={`/shop?category=${encodeURIComponent(c.slug)}`}
                className="inline-flex min-h-11 items-center rounded-full border border-brand-300 bg-brand-50 px-3 text-sm font-semibold text-brand-900 hover:bg-brand-100"
              >
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <StockBadge product={product} />
          <ProductBadges product={product} />
        </div>
        <h3 className="text-2xl font-bold text-stone-900">
          <Link to={productPath(product)} className="inline-flex min-h-11 items-center hover:text-brand-800 hover:underline">
            {product.name}
          </Link>
        </h3>
        {product.rating !== null && (
          <p className="flex items-center gap-2 text-sm text-stone-700">
            <Stars rating={product.rating} /> {c.reviewCount(product.review_count)}
          </p>
        )}
        <p className="text-stone-700">{product.description}</p>
        <p className="text-3xl font-bold text-brand-900">{formatKsh(variant?.price ?? product.base_price)}</p>
        <SizePicker variants={product.variants} value={variantId} onChange={setVariantId} />
        <QuantityStepper value={quantity} onChange={setQuantity} />
        <div className="flex flex-col gap-3 sm:flex-row">
          <button
            type="button"
            disabled={!canAdd}
            onClick={() => variant && void addToCart(variant.id, quantity)}
            className={`${button} bg-brand-700 text-white hover:bg-brand-800 disabled:bg-stone-300 disabled:text-stone-700`}
          >
            {state === 'added' ? c.addedToCart : c.addToCart}
          </button>
          <button
            type="button"
            disabled={!canAdd}
            onClick={async () => {
              if (variant && (await addToCart(variant.id, quantity))) navigate('/checkout');
            }}
            className={`${button} bg-earth-400 text-earth-900 hover:bg-earth-300 disabled:bg-stone-300 disabled:text-stone-700`}
          >
            {m.checkout}
          </button>
        </div>
        {error && (
          <p role="alert" className="text-sm text-red-800">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
