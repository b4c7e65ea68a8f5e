import { lazy, Suspense, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { componentsMessages } from '../../i18n/messages/components';
import { formatKsh } from '../../domain/money';
import { productPath } from '../../domain/product';
import type { ProductSummary } from '../../api/shapes';
import { ProductImage } from '../ProductImage';
import { AddToCartButton, AddToCartError, usePurchase } from './purchase';
import { ProductBadges, StockBadge } from './Badges';

// The quick view is code most visits never need: it loads on first use (and is fetched
// early when a pointer or focus reaches a Quick View button).
const loadQuickView = () => import('./QuickView');
const QuickView = lazy(loadQuickView);

export type CardMode = 'grid' | 'list';

interface ProductCardProps {
  product: ProductSummary;
  mode?: CardMode;
  /** The level of the product name's heading, below the section's. */
  headingLevel?: 2 | 3;
  /** Above the fold: load the picture at once. */
  eager?: boolean;
}

const buttonBase =
  'inline-flex min-h-11 items-center justify-center rounded-md px-3 text-sm font-semibold disabled:cursor-not-allowed';

export function ProductCard({ product, mode = 'grid', headingLevel = 3, eager = false }: ProductCardProps) {
  const nameId = useId();
  const [quickView, setQuickView] = useState(false);
  const quickViewButton = useRef<HTMLButtonElement>(null);
  const purchase = usePurchase(product);
  const variant = purchase.variant;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const list = mode === 'list';
  const m = componentsMessages();

  return (
    <article
      className={`flex h-full rounded-lg border border-earth-200 bg-white shadow-sm ${list ? 'flex-row gap-3 p-3 sm:gap-5' : 'flex-col'}`}
    >
      <div className={`relative shrink-0 ${list ? 'w-28 sm:w-40' : ''}`}>
        <ProductImage image={product.images[0]} name={product.name} eager={eager} className="rounded-t-lg bg-earth-100" />
        {!list && (
          <div className="absolute top-2 left-2">
            <ProductBadges product={product} vertical />
          </div>
        )}
      </div>
      <div className={`flex min-w-0 flex-1 flex-col gap-2 ${list ? '' : 'p-3'}`}>
        <div className="flex flex-wrap items-center gap-2">
          <StockBadge product={product} />
          {list && <ProductBadges product={product} />}
        </div>
        <Heading id={nameId} className="text-base leading-snug font-semibold text-stone-900">
          <Link to={productPath(product)} className="flex min-h-11 items-center hover:text-brand-800 hover:underline">
            {product.name}
          </Link>
        </Heading>
        <p className={`text-sm text-stone-700 ${list ? 'line-clamp-3' : 'line-clamp-2'}`}>{product.description}</p>
        <p className="text-lg font-bold text-brand-900">
          {formatKsh(variant?.price ?? product.base_price)}
          {variant && <span className="ml-1 text-sm font-normal whitespace-nowrap text-stone-700">/ {variant.size}</span>}
        </p>
        <div className={`mt-auto flex gap-2 ${list ? 'flex-wrap' : 'flex-col min-[420px]:flex-row'}`}>
          <button
            ref={quickViewButton}
            type="button"
            aria-describedby={nameId}
            onPointerEnter={() => void loadQuickView()}
            onFocus={() => void loadQuickView()}
            onClick={() => setQuickView(true)}
            className={`${buttonBase} flex-1 border border-brand-700 bg-white text-brand-800 hover:bg-brand-50`}
          >
            {m.quickView}
          </button>
          <AddToCartButton
            purchase={purchase}
            aria-describedby={nameId}
            size="min-h-11 flex-1 px-3 text-sm"
            addedText={list ? m.added : m.addedToCart}
          />
        </div>
        <AddToCartError purchase={purchase} />
      </div>
      {quickView && (
        <Suspense fallback={null}>
          <QuickView product={product} onClose={() => setQuickView(false)} />
        </Suspense>
      )}
    </article>
  );
}

/** A card-shaped placeholder while products load, so the page does not jump. */
export function ProductCardSkeleton({ mode = 'grid' }: { mode?: CardMode }) {
  return (
    <div
      aria-hidden="true"
      className={`animate-pulse rounded-lg border border-earth-200 bg-white ${mode === 'list' ? 'flex gap-3 p-3' : ''}`}
    >
      <div className={`aspect-square rounded-t-lg bg-earth-100 ${mode === 'list' ? 'w-28 sm:w-40' : 'w-full'}`} />
      <div className="flex-1 space-y-2 p-3">
        <div className="h-4 w-3/4 rounded bg-earth-200" />
        <div className="h-3 w-full rounded bg-earth-100" />
        <div className="h-3 w-5/6 rounded bg-earth-100" />
        <div className="h-5 w-1/3 rounded bg-earth-200" />
        <div className="h-11 rounded bg-earth-100" />
      </div>
    </div>
  );
}
