import type { ProductSummary } from '../../api/shapes';
import { QuantityStepper } from '../QuantityStepper';
import { AddToCartButton, AddToCartError, type Purchase } from './purchase';
import { SizePicker } from './SizePicker';

interface AddToCartProps {
  product: ProductSummary;
  purchase: Purchase;
  /** The button's size and layout classes. */
  size: string;
  /** Show how many are left of each size. */
  showStock?: boolean;
}

/** The size picker, the quantity and the Add to Cart button, with the reason when adding failed. */
export function AddToCart({ product, purchase, size, showStock = false }: AddToCartProps) {
  return (
    <>
      <SizePicker variants={product.variants} value={purchase.variantId} onChange={purchase.setVariantId} showStock={showStock} />
      <QuantityStepper value={purchase.quantity} onChange={purchase.setQuantity} />
      <AddToCartButton purchase={purchase} size={size} />
      <AddToCartError purchase={purchase} />
    </>
  );
}
