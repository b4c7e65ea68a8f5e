import { useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api';
import { formatKsh } from '../../lib/money';
import type { Image, Product, Variant } from '../../lib/types';
import { adminApi, type AdminCategory, type ProductPayload } from './api';
import { MSG, checkImageFile, validateProduct, validateVariant, type Errors, type VariantForm } from './rules';
import { Badge, Button, Checkbox, LoadError, Pager, Select, TextArea, TextInput, errorText, useDebounced, useLoad } from './ui';

export function ProductsTab() {
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebounced(search);
  const list = useLoad(() => adminApi.products({ search: q, status, page }), `${q}|${status}|${page}`);
  const cats = useLoad(adminApi.categories, 'categories');

  if (editing !== null) {
    return (
      <ProductEditor
        id={editing === 'new' ? null : editing}
        categories={cats.data ?? []}
        onCreated={(id) => setEditing(id)}
        onClose={() => {
          setEditing(null);
          list.reload();
        }}
      />
    );
  }

  async function remove(p: Product) {
    if (!window.confirm(MSG.confirmDeleteProduct)) return;
    try {
      const answer = await adminApi.deleteProduct(p.id);
      window.alert(answer.deactivated ? answer.message : MSG.productDeleted);
    } catch (err) {
      window.alert(err instanceof ApiError && err.status !== 0 && err.status < 500 ? `${MSG.productDeleteFailed}: ${err.message}` : MSG.productDeleteFailed);
    }
    list.reload();
  }

  const catName = (id: number) => cats.data?.find((c) => c.id === id)?.name ?? '';
  return (
    <div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-48 flex-1">
          <TextInput
            id="product-search"
            label="Search products"
            type="search"
            value={search}
            onChange={(v) => {
              setSearch(v);
              setPage(1);
            }}
            placeholder="Name or SKU"
          />
        </div>
        <div className="w-40">
          <Select
            id="product-status"
            label="Show"
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
          >
            <option value="">All</option>
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </Select>
        </div>
        <Button onClick={() => setEditing('new')}>Add product</Button>
      </div>
      {list.error && <LoadError what="the products" error={list.error} onRetry={list.reload} />}
      {list.data && (
        <>
          <p className="mt-4 text-sm text-stone-700" aria-live="polite">
            {list.data.count} {list.data.count === 1 ? 'product' : 'products'}
          </p>
          <ul className="mt-2 divide-y divide-stone-200 rounded-md border border-stone-200 bg-white" aria-label="Products">
            {list.data.results.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center gap-3 px-3 py-3">
                {p.images[0] ? (
                  <img src={p.images[0].image} alt="" width={48} height={48} className="h-12 w-12 rounded object-cover" loading="lazy" />
                ) : (
                  <span className="h-12 w-12 rounded bg-stone-100" aria-hidden="true" />
                )}
                <div className="min-w-0 flex-1">
                  <p className="font-semibold text-stone-900">{p.name}</p>
                  <p className="text-sm text-stone-600">
                    {formatKsh(p.base_price)} · {catName(p.category)} · {p.variants.length}{' '}
                    {p.variants.length === 1 ? 'size' : 'sizes'} · stock {p.variants.reduce((n, v) => n + v.stock, 0)}
                  </p>
                  <p className="mt-1 flex flex-wrap gap-1">
                    <Badge tone={p.is_active ? 'green' : 'grey'}>{p.is_active ? 'Active' : 'Inactive'}</Badge>
                    {p.is_featured && <Badge tone="amber">Featured</Badge>}
                    {p.is_best_seller && <Badge tone="blue">Best Seller</Badge>}
                    {p.is_new_arrival && <Badge tone="blue">New Product</Badge>}
                    {p.promo && <Badge tone="amber">Promo: {p.promo}</Badge>}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button variant="secondary" onClick={() => setEditing(p.id)} aria-label={`Edit ${p.name}`}>
                    Edit
                  </Button>
                  <Button variant="danger" onClick={() => void remove(p)} aria-label={`Delete ${p.name}`}>
                    Delete
                  </Button>
                </div>
              </li>
            ))}
            {list.data.results.length === 0 && <li className="px-3 py-6 text-center text-stone-700">No products found</li>}
          </ul>
          <Pager page={page} count={list.data.count} pageSize={list.data.page_size} onPage={setPage} />
        </>
      )}
      {!list.data && !list.error && <p role="status">Loading products…</p>}
    </div>
  );
}

interface FormState {
  name: string;
  description: string;
  base_price: string;
  category: string;
  is_active: boolean;
  is_featured: boolean;
  is_best_seller: boolean;
  is_new_arrival: boolean;
  promo: '' | 'bulk' | 'seasonal';
}

const emptyForm: FormState = {
  name: '',
  description: '',
  base_price: '',
  category: '',
  is_active: true,
  is_featured: false,
  is_best_seller: false,
  is_new_arrival: false,
  promo: '',
};

function formOf(p: Product): FormState {
  return {
    name: p.name,
    description: p.description,
    base_price: p.base_price,
    category: String(p.category),
    is_active: p.is_active,
    is_featured: p.is_featured,
    is_best_seller: p.is_best_seller,
    is_new_arrival: p.is_new_arrival,
    promo: (p.promo ?? '') as FormState['promo'],
  };
}

function ProductEditor({
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
  const loaded = useLoad(() => (id === null ? Promise.resolve(null) : adminApi.product(id)), String(id));
  const [form, setForm] = useState<FormState | null>(id === null ? emptyForm : null);
  const [errors, setErrors] = useState<Errors<keyof FormState>>({});
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const product = loaded.data ?? null;
  if (form === null && product) setForm(formOf(product));

  if (loaded.error) return <LoadError what="the product" error={loaded.error} onRetry={loaded.reload} />;
  if (!form) return <p role="status">Loading the product…</p>;

  const set = <K extends keyof FormState>(k: K, v: FormState[K]) => {
    setForm({ ...form, [k]: v });
    if (errors[k]) setErrors({ ...errors, [k]: undefined });
  };

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
    setBusy(true);
    setMessage(null);
    try {
      if (id === null) {
        const created = await adminApi.createProduct(body);
        onCreated(created.id);
        return;
      }
      const saved = await adminApi.updateProduct(id, body);
      setForm(formOf(saved));
      setMessage({ kind: 'ok', text: 'Product saved.' });
    } catch (err) {
      if (err instanceof ApiError && err.fields) setErrors(err.fields as Errors<keyof FormState>);
      setMessage({ kind: 'error', text: errorText(err, 'The product could not be saved.') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-bold text-stone-900">{id === null ? 'Add product' : `Edit ${product?.name ?? 'product'}`}</h2>
        <Button variant="secondary" onClick={onClose}>
          Back to products
        </Button>
      </div>
      <form noValidate onSubmit={save} aria-label="Product" className="grid gap-4 md:grid-cols-2">
        <div className="md:col-span-2">
          <TextInput id="name" label="Name" value={form.name} onChange={(v) => set('name', v)} error={errors.name} />
        </div>
        <div className="md:col-span-2">
          <TextArea id="description" label="Description" value={form.description} onChange={(v) => set('description', v)} error={errors.description} />
        </div>
        <TextInput
          id="base_price"
          label="Price (Ksh)"
          type="number"
          step="0.01"
          min="0"
          inputMode="decimal"
          value={form.base_price}
          onChange={(v) => set('base_price', v)}
          error={errors.base_price}
        />
        <Select id="category" label="Category" value={form.category} onChange={(v) => set('category', v)} error={errors.category}>
          <option value="">Choose a category</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Select>
        <Select id="promo" label="Promo" value={form.promo} onChange={(v) => set('promo', v as FormState['promo'])}>
          <option value="">None</option>
          <option value="bulk">Bulk</option>
          <option value="seasonal">Seasonal</option>
        </Select>
        <fieldset className="flex flex-wrap gap-x-6 md:col-span-2">
          <legend className="text-sm font-semibold text-stone-800">Shown in the shop</legend>
          <Checkbox id="is_active" label="Active" checked={form.is_active} onChange={(v) => set('is_active', v)} />
          <Checkbox id="is_featured" label="Featured" checked={form.is_featured} onChange={(v) => set('is_featured', v)} />
          <Checkbox id="is_best_seller" label="Best seller" checked={form.is_best_seller} onChange={(v) => set('is_best_seller', v)} />
          <Checkbox id="is_new_arrival" label="New arrival" checked={form.is_new_arrival} onChange={(v) => set('is_new_arrival', v)} />
        </fieldset>
        <div className="flex flex-wrap items-center gap-3 md:col-span-2">
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : id === null ? 'Create product' : 'Save product'}
          </Button>
          {message && (
            <p role={message.kind === 'error' ? 'alert' : 'status'} className={message.kind === 'error' ? 'text-red-800' : 'text-brand-800'}>
              {message.text}
            </p>
          )}
        </div>
      </form>
      {id !== null && product && (
        <>
          <Variants productId={id} initial={product.variants} />
          <Images productId={id} initial={product.images} />
        </>
      )}
      {id === null && <p className="text-stone-700">Sizes and images can be added once the product is created.</p>}
    </div>
  );
}

const emptyVariant: VariantForm = { size: '', sku: '', price: '', stock: '0' };

function Variants({ productId, initial }: { productId: number; initial: Variant[] }) {
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
    variant ? { size: variant.size, sku: variant.sku, price: variant.price, stock: String(variant.stock) } : emptyVariant,
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

  return (
    <form
      noValidate
      onSubmit={save}
      aria-label={variant ? `Size ${variant.size}` : 'New size'}
      className="grid grid-cols-2 gap-2 rounded-md border border-stone-200 bg-white p-3 sm:grid-cols-5 sm:items-end"
    >
      <TextInput id={`${key}-size`} label="Size" value={f.size} onChange={(v) => set('size', v)} error={errors.size} placeholder="10 Kg" />
      <TextInput id={`${key}-sku`} label="SKU" value={f.sku} onChange={(v) => set('sku', v)} error={errors.sku} />
      <TextInput
        id={`${key}-price`}
        label="Price (Ksh)"
        type="number"
        step="0.01"
        min="0"
        inputMode="decimal"
        value={f.price}
        onChange={(v) => set('price', v)}
        error={errors.price}
      />
      <TextInput
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
      <div className="col-span-2 flex flex-wrap items-center gap-2 sm:col-span-1">
        <Button type="submit">{variant ? 'Save' : 'Add size'}</Button>
        {variant && (
          <Button variant="danger" onClick={() => void remove()}>
            Remove
          </Button>
        )}
      </div>
      {note && (
        <p role="status" className="col-span-2 text-sm text-stone-800 sm:col-span-5">
          {note}
        </p>
      )}
    </form>
  );
}

function Images({ productId, initial }: { productId: number; initial: Image[] }) {
  const [images, setImages] = useState(initial);
  const [note, setNote] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function upload(file: File | undefined) {
    if (!file) return;
    const bad = checkImageFile(file);
    if (bad) {
      setNote({ kind: 'error', text: bad });
      return;
    }
    setBusy(true);
    setNote({ kind: 'ok', text: 'Uploading…' });
    try {
      const im = await adminApi.uploadImage(productId, file);
      setImages([...images, im]);
      setNote({ kind: 'ok', text: 'Image uploaded.' });
    } catch (err) {
      setNote({ kind: 'error', text: errorText(err, 'The image could not be uploaded.') });
    } finally {
      setBusy(false);
    }
  }

  async function move(i: number, by: -1 | 1) {
    const next = [...images];
    const [im] = next.splice(i, 1);
    next.splice(i + by, 0, im!);
    try {
      setImages(await adminApi.reorderImages(productId, next.map((x) => x.id)));
    } catch (err) {
      setNote({ kind: 'error', text: errorText(err, 'The images could not be reordered.') });
    }
  }

  async function remove(im: Image) {
    if (!window.confirm('Delete this image?')) return;
    try {
      await adminApi.deleteImage(productId, im.id);
      setImages(images.filter((x) => x.id !== im.id));
    } catch (err) {
      setNote({ kind: 'error', text: errorText(err, 'The image could not be deleted.') });
    }
  }

  return (
    <section aria-labelledby="images-h">
      <h3 id="images-h" className="text-lg font-bold text-stone-900">
        Images
      </h3>
      <p className="text-sm text-stone-600">JPEG, PNG or WebP, at most 8 MB. The first image is the one the shop shows.</p>
      <ul className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {images.map((im, i) => (
          <li key={im.id} className="rounded-md border border-stone-200 bg-white p-2">
            <img src={im.image} alt={im.alt} width={im.width} height={im.height} className="aspect-square w-full rounded object-cover" loading="lazy" />
            <div className="mt-2 flex flex-wrap gap-1">
              <Button variant="secondary" disabled={i === 0} onClick={() => void move(i, -1)} aria-label={`Move image ${i + 1} earlier`}>
                ←
              </Button>
              <Button
                variant="secondary"
                disabled={i === images.length - 1}
                onClick={() => void move(i, 1)}
                aria-label={`Move image ${i + 1} later`}
              >
                →
              </Button>
              <Button variant="danger" onClick={() => void remove(im)} aria-label={`Delete image ${i + 1}`}>
                Delete
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <label htmlFor="image-upload" className="mt-3 block text-sm font-semibold text-stone-800">
        Upload image
      </label>
      <input
        id="image-upload"
        type="file"
        accept="image/jpeg,image/png,image/webp"
        disabled={busy}
        onChange={(e) => {
          void upload(e.target.files?.[0]);
          e.target.value = '';
        }}
        className="mt-1 block text-sm"
      />
      {note && (
        <p role={note.kind === 'error' ? 'alert' : 'status'} className={`mt-2 ${note.kind === 'error' ? 'text-red-800' : 'text-brand-800'}`}>
          {note.text}
        </p>
      )}
    </section>
  );
}
