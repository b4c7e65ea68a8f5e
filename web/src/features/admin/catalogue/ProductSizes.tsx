import { useState, type FormEvent } from 'react';
import { TextField } from '../../../shared/ui/form/TextField';
import { ApiError } from '../../../shared/api/api';
import type { Variant } from '../../../shared/api/shapes';
import type { Errors } from '../../../shared/domain/validation';
import { adminApi } from '../../../shared/api/admin';
import { validateVariant, type VariantForm } from '../../../shared/domain/adminRules';
import { StockPanel } from './StockPanel';
import { invalidate } from '../../../shared/hooks/useAdminResource';
import { PriceField, WeightField, errorText } from '../../../shared/ui/controls';
import { Button } from '../../../shared/ui/Button';

const emptyVariant: VariantForm = { size: '', sku: '', price: '', stock: '0', weight_kg: '', lasts_days: '' };

/** A product's sizes, each saved on its own, and a row to add one. */
export function ProductSizes({ productId, initial }: { productId: number; initial: Variant[] }) {
  const [variants, setVariants] = useState(initial);
  return (
    <section aria-labelledby="sizes-h">
      <h3 id="sizes-h" className="text-lg font-bold text-stone-900">
        Sizes
      </h3>
      <ul className="mt-2 space-y-3">
        {variants.map((v) => (
          <li key={v.id}>
            <VariantRow
              productId={productId}
              variant={v}
              onSaved={(nv) => setVariants(variants.map((x) => (x.id === nv.id ? nv : x)))}
              onDeleted={() => setVariants(variants.filter((x) => x.id !== v.id))}
            />
          </li>
        ))}
        <li>
          <VariantRow productId={productId} variant={null} onSaved={(nv) => setVariants([...variants, nv])} onDeleted={() => {}} />
        </li>
      </ul>
    </section>
  );
}

function VariantRow({
  productId,
  variant,
  onSaved,
  onDeleted,
}: {
  productId: number;
  variant: Variant | null;
  onSaved: (v: Variant) => void;
  onDeleted: () => void;
}) {
  const [f, setF] = useState<VariantForm>(
    variant
      ? { size: variant.size, sku: variant.sku, price: variant.price, stock: String(variant.stock), weight_kg: String(variant.weight_kg ?? ''), lasts_days: variant.lasts_days ? String(variant.lasts_days) : '' }
      : emptyVariant,
  );
  const [errors, setErrors] = useState<Errors<keyof VariantForm>>({});
  const [note, setNote] = useState('');
  const key = variant ? `v${variant.id}` : 'new';
  const set = (k: keyof VariantForm, v: string) => {
    setF({ ...f, [k]: v });
    setErrors({ ...errors, [k]: undefined });
  };

  async function save(e: FormEvent) {
    e.preventDefault();
    const bad = validateVariant(f);
    setErrors(bad);
    if (Object.keys(bad).length > 0) return;
    const body = { ...f, stock: f.stock.trim() || '0' };
    try {
      const saved = variant ? await adminApi.updateVariant(productId, variant.id, body) : await adminApi.addVariant(productId, body);
      onSaved(saved);
      // The size's stock panel (its history, its last "Stock is now …") shows the saved stock too.
      if (variant) invalidate(`admin-stock:${variant.id}:`);
      setNote(variant ? 'Saved.' : '');
      if (!variant) setF(emptyVariant);
    } catch (err) {
      if (err instanceof ApiError && err.fields) setErrors(err.fields as Errors<keyof VariantForm>);
      setNote(errorText(err, 'The size could not be saved.'));
    }
  }

  async function remove() {
    if (!variant || !window.confirm(`Remove the size ${variant.size}?`)) return;
    try {
      await adminApi.deleteVariant(productId, variant.id);
      onDeleted();
    } catch (err) {
      setNote(errorText(err, 'The size could not be removed.'));
    }
  }

  // The stock forms sit below the size's form: forms cannot nest.
  return (
    <>
      <form
        noValidate
        onSubmit={save}
        aria-label={variant ? `Size ${variant.size}` : 'New size'}
        className="grid grid-cols-2 gap-2 rounded-md border border-stone-200 bg-white p-3 sm:grid-cols-7 sm:items-end"
      >
        <TextField compact id={`${key}-size`} label="Size" value={f.size} onChange={(v) => set('size', v)} error={errors.size} placeholder="10 Kg" />
        <TextField compact id={`${key}-sku`} label="SKU" value={f.sku} onChange={(v) => set('sku', v)} error={errors.sku} />
        <PriceField id={`${key}-price`} value={f.price} onChange={(v) => set('price', v)} error={errors.price} />
        <TextField
          compact
          id={`${key}-stock`}
          label="Stock"
          type="number"
          step="1"
          min="0"
          inputMode="numeric"
          value={f.stock}
          onChange={(v) => set('stock', v)}
          error={errors.stock}
        />
        <WeightField
          id={`${key}-weight`}
          label="Weight (kg)"
          {...(variant ? {} : { placeholder: 'From the size' })}
          value={f.weight_kg}
          onChange={(v) => set('weight_kg', v)}
          error={errors.weight_kg}
        />
        <TextField
          compact
          id={`${key}-lasts`}
          label="Lasts (days)"
          type="number"
          step="1"
          min="1"
          inputMode="numeric"
          placeholder="For reminders"
          value={f.lasts_days ?? ''}
          onChange={(v) => set('lasts_days', v)}
          error={errors.lasts_days}
        />
        <div className="col-span-2 flex flex-wrap items-center gap-2 sm:col-span-1">
          <Button type="submit">{variant ? 'Save' : 'Add size'}</Button>
          {variant && (
            <Button variant="danger" onClick={() => void remove()}>
              Remove
            </Button>
          )}
        </div>
        {note && (
          <p role="status" className="col-span-2 text-sm text-stone-800 sm:col-span-6">
            {note}
          </p>
        )}
      </form>
      {variant && (
        <StockPanel
          productId={productId}
          variantId={variant.id}
          stock={variant.stock}
          onStock={(stock) => {
            setF((cur) => ({ ...cur, stock: String(stock) }));
            onSaved({ ...variant, stock });
          }}
        />
      )}
    </>
  );
}
