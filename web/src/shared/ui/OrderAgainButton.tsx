import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ordersMessages } from '../i18n/messages/orders';
import { reorder } from '../api/orders';
import { useCart } from '../hooks/CartProvider';

/** "Order again": the order's lines still sold go into the cart, and the
 *  cart opens, saying what was left out. The order page and My Account offer it. */
export function OrderAgainButton({ orderId, className = '' }: { orderId: string; className?: string }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const cart = useCart();
  const navigate = useNavigate();
  const m = ordersMessages().again;
  const again = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await reorder(orderId);
      await cart.reload();
      navigate('/cart');
    } catch {
      setFailed(true);
      setBusy(false);
    }
  };
  return (
    <div className={className}>
      <button
        type="button"
        onClick={() => void again()}
        disabled={busy}
        aria-busy={busy || undefined}
        className="inline-flex h-11 items-center rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
      >
        {busy ? m.busy : m.button}
      </button>
      {failed && (
        <p role="alert" className="mt-1 text-sm font-medium text-red-800">
          {m.failed}
        </p>
      )}
    </div>
  );
}
