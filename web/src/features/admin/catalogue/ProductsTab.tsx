import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SelectField } from '../../../shared/ui/form/SelectField';
import { TextField } from '../../../shared/ui/form/TextField';
import { ApiError } from '../../../shared/api/api';
import { formatKsh } from '../../../shared/domain/money';
import type { AdminProductCard } from '../../../shared/api/shapes';
import { adminApi } from '../../../shared/api/admin';
import { ListScreen, SelectionBar, useSelection } from '../../../shared/ui/ListScreen';
import { saveBlob } from '../../../shared/ui/download';
import { Chip, SortHeader } from '../../../shared/ui/ListFilters';
import { Th } from '../../../shared/ui/ListTable';
import { ProductEditor } from './ProductEditor';
import { MSG } from '../../../shared/domain/adminRules';
import { Badge, Note, formatDate, useAction, type NoteState } from '../../../shared/ui/controls';
import { Button } from '../../../shared/ui/Button';
import { useSubPath } from '../../../shared/hooks/useSubPath';
import { useResource } from '../../../shared/hooks/useResource';
import { invalidate, useAdminResource } from '../../../shared/hooks/useAdminResource';
import { useUrlQuery, useUrlSearch } from '../../../shared/hooks/useUrlQuery';

/**
 * /admin/products (its filters, sort and page in the address), /admin/products/new and
 * /admin/products/{id}: a product being edited has its own address, so a reload keeps it open, and
 * closing it comes back to the list as it was filtered.
 */
export function ProductsTab() {
  const rest = useSubPath();
  const navigate = useNavigate();
  const location = useLocation();
  const editing: number | 'new' | null = rest === 'new' ? 'new' : /^\d+$/.test(rest) ? Number(rest) : null;
  const setEditing = (to: number | 'new' | null) => void navigate(`${to === null ? '/admin/products' : `/admin/products/${to}`}${location.search}`);
  // What the last delete did, in the page: a native alert would block the whole screen.
  const [note, setNote] = useState<NoteState>(null);
  const q = useUrlQuery();
  const [search, setSearch] = useUrlSearch(q);
  const apiQuery = new URLSearchParams();
  for (const k of API_KEYS) if (q.get(k)) apiQuery.set(k, q.get(k));
  const query = apiQuery.toString();
  const list = useAdminResource(editing === null ? `admin-products?${query}` : null, () => adminApi.products(Object.fromEntries(apiQuery)));
  const cats = useResource('categories', () => adminApi.categories(), { cache: false });
  const selection = useSelection();

  if (editing !== null) {
    return (
      <ProductEditor
        id={editing === 'new' ? null : editing}
        categories={cats.data ?? []}
        onCreated={(id) => setEditing(id)}
        // What the editor changed (texts, price, sizes, stock, publishing) shows in the list it returns to.
        onClose={() => {
          invalidate('admin-products');
          setEditing(null);
        }}
      />
    );
  }

  async function remove(p: AdminProductCard) {
    if (!window.confirm(MSG.confirmDeleteProduct)) return;
    try {
      const answer = await adminApi.deleteProduct(p.id);
      setNote({ kind: 'ok', text: answer.deactivated ? answer.message : MSG.productDeleted });
    } catch (err) {
      setNote({
        kind: 'error',
        text: err instanceof ApiError && err.status !== 0 && err.status < 500 ? `${MSG.productDeleteFailed}: ${err.message}` : MSG.productDeleteFailed,
      });
    }
    list.retry();
  }

  const catName = (id: number) => cats.data?.find((c) => c.id === id)?.name ?? '';
  const counts = list.data?.status_counts;
  const status = q.get('status');
  const sort = q.get('sort');
  const rows = list.data?.results ?? [];
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-48 flex-1">
          <TextField compact id="product-search" label="Search products" type="search" value={search} onChange={setSearch} placeholder="Name or SKU" />
        </div>
        <div className="w-44">
          <SelectField compact id="product-category" label="Category" value={q.get('category')} onChange={(v) => q.set({ category: v })}>
            <option value="">All categories</option>
            {(cats.data ?? []).map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="w-40">
          <SelectField compact id="product-stock" label="Stock" value={q.get('stock')} onChange={(v) => q.set({ stock: v })}>
            <option value="">Any stock</option>
            <option value="low">Low stock</option>
            <option value="out">Out of stock</option>
          </SelectField>
        </div>
        <Button onClick={() => setEditing('new')}>Add product</Button>
      </div>
      <div role="group" aria-label="Status" className="flex flex-wrap gap-2">
        <Chip on={status === ''} onClick={() => q.set({ status: null })} count={counts ? counts.active + counts.inactive : undefined}>
          All
        </Chip>
        <Chip on={status === 'active'} onClick={() => q.set({ status: 'active' })} count={counts?.active}>
          Active
        </Chip>
        <Chip on={status === 'inactive'} onClick={() => q.set({ status: 'inactive' })} count={counts?.inactive}>
          Inactive
        </Chip>
        <Chip on={status === 'draft'} onClick={() => q.set({ status: 'draft' })} count={counts?.draft}>
          Drafts
        </Chip>
      </div>
      <Note note={note} />
      <ProductsBulkBar
        products={rows.filter((p) => selection.has(String(p.id)))}
        onDone={() => {
          selection.clear();
          list.retry();
        }}
      />
      <ListScreen
        list={list}
        what="We could not load the products."
        loading="Loading products…"
        noun={['product', 'products']}
        caption="Products"
        columns={6}
        empty="No products found"
        page={q.page}
        onPage={q.setPage}
        rowKey={(p) => String(p.id)}
        select={{ selection, label: (p) => `Select ${p.name}`, all: 'Select every product on this page' }}
        head={
          <>
            <SortHeader label="Product" sort={sort} desc="-name" asc="name" onSort={(s) => q.set({ sort: s })} />
            <Th>Category</Th>
            <SortHeader label="Price" sort={sort} desc="-price" asc="price" onSort={(s) => q.set({ sort: s })} className="text-right" />
            <SortHeader label="Stock" sort={sort} desc="-stock" asc="stock" onSort={(s) => q.set({ sort: s })} className="text-right" />
            <SortHeader label="Updated" sort={sort} desc="-updated" asc="updated" onSort={(s) => q.set({ sort: s })} />
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </>
        }
        cells={(p) => (
          <>
            <td className="px-2 py-2">
              <div className="flex items-center gap-3">
                {p.images[0] ? (
                  <img src={p.images[0].image} alt="" width={40} height={40} className="h-10 w-10 rounded object-cover" loading="lazy" />
                ) : (
                  <span className="h-10 w-10 shrink-0 rounded bg-stone-100" aria-hidden="true" />
                )}
                <div>
                  <p className="font-semibold text-stone-900">{p.name}</p>
                  <p className="mt-1 flex flex-wrap gap-1">
                    {p.is_draft ? <Badge tone="amber">Draft</Badge> : <Badge tone={p.is_active ? 'green' : 'grey'}>{p.is_active ? 'Active' : 'Inactive'}</Badge>}
                    {p.is_featured && <Badge tone="amber">Featured</Badge>}
                    {p.is_best_seller && <Badge tone="blue">Best Seller</Badge>}
                    {p.is_new_arrival && <Badge tone="blue">New Product</Badge>}
                    {p.promo && <Badge tone="amber">Promo: {p.promo}</Badge>}
                  </p>
                </div>
              </div>
            </td>
            <td className="px-2 py-2">{catName(p.category)}</td>
            <td className="px-2 py-2 text-right whitespace-nowrap">{formatKsh(p.base_price)}</td>
            <td className="px-2 py-2 text-right whitespace-nowrap">
              {p.variants.reduce((n, v) => n + v.stock, 0)}
              <span className="block text-xs text-stone-600">
                {p.variants.length} {p.variants.length === 1 ? 'size' : 'sizes'}
              </span>
            </td>
            <td className="px-2 py-2 whitespace-nowrap">{formatDate(p.updated_at)}</td>
            <td className="px-2 py-2">
              <div className="flex justify-end gap-2">
                <Button variant="secondary" onClick={() => setEditing(p.id)} aria-label={`Edit ${p.name}`}>
                  Edit
                </Button>
                <Button variant="danger" onClick={() => void remove(p)} aria-label={`Delete ${p.name}`}>
                  Delete
                </Button>
              </div>
            </td>
          </>
        )}
      />
    </div>
  );
}

/** The query parameters the list sends the API. */
const API_KEYS = ['search', 'status', 'category', 'stock', 'sort', 'page'];

/** Publish, hide or export the selected products; the answer names any refused and why. */
function ProductsBulkBar({ products, onDone }: { products: AdminProductCard[]; onDone: () => void }) {
  const { busy, note, setNote, run } = useAction();
  const ids = products.map((p) => p.id);
  const name = (id: number) => products.find((p) => p.id === id)?.name ?? `#${id}`;

  async function bulk(action: 'publish' | 'hide') {
    await run(async () => {
      const answer = await adminApi.bulkProducts(action, ids);
      const n = answer.changed.length;
      const done = `${n} ${n === 1 ? 'product' : 'products'} ${action === 'publish' ? 'published' : 'hidden'}.`;
      setNote(
        answer.refused.length
          ? { kind: 'error', text: `${done} Not ${action === 'publish' ? 'published' : 'hidden'}: ${answer.refused.map((r) => `${name(r.id)}: ${r.error}`).join('; ')}` }
          : { kind: 'ok', text: done },
      );
      onDone();
    }, action === 'publish' ? 'The products could not be published.' : 'The products could not be hidden.');
  }

  async function exportCsv() {
    await run(async () => {
      saveBlob(await adminApi.exportProducts(ids), 'products-selected.csv');
    }, 'The products could not be exported.');
  }

  return (
    <SelectionBar label="Selected products" count={products.length} none="No products selected" footer={<Note note={note} className="mt-2" />}>
      <Button onClick={() => void bulk('publish')} disabled={busy}>
        Publish selected
      </Button>
      <Button variant="secondary" onClick={() => void bulk('hide')} disabled={busy}>
        Hide selected
      </Button>
      <Button variant="secondary" onClick={() => void exportCsv()} disabled={busy}>
        Export selected (CSV)
      </Button>
    </SelectionBar>
  );
}
