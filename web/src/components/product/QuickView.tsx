import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Dialog } from '../Dialog';
import { ProductImage } from '../ProductImage';
import { QuantityStepper } from '../QuantityStepper';
import { CloseIcon } from '../icons';
import { formatKsh } from '../../lib/money';
import type { Product } from '../../lib/types';
import { useAddToCart } from '../../lib/useAddToCart';
import { ProductBadges, StockBadge } from './Badges';
import { cardVariant, productPath } from '../../lib/product';
import { SizePicker } from './SizePicker';

interface QuickViewProps {
  product: Product;
  onClose: () => void;
}

/** A product at a glance, over the page: size, quantity and add to cart. */
export default function QuickView({ product, onClose }: QuickViewProps) {
  const titleId = useId();
  const [variantId, setVariantId] = useState<number | undefined>(cardVariant(product)?.id);
  const [quantity, setQuantity] = useState(1);
  const { state, error, addToCart } = useAddToCart();
  const variant = product.variants.find((v) => v.id === variantId);
  // SPEC.md section 5: disabled with no variant or with stock 0.
  const canAdd = !!variant && variant.stock > 0 && state !== 'adding';

  return (
    <Dialog labelledBy={titleId} onClose={onClose} className="max-w-3xl">
      <div className="relative grid gap-5 p-5 sm:grid-cols-2 sm:p-6">
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
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
          <p className="text-2xl font-bold text-brand-900">{formatKsh(variant?.price ?? product.base_price)}</p>
          <p className="text-sm text-stone-700">{product.description}</p>
          <SizePicker variants={product.variants} value={variantId} onChange={setVariantId} />
          <QuantityStepper value={quantity} onChange={setQuantity} />
          <button
            type="button"
            disabled={!canAdd}
            onClick={() => variant && void addToCart(variant.id, quantity)}
            className="inline-flex h-12 items-center justify-center rounded-md bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-700"
          >
            {state === 'added' ? 'Added to Cart!' : 'Add to Cart'}
          </button>
          {error && (
            <p role="alert" className="text-sm text-red-800">
              {error}
            </p>
          )}
          <Link to={productPath(product)} className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900">
            View full details
          </Link>
        </div>
      </div>
    </Dialog>
  );
}
