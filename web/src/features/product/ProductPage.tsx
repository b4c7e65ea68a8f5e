import { useState, type MouseEvent } from 'react';
import { Link, useParams } from 'react-router';
import { buttonClass } from '../../shared/ui/button';
import { ErrorState } from '../../shared/ui/ErrorState';
import { AddToCart } from '../../shared/ui/product/AddToCart';
import { usePurchase } from '../../shared/ui/product/purchase';
import { ProductBadges, StockBadge } from '../../shared/ui/product/Badges';
import { ProductCard, ProductCardSkeleton } from '../../shared/ui/product/ProductCard';
import { ProductImage } from '../../shared/ui/ProductImage';
import { Stars } from '../../shared/ui/Stars';
import { ApiError } from '../../shared/api/api';
import { pageTitle, whatsappShare, whatsappTo } from '../../shared/domain/business';
import { fetchProduct, useCategories, useProducts } from '../../shared/api/catalog';
import { formatDate } from '../../shared/domain/dates';
import { componentsMessages } from '../../shared/i18n/messages/components';
import { productMessages } from './messages';
import { formatKsh } from '../../shared/domain/money';
import { categoryTrail } from '../../shared/domain/product';
import type { Product } from '../../shared/api/shapes';
import { useResource } from '../../shared/hooks/useResource';
import { productQuestion } from '../../shared/domain/whatsapp';
import { ReviewForm } from './ReviewForm';

export default function ProductPage() {
  const { slug = '' } = useParams();
  const product = useResource(`product:${slug}`, (signal) => fetchProduct(slug, { signal }));
  const m = productMessages();

  if (product.status === 'error' && product.error instanceof ApiError && product.error.status === 404) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-16 text-center">
        <title>{pageTitle(m.notFound)}</title>
        <h1 className="text-2xl font-bold text-brand-900">{m.notFound}</h1>
        <p className="mt-3 text-stone-700">{m.notFoundText}</p>
        <Link to="/shop" className={buttonClass({ className: 'mt-6' })}>
          {m.backToShop}
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-10">
      {product.status === 'error' ? (
        <>
          <title>{pageTitle(m.product)}</title>
          <BackLink />
          <ErrorState title={m.failed} error={product.error} onRetry={product.retry} className="mt-6" />
        </>
      ) : product.data && product.data.slug === slug ? (
        <Details key={product.data.id} product={product.data} />
      ) : (
        <DetailsSkeleton />
      )}
    </div>
  );
}

function BackLink() {
  return (
    <Link to="/shop" className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-800 hover:underline">
      <span aria-hidden="true">←</span> {productMessages().backToShop}
    </Link>
  );
}

function DetailsSkeleton() {
  return (
    <div role="status" aria-label={productMessages().loading}>
      <div className="h-11" />
      <div className="mt-4 grid animate-pulse gap-8 md:grid-cols-2">
        <div className="aspect-square rounded-lg bg-earth-100" />
        <div className="space-y-4">
          <div className="h-9 w-3/4 rounded bg-earth-200" />
          <div className="h-8 w-1/3 rounded bg-earth-200" />
          <div className="h-24 rounded bg-earth-100" />
        </div>
      </div>
    </div>
  );
}

function Details({ product }: { product: Product }) {
  const categories = useCategories();
  const [imageIndex, setImageIndex] = useState(0);
  const purchase = usePurchase(product);
  const variant = purchase.variant;
  const trail = categoryTrail(categories.data, product.category);
  const image = product.images[imageIndex] ?? product.images[0];
  const m = productMessages();

  return (
    <>
      <title>{pageTitle(product.name)}</title>
      <nav aria-label={m.breadcrumb} className="text-sm">
        <ol className="flex flex-wrap items-center gap-x-1 text-stone-700">
          <li>
            <Link to="/" className="inline-flex min-h-11 min-w-11 items-center justify-center hover:underline">{m.home}</Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to="/shop" className="inline-flex min-h-11 min-w-11 items-center justify-center hover:underline">{m.shop}</Link>
          </li>
          {trail.map((c) => (
            <li key={c.id} className="contents">
              <span aria-hidden="true">/</span>
              <Link to={`/shop?category=${encodeURIComponent(c.slug)}`} className="inline-flex min-h-11 min-w-11 items-center justify-center hover:underline">
                {c.name}
              </Link>
            </li>
          ))}
        </ol>
      </nav>

      <div className="mt-4 grid gap-8 md:grid-cols-2">
        <div>
          <ProductImage image={image} name={product.name} eager className="rounded-lg border border-earth-200 bg-earth-100" />
          {product.images.length > 1 && (
            <ul className="mt-3 flex gap-2" aria-label={m.morePictures}>
              {product.images.map((im, i) => (
                <li key={im.id} className="w-20">
                  <button
                    type="button"
                    onClick={() => setImageIndex(i)}
                    aria-pressed={i === imageIndex}
                    aria-label={m.picture(i + 1)}
                    className="block rounded-md border-2 border-transparent aria-pressed:border-brand-700"
                  >
                    <ProductImage image={im} name={product.name} className="rounded" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>

        <div className="flex flex-col gap-4">
          <div className="flex flex-wrap gap-2">
            <StockBadge product={product} />
            <ProductBadges product={product} />
          </div>
          <h1 className="text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl">{product.name}</h1>
          {product.rating !== null && (
            <a href="#reviews" className="flex min-h-11 items-center gap-2 text-sm text-stone-700 hover:underline">
              <Stars rating={product.rating} /> {componentsMessages().reviewCount(product.review_count)}
            </a>
          )}
          <p className="text-3xl font-bold text-brand-900">
            {formatKsh(variant?.price ?? product.base_price)}
            {variant && <span className="ml-2 text-base font-normal text-stone-700">{m.forSize(variant.size)}</span>}
          </p>
          <p className="text-stone-800">{product.description}</p>
          <AddToCart product={product} purchase={purchase} size="h-12 px-6 text-lg sm:self-start" showStock />
          {variant && <p className="text-sm text-stone-700">{m.sku(variant.sku)}</p>}
          <p className="text-sm text-stone-700">{m.delivery}</p>
          <AskAndShare name={product.name} />
          <BackLink />
        </div>
      </div>

      <section id="reviews" aria-labelledby="reviews-title" className="mt-12">
        <h2 id="reviews-title" className="text-xl font-bold text-brand-900">
          {m.reviews}
        </h2>
        {product.reviews.length === 0 ? (
          <p className="mt-2 text-stone-700">{m.noReviews}</p>
        ) : (
          <ul className="mt-4 grid gap-4 md:grid-cols-2">
            {product.reviews.map((r) => (
              <li key={r.id} className="rounded-lg border border-earth-200 bg-white p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-semibold text-stone-900">{r.name}</span>
                  <Stars rating={r.rating} />
                </div>
                {r.comment && <p className="mt-2 text-stone-800">{r.comment}</p>}
                <p className="mt-2 text-sm text-stone-700">
                  <time dateTime={r.created_at}>{formatDate(r.created_at)}</time>
                </p>
              </li>
            ))}
          </ul>
        )}
        <ReviewForm productId={product.id} />
      </section>

      {categories.status !== 'error' && <Related product={product} categorySlug={trail[trail.length - 1]?.slug} />}
    </>
  );
}

function Related({ product, categorySlug }: { product: Product; categorySlug: string | undefined }) {
  const related = useProducts(categorySlug ? { category: categorySlug, page: 1, page_size: 5 } : null);
  const list = related.data?.results.filter((p) => p.id !== product.id).slice(0, 4);
  const m = productMessages();
  if (related.status === 'success' && list?.length === 0) return null;
  return (
    <section aria-labelledby="related-title" className="mt-12">
      <h2 id="related-title" className="text-xl font-bold text-brand-900">
        {m.related}
      </h2>
      {related.status === 'error' ? (
        <ErrorState title={m.relatedFailed} error={related.error} onRetry={related.retry} className="mt-4" />
      ) : (
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {list
            ? list.map((p) => (
                <li key={p.id}>
                  <ProductCard product={p} />
                </li>
              ))
            : Array.from({ length: 4 }, (_, i) => (
                <li key={i}>
                  <ProductCardSkeleton />
                </li>
              ))}
        </ul>
      )}
    </section>
  );
}

/** "Ask on WhatsApp" (to the shop) and "Share" (the phone's share sheet, or WhatsApp's). */
function AskAndShare({ name }: { name: string }) {
  const url = typeof window === 'undefined' ? '' : window.location.origin + window.location.pathname;
  const share = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (!navigator.share) return; // the link opens WhatsApp's own share
    event.preventDefault();
    try {
      await navigator.share({ title: name, url });
    } catch {
      // The farmer closed the share sheet: nothing to do.
    }
  };
  const m = productMessages();
  const linkClass =
    'inline-flex h-11 items-center justify-center rounded-md border-2 border-brand-700 bg-white px-4 font-semibold text-brand-800 hover:bg-brand-50';
  return (
    <p className="flex flex-wrap gap-3">
      <a href={whatsappTo(productQuestion(name, url))} target="_blank" rel="noopener noreferrer" className={linkClass}>
        {m.ask}
      </a>
      <a href={whatsappShare(`${name}: ${url}`)} target="_blank" rel="noopener noreferrer" onClick={share} className={linkClass}>
        {m.share}
      </a>
    </p>
  );
}
