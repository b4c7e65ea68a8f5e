import { useState, type ButtonHTMLAttributes } from 'react';
import { componentsMessages } from '../../i18n/messages/components';
import { cardVariant } from '../../domain/product';
import type { ProductSummary } from '../../api/shapes';
import { useAddToCart } from '../../hooks/useAddToCart';

/**
 * Buying a product: the size chosen (the card's size at first), the quantity, and adding
 * them to the cart. docs/product.md section 5: nothing can be added without a size in stock.
 */
export function usePurchase(product: ProductSummary) {
  const [variantId, setVariantId] = useState(cardVariant(product)?.id);
  const [quantity, setQuantity] = useState(1);
  const cart = useAddToCart();
  const variant = product.variants.find((v) => v.id === variantId);
  return {
    ...cart,
    variant,
    variantId,
    setVariantId,
    quantity,
    setQuantity,
    canAdd: !!variant && variant.stock > 0 && cart.state !== 'adding',
    add: () => (variant ? cart.addToCart(variant.id, quantity) : Promise.resolve(false)),
  };
}

export type Purchase = ReturnType<typeof usePurchase>;

const buttonLook =
  'inline-flex items-center justify-center rounded-md bg-brand-700 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-700';

interface AddToCartButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> {
  purchase: Purchase;
  /** Size and layout classes; the colours are the button's own. */
  size: string;
  /** What the button says for two seconds after adding: 'Added to Cart!' unless given. */
  addedText?: string;
}

export function AddToCartButton({ purchase, size, addedText, ...button }: AddToCartButtonProps) {
  const m = componentsMessages();
  return (
    <button {...button} type="button" disabled={!purchase.canAdd} onClick={() => void purchase.add()} className={`${buttonLook} ${size}`}>
      {purchase.state === 'added' ? (addedText ?? m.addedToCart) : m.addToCart}
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
