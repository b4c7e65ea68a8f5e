import { Link } from 'react-router';
import { CartIcon } from '../shared/ui/icons';
import { appMessages } from '../shared/i18n/messages/app';

interface CartLinkProps {
  count: number;
}

/** The header's cart link; its badge shows the item count only when there is something in the cart. */
export function CartLink({ count }: CartLinkProps) {
  const m = appMessages();
  const label = count > 0 ? m.cartWithItems(count) : m.cart;
  return (
    <Link
      to="/cart"
      aria-label={label}
      className="relative inline-flex h-11 min-w-11 items-center justify-center gap-1.5 rounded-md px-2 font-medium text-stone-800 hover:bg-brand-50 hover:text-brand-800"
    >
      <CartIcon />
      <span className="sr-only sm:not-sr-only">{m.cart}</span>
      {count > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-earth-400 px-1.5 text-center text-xs leading-5 font-bold text-earth-900"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
