import { useState, type ButtonHTMLAttributes } from 'react';
import { cardVariant } from '../../lib/product';
import type { Product } from '../../lib/types';
import { useAddToCart } from '../../lib/useAddToCart';
import { QuantityStepper } from '../QuantityStepper';
import { SizePicker } from './SizePicker';

/**
 * Buying a product: the size chosen (the card's size at first), the quantity, and adding
 * them to the cart. docs/product.md section 5: nothing can be added without a size in stock.
 */
export function usePurchase(product: Product) {
  const [variantId, setVariantId] = useState(cardVariant(product)?.id);
  const [quantity, setQuantity] = useState(1);
  const { state, error, addToCart } = useAddToCart();
  const variant = product.variants.find((v) => v.id === variantId);
  const canAdd = !!variant && variant.stock > 0 && state !== 'adding';
  const add = () => (variant ? addToCart(variant.id, quantity) : Promise.resolve(false));
  return { variant, variantId, setVariantId, quantity, setQuantity, state, error, canAdd, add };
}

export type Purchase = ReturnType<typeof usePurchase>;

const buttonLook =
  'inline-flex items-center justify-center rounded-md bg-brand-700 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-700';

interface AddToCartButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> {
  purchase: Purchase;
  /** Size and layout classes; the colours are the button's own. */
  size: string;
  /** What the button says for two seconds after adding. */
  addedText?: string;
}

export function AddToCartButton({ purchase, size, addedText = 'Added to Cart!', ...button }: AddToCartButtonProps) {
  return (
    <button {...button} type="button" disabled={!purchase.canAdd} onClick={() => void purchase.add()} className={`${buttonLook} ${size}`}>
      {purchase.state === 'added' ? addedText : 'Add to Cart'}
    </button>
  );
}

/** Why the last add failed (out of stock, no connection), beside the button. */
export function AddToCartError({ purchase }: { purchase: Purchase }) {
  if (!purchase.error) return null;
  return (
    <p role="alert" className="text-sm text-red-800">
      {purchase.error}
    </p>
  );
}

interface AddToCartProps {
  product: Product;
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
