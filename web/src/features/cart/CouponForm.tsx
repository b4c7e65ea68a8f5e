import { useState, type FormEvent } from 'react';
import { TextField } from '../../shared/ui/form/TextField';
import { ApiError } from '../../shared/api/api';
import { applyCoupon, removeCoupon } from '../../shared/api/coupon';
import { liveTexts } from '../../shared/i18n/i18n';
import { cartMessages } from './messages';
import type { CartCoupon } from '../../shared/api/shapes';

// Words of the coupon field, in the language shown; the refusals come from the server
// (docs/product.md section 8).
export const COUPON_TEXTS = liveTexts(() => cartMessages().coupon);

interface CouponFormProps {
  coupon: CartCoupon;
  /** The cart's code as the server now has it. */
  onChange: (coupon: CartCoupon) => void;
}

/** The cart's coupon field: Apply a code, or the code applied with Remove; a refusal under the field. */
export function CouponForm({ coupon, onChange }: CouponFormProps) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const run = async (work: () => Promise<void>, fallback: string) => {
    setBusy(true);
    setError(undefined);
    try {
      await work();
    } catch (err) {
      const field = err instanceof ApiError ? err.fields?.code : undefined;
      setError(field ?? (err instanceof Error && err.message ? err.message : fallback));
    } finally {
      setBusy(false);
    }
  };

  const apply = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      onChange(await applyCoupon(code));
      setCode('');
    }, COUPON_TEXTS.failed);
  };

  if (coupon.code) {
    const code = coupon.code;
    return (
      <div className="mt-4 rounded-md border border-brand-200 bg-brand-50 p-3">
        <div className="flex items-center justify-between gap-3">
          <p className="font-medium text-brand-900">{COUPON_TEXTS.applied(code)}</p>
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              void run(async () => {
                await removeCoupon();
                onChange({ code: null, discount: '0.00' });
              }, COUPON_TEXTS.removeFailed)
            }
            className="inline-flex h-11 items-center rounded-md px-2 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:text-stone-400"
          >
            {COUPON_TEXTS.remove}
          </button>
        </div>
        {(error ?? coupon.error) && (
          <p role="alert" className="mt-1 text-sm font-medium text-red-800">
            {error ?? coupon.error}
          </p>
        )}
      </div>
    );
  }
  return (
    <form onSubmit={apply} className="mt-4" noValidate>
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <TextField id="coupon-code" label={COUPON_TEXTS.label} value={code} onChange={setCode} error={error} autoComplete="off" maxLength={40} />
        </div>
        <button
          type="submit"
          disabled={busy}
          aria-busy={busy || undefined}
          className={`h-12 shrink-0 rounded-md border-2 border-brand-700 bg-white px-4 font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-70${error ? ' mb-7' : ''}`}
        >
          {busy ? COUPON_TEXTS.applying : COUPON_TEXTS.apply}
        </button>
      </div>
    </form>
  );
}
