import { Checkbox } from '../../../shared/ui/form/CheckboxField';
import { SelectField } from '../../../shared/ui/form/SelectField';
import { TextField } from '../../../shared/ui/form/TextField';
import { formatKsh } from '../../../shared/domain/money';
import type { Coupon, CouponPayload } from '../../../shared/api/shapes';
import type { Errors } from '../../../shared/domain/validation';
import { adminApi } from '../../../shared/api/admin';
import { MSG, checkPrice } from '../../../shared/domain/adminRules';
import { Badge, EditableList, EntryForm, PriceField, formatDate, useAdminForm } from '../../../shared/ui/controls';
import { Button } from '../../../shared/ui/Button';
import { Picker } from '../../../shared/ui/Picker';
import { useResource } from '../../../shared/hooks/useResource';

// Coupon codes (docs/product.md section 5): the owner's promotions, checked again by the server at
// checkout. A code is switched off, never erased, because orders name it.

interface CouponForm {
  code: string;
  kind: 'percent' | 'fixed';
  value: string;
  min_subtotal: string;
  product_ids: string;
  category_ids: string;
  starts_at: string;
  ends_at: string;
  max_uses: string;
  max_uses_per_phone: string;
  active: boolean;
}

type CouponErrors = Errors<keyof CouponForm>;

export const COUPON_MSG = {
  code: 'Use 3 to 40 letters, digits, - or _.',
  percent: 'Give a whole percentage from 1 to 100.',
  ids: 'Give ids separated by commas, like 3, 12.',
  limit: 'Leave empty for no limit, or give a whole number from 1.',
  endsBefore: 'The end must come after the start.',
} as const;

const wholeFrom1 = /^[1-9]\d*$/;
const idList = /^\s*(\d+\s*(,\s*\d+\s*)*)?$/;

export function validateCoupon(f: CouponForm): CouponErrors {
  const e: CouponErrors = {};
  if (!/^[A-Za-z0-9_-]{3,40}$/.test(f.code.trim())) e.code = COUPON_MSG.code;
  if (f.kind === 'percent') {
    const n = Number(f.value);
    if (!wholeFrom1.test(f.value.trim()) || n > 100) e.value = COUPON_MSG.percent;
  } else {
    const bad = checkPrice(f.value);
    if (bad || Number(f.value) <= 0) e.value = bad ?? MSG.priceInvalid;
  }
  if (f.min_subtotal.trim() !== '') {
    const bad = checkPrice(f.min_subtotal);
    if (bad) e.min_subtotal = bad;
  }
  if (!idList.test(f.product_ids)) e.product_ids = COUPON_MSG.ids;
  if (!idList.test(f.category_ids)) e.category_ids = COUPON_MSG.ids;
  if (f.max_uses.trim() !== '' && !wholeFrom1.test(f.max_uses.trim())) e.max_uses = COUPON_MSG.limit;
  if (f.max_uses_per_phone.trim() !== '' && !wholeFrom1.test(f.max_uses_per_phone.trim())) e.max_uses_per_phone = COUPON_MSG.limit;
  if (f.starts_at && f.ends_at && new Date(f.starts_at) >= new Date(f.ends_at)) e.ends_at = COUPON_MSG.endsBefore;
  return e;
}

/** datetime-local's "2026-11-23T10:00" (the admin's own clock) for an ISO time, and back. */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}
const isoOf = (local: string) => (local ? new Date(local).toISOString() : null);
export const ids = (s: string) => (s.trim() === '' ? [] : s.split(',').map((x) => Number(x.trim())));
const limitOf = (s: string) => (s.trim() === '' ? null : Number(s));

function formOf(c: Coupon | null): CouponForm {
  if (!c) {
    return { code: '', kind: 'percent', value: '', min_subtotal: '', product_ids: '', category_ids: '', starts_at: '', ends_at: '', max_uses: '', max_uses_per_phone: '', active: true };
  }
  return {
    code: c.code,
    kind: c.kind,
    value: c.value,
    min_subtotal: Number(c.min_subtotal) > 0 ? c.min_subtotal : '',
    product_ids: c.product_ids.join(', '),
    category_ids: c.category_ids.join(', '),
    starts_at: localInput(c.starts_at),
    ends_at: localInput(c.ends_at),
    max_uses: c.max_uses === null ? '' : String(c.max_uses),
    max_uses_per_phone: c.max_uses_per_phone === null ? '' : String(c.max_uses_per_phone),
    active: c.active,
  };
}

export function payloadOf(f: CouponForm): CouponPayload {
  return {
    code: f.code.trim(),
    kind: f.kind,
    value: f.value.trim(),
    min_subtotal: f.min_subtotal.trim() || '0',
    product_ids: ids(f.product_ids),
    category_ids: ids(f.category_ids),
    starts_at: isoOf(f.starts_at),
    ends_at: isoOf(f.ends_at),
    max_uses: limitOf(f.max_uses),
    max_uses_per_phone: limitOf(f.max_uses_per_phone),
    active: f.active,
  };
}

/** What a code takes off, in words: "10% off" or "Ksh 200 off", and from what subtotal. */
export function couponTerms(c: Pick<Coupon, 'kind' | 'value' | 'min_subtotal'>): string {
  const off = c.kind === 'percent' ? `${c.value}% off` : `${formatKsh(c.value)} off`;
  return Number(c.min_subtotal) > 0 ? `${off} from ${formatKsh(c.min_subtotal)}` : off;
}

export function CouponsTab() {
  return (
    <EditableList
      load={() => adminApi.coupons()}
      name="coupons"
      title="Coupons"
      one="coupon"
      empty="No coupons yet."
      nameOf={(c) => c.code}
      entry={(c) => (
        <>
          <p className="font-semibold text-stone-900">
            <span className="font-mono">{c.code}</span> <Badge tone={c.active ? 'green' : 'grey'}>{c.active ? 'Active' : 'Inactive'}</Badge>
          </p>
          <p className="text-sm text-stone-700">
            {couponTerms(c)} · used {c.uses}
            {c.max_uses !== null && ` of ${c.max_uses}`}
            {c.max_uses_per_phone !== null && ` · ${c.max_uses_per_phone} per phone`}
          </p>
          <p className="text-sm text-stone-600">
            {c.product_ids.length + c.category_ids.length === 0
              ? 'Every product'
              : [c.product_ids.length > 0 && `products ${c.product_ids.join(', ')}`, c.category_ids.length > 0 && `categories ${c.category_ids.join(', ')}`]
                  .filter(Boolean)
                  .join(' · ')}
            {c.starts_at && ` · from ${formatDate(c.starts_at)}`}
            {c.ends_at && ` · until ${formatDate(c.ends_at)}`}
          </p>
        </>
      )}
      form={(coupon, done) => <CouponEditor coupon={coupon} onDone={done} />}
    />
  );
}

function CouponEditor({ coupon, onDone }: { coupon: Coupon | null; onDone: () => void }) {
  // The names of the categories and of the coupon's products, for the pickers' chips.
  const categories = useResource('admin-categories', () => adminApi.categories(), { cache: false });
  const productNames = useResource(`admin-coupon-products:${coupon?.id ?? 'new'}`, async () => {
    const list = await Promise.all((coupon?.product_ids ?? []).map((id) => adminApi.product(id).catch(() => null)));
    return Object.fromEntries(list.filter((p) => p !== null).map((p) => [p.id, p.name])) as Record<number, string>;
  }, { cache: false });
  const { f, set, field, errors, confirmed, form } = useAdminForm({
    initial: () => formOf(coupon),
    validate: validateCoupon,
    save: (form) => adminApi.saveCoupon(coupon?.id ?? null, payloadOf(form)),
    failed: 'The coupon could not be saved.',
    onDone,
  });

  const text = (id: Exclude<keyof CouponForm, 'active'>, label: string, hint?: string) => (
    <TextField compact id={`coupon-${id}`} label={label} hint={hint} {...field(id)} />
  );
  return (
    <EntryForm
      one="coupon"
      many="coupons"
      name={coupon?.code ?? null}
      {...form}
      actions={
        coupon?.active && (
          <Button
            variant="danger"
            onClick={() =>
              void confirmed(
                `Switch off the code ${coupon.code}? Orders keep their discount.`,
                () => adminApi.deactivateCoupon(coupon.id),
                'The coupon could not be switched off.',
              )
            }
          >
            Switch off
          </Button>
        )
      }
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {text('code', 'Code', 'What shoppers type; capitals do not matter.')}
        <SelectField compact id="coupon-kind" label="Kind" value={f.kind} onChange={(v) => set('kind', v as CouponForm['kind'])}>
          <option value="percent">Percent off</option>
          <option value="fixed">Amount off (Ksh)</option>
        </SelectField>
        {f.kind === 'percent' ? (
          text('value', 'Percent off')
        ) : (
          <PriceField id="coupon-value" label="Amount off (Ksh)" {...field('value')} />
        )}
        <PriceField id="coupon-min_subtotal" label="Minimum subtotal (Ksh, optional)" {...field('min_subtotal')} />
        <Picker
          label="Only these products (optional)"
          hint="None, with no categories: every product."
          value={ids(f.product_ids)}
          onChange={(v) => set('product_ids', v.join(', '))}
          search={async (q) => (await adminApi.products({ search: q })).results.map((p) => ({ id: p.id, name: p.name }))}
          nameOf={(id) => productNames.data?.[id]}
          error={errors.product_ids}
        />
        <Picker
          label="Only these categories (optional)"
          hint="A category includes those below it."
          value={ids(f.category_ids)}
          onChange={(v) => set('category_ids', v.join(', '))}
          search={async (q) => (categories.data ?? (await adminApi.categories())).filter((c) => c.name.toLowerCase().includes(q.toLowerCase()))}
          nameOf={(id) => categories.data?.find((c) => c.id === id)?.name}
          error={errors.category_ids}
        />
        <TextField compact id="coupon-starts_at" label="Starts (optional)" type="datetime-local" {...field('starts_at')} />
        <TextField compact id="coupon-ends_at" label="Ends (optional)" type="datetime-local" {...field('ends_at')} />
        {text('max_uses', 'Uses in all (optional)')}
        {text('max_uses_per_phone', 'Uses per phone number (optional)')}
      </div>
      <Checkbox id="coupon-active" label="Active" checked={f.active} onChange={(v) => set('active', v)} />
    </EntryForm>
  );
}
