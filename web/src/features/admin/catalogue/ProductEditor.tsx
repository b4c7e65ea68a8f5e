import { useState, type FormEvent } from 'react';
import { Checkbox } from '../../../shared/ui/form/CheckboxField';
import { SelectField } from '../../../shared/ui/form/SelectField';
import { TextAreaField } from '../../../shared/ui/form/TextAreaField';
import { TextField } from '../../../shared/ui/form/TextField';
import { ApiError } from '../../../shared/api/api';
import type { AdminCategory, AdminProduct, ProductPayload, VatClassCode } from '../../../shared/api/shapes';
import type { Errors } from '../../../shared/domain/validation';
import { adminApi } from '../../../shared/api/admin';
import { ProductImages } from './ProductImages';
import { ProductSizes } from './ProductSizes';
import { MSG, validateProduct } from '../../../shared/domain/adminRules';
import { Badge, CategoryOptions, LoadError, Note, PriceField, useAction } from '../../../shared/ui/controls';
import { Button } from '../../../shared/ui/Button';
import { useResource } from '../../../shared/hooks/useResource';

/** KRA's eTIMS tax bands, as the product editor offers them (docs/etims.md). */
const VAT_CLASSES: { code: VatClassCode; label: string }[] = [
  { code: 'A', label: 'A: exempt (feeds, veterinary medicines)' },
  { code: 'B', label: 'B: standard rate (16%)' },
  { code: 'C', label: 'C: zero-rated' },
  { code: 'D', label: 'D: non-VAT' },
  { code: 'E', label: 'E: reduced rate (8%)' },
];

/** The product as the form holds it: the category as the select's value. */
type FormState = Omit<ProductPayload, 'category'> & { category: string };

const emptyForm: FormState = {
  name: '',
  description: '',
  name_sw: '',
  description_sw: '',
  base_price: '',
  category: '',
  is_active: true,
  is_featured: false,
  is_best_seller: false,
  is_new_arrival: false,
  promo: '',
  vat_class: 'B',
};

function formOf(p: AdminProduct): FormState {
  return {
    name: p.name,
    description: p.description,
    name_sw: p.name_sw,
    description_sw: p.description_sw,
    base_price: p.base_price,
    category: String(p.category),
    is_active: p.is_active,
    is_featured: p.is_featured,
    is_best_seller: p.is_best_seller,
    is_new_arrival: p.is_new_arrival,
    promo: (p.promo ?? '') as FormState['promo'],
    vat_class: p.vat_class ?? 'B',
  };
}

/** Adding a product, or editing one with its sizes and images. */
export function ProductEditor({
  id,
  categories,
  onCreated,
  onClose,
}: {
  id: number | null;
  categories: AdminCategory[];
  onCreated: (id: number) => void;
  onClose: () => void;
}) {
  const loaded = useResource(String(id), () => (id === null ? Promise.resolve(null) : adminApi.product(id)), { cache: false });
  const [form, setForm] = useState<FormState | null>(id === null ? emptyForm : null);
  const [errors, setErrors] = useState<Errors<keyof FormState>>({});
  const { busy, note: message, setNote: setMessage, run } = useAction();
  const product = loaded.data ?? null;
  const [published, setPublished] = useState(false);
  const publishing = useAction();
  if (form === null && product) setForm(formOf(product));
  const isDraft = id === null || (product?.is_draft === true && !published);

  if (loaded.error) return <LoadError what="the product" error={loaded.error} onRetry={loaded.retry} />;
  if (!form) return <p role="status">Loading the product…</p>;

  const set = <K extends keyof FormState>(k: K, v: FormState[K]) => {
    setForm({ ...form, [k]: v });
    if (errors[k]) setErrors({ ...errors, [k]: undefined });
  };
  /** A text field's id, value, change and message, to spread on its field. */
  const field = (k: 'name' | 'description' | 'name_sw' | 'description_sw' | 'base_price' | 'category') => ({
    id: k,
    value: form[k],
    onChange: (v: string) => set(k, v),
    error: errors[k],
  });

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!form || busy) return;
    const bad = validateProduct(form);
    setErrors(bad);
    if (Object.keys(bad).length > 0) {
      setMessage({ kind: 'error', text: MSG.fixFields });
      return;
    }
    const body: ProductPayload = { ...form, base_price: form.base_price.trim(), category: Number(form.category) };
    setMessage(null);
    await run(async () => {
      if (id === null) {
        const created = await adminApi.createProduct(body);
        onCreated(created.id);
        return;
      }
      const saved = await adminApi.updateProduct(id, body);
      setForm(formOf(saved));
      setMessage({ kind: 'ok', text: 'Product saved.' });
    }, 'The product could not be saved.', (err) => {
      if (err instanceof ApiError && err.fields) setErrors(err.fields as Errors<keyof FormState>);
    });
  }

  async function publish() {
    if (id === null) return;
    await publishing.run(async () => {
      const live = await adminApi.publishProduct(id);
      setPublished(true);
      setForm(formOf(live));
      publishing.setNote({ kind: 'ok', text: 'Published: the product is on sale.' });
    }, 'The product could not be published.');
  }

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-xl font-bold text-stone-900">
          {id === null ? 'Add product' : `Edit ${product?.name ?? 'product'}`}
          {isDraft && <Badge tone="amber">Draft</Badge>}
        </h2>
        <Button variant="secondary" onClick={onClose}>
          Back to products
        </Button>
      </div>
      <form noValidate onSubmit={save} aria-label="Product" className="grid gap-4 md:grid-cols-2">
        <div className="md:col-span-2">
          <TextField compact label="Name" {...field('name')} />
        </div>
        <div className="md:col-span-2">
          <TextAreaField compact label="Description" {...field('description')} />
        </div>
        <div className="md:col-span-2">
          <TextField compact label="Name (Kiswahili)" {...field('name_sw')} hint="Shown to shoppers who chose Kiswahili. Left empty, they see the English name." />
        </div>
        <div className="md:col-span-2">
          <TextAreaField compact label="Description (Kiswahili)" {...field('description_sw')} hint="Left empty, Kiswahili shoppers see the English description." />
        </div>
        <PriceField {...field('base_price')} />
        <SelectField compact label="Category" {...field('category')}>
          <option value="">Choose a category</option>
          <CategoryOptions categories={categories} />
        </SelectField>
        <SelectField compact id="promo" label="Promo" value={form.promo} onChange={(v) => set('promo', v as FormState['promo'])}>
          <option value="">None</option>
          <option value="bulk">Bulk</option>
          <option value="seasonal">Seasonal</option>
        </SelectField>
        <SelectField compact id="vat_class" label="Tax band" value={form.vat_class} onChange={(v) => set('vat_class', v as VatClassCode)} error={errors.vat_class}>
          {VAT_CLASSES.map((c) => (
            <option key={c.code} value={c.code}>
              {c.label}
            </option>
          ))}
        </SelectField>
        <fieldset className="flex flex-wrap gap-x-6 md:col-span-2">
          <legend className="text-sm font-semibold text-stone-800">Shown in the shop</legend>
          {!isDraft && <Checkbox id="is_active" label="Active" checked={form.is_active} onChange={(v) => set('is_active', v)} />}
          <Checkbox id="is_featured" label="Featured" checked={form.is_featured} onChange={(v) => set('is_featured', v)} />
          <Checkbox id="is_best_seller" label="Best seller" checked={form.is_best_seller} onChange={(v) => set('is_best_seller', v)} />
          <Checkbox id="is_new_arrival" label="New arrival" checked={form.is_new_arrival} onChange={(v) => set('is_new_arrival', v)} />
        </fieldset>
        <div className="flex flex-wrap items-center gap-3 md:col-span-2">
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : isDraft ? 'Save draft' : 'Save product'}
          </Button>
          <Note note={message} />
        </div>
      </form>
      {id !== null && product && (
        <>
          <ProductSizes productId={id} initial={product.variants} />
          <ProductImages productId={id} initial={product.images} />
        </>
      )}
      {id === null && <p className="text-stone-700">A new product is saved as a draft: its sizes and pictures are added here next, then it is published.</p>}
      {id !== null && isDraft && (
        <section aria-labelledby="publish-h" className="rounded-md border border-amber-300 bg-amber-50 p-3">
          <h3 id="publish-h" className="font-bold text-stone-900">
            Draft
          </h3>
          <p className="mt-1 text-sm text-stone-800">Shoppers do not see this product until it is published. It needs at least one size with a price.</p>
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <Button onClick={() => void publish()} disabled={publishing.busy}>
              Publish
            </Button>
            <Note note={publishing.note} />
          </div>
        </section>
      )}
      {id !== null && !isDraft && published && <Note note={publishing.note} />}
    </div>
  );
}
