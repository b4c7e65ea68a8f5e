import { useId } from 'react';
import { Link } from 'react-router';
import { componentsMessages } from '../../i18n/messages/components';
import { formatKsh } from '../../domain/money';
import { productPath } from '../../domain/product';
import type { ProductSummary } from '../../api/shapes';
import { Dialog } from '../Dialog';
import { CloseIcon } from '../icons';
import { ProductImage } from '../ProductImage';
import { AddToCart } from './AddToCart';
import { usePurchase } from './purchase';
import { ProductBadges, StockBadge } from './Badges';

interface QuickViewProps {
  product: ProductSummary;
  onClose: () => void;
}

/** A product at a glance, over the page: size, quantity and add to cart. */
export default function QuickView({ product, onClose }: QuickViewProps) {
  const titleId = useId();
  const purchase = usePurchase(product);
  const m = componentsMessages();

  return (
    <Dialog labelledBy={titleId} onClose={onClose} className="max-w-3xl">
      <div className="relative grid gap-5 p-5 sm:grid-cols-2 sm:p-6">
        <button
          type="button"
          onClick={onClose}
          aria-label={m.close}
          className="absolute top-2 right-2 inline-flex h-11 w-11 items-center justify-center rounded-md text-stone-700 hover:bg-stone-100"
        >
          <CloseIcon />
        </button>
        <ProductImage image={product.images[0]} name={product.name} eager className="rounded-lg bg-earth-100" />
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap gap-2 pr-10">
            <StockBadge product={product} />
            <ProductBadges product={product} />
          </div>
          <h2 id={titleId} className="text-xl font-bold text-brand-900">
            {product.name}
          </h2>
          <p className="text-2xl font-bold text-brand-900">{formatKsh(purchase.variant?.price ?? product.base_price)}</p>
          <p className="text-sm text-stone-700">{product.description}</p>
          <AddToCart product={product} purchase={purchase} size="h-12 px-5" />
          <Link to={productPath(product)} className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900">
            {m.fullDetails}
          </Link>
        </div>
      </div>
    </Dialog>
  );
}
