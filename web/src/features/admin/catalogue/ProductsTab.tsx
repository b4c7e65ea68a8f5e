import { useState } from 'react';
import { useNavigate } from 'react-router';
import { SelectField } from '../../../shared/ui/form/SelectField';
import { TextField } from '../../../shared/ui/form/TextField';
import { ApiError } from '../../../shared/api/api';
import { formatKsh } from '../../../shared/domain/money';
import type { AdminProductCard } from '../../../shared/api/shapes';
import { adminApi } from '../../../shared/api/admin';
import { PagedList, usePagedList } from '../../../shared/ui/PagedList';
import { ProductEditor } from './ProductEditor';
import { MSG } from '../../../shared/domain/adminRules';
import { Badge, Button, Note, type NoteState } from '../../../shared/ui/controls';
import { useSubPath } from '../../../shared/hooks/useSubPath';
import { useResource } from '../../../shared/hooks/useResource';

/**
 * /admin/products (its search and filter in the address), /admin/products/new and
 * /admin/products/{id}: a product being edited has its own address, so a reload keeps it open.
 */
export function ProductsTab() {
  const rest = useSubPath();
  const navigate = useNavigate();
  const editing: number | 'new' | null = rest === 'new' ? 'new' : /^\d+$/.test(rest) ? Number(rest) : null;
  const setEditing = (to: number | 'new' | null) => void navigate(to === null ? '/admin/products' : `/admin/products/${to}`);
  // What the last delete did, in the page: a native alert would block the whole screen.
  const [note, setNote] = useState<NoteState>(null);
  const { list, page, setPage, search, setSearch, filters, setFilter } = usePagedList({ status: '' }, (q) =>
    adminApi.products({ search: q.search, status: q.status, page: q.page }),
  );
  const cats = useResource('categories', () => adminApi.categories(), { cache: false });

  if (editing !== null) {
    return (
      <ProductEditor
        id={editing === 'new' ? null : editing}
        categories={cats.data ?? []}
        onCreated={(id) => setEditing(id)}
        onClose={() => {
          setEditing(null);
          list.retry();
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
  return (
    <div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-48 flex-1">
          <TextField compact id="product-search" label="Search products" type="search" value={search} onChange={setSearch} placeholder="Name or SKU" />
        </div>
        <div className="w-40">
          <SelectField compact id="product-status" label="Show" value={filters.status} onChange={(v) => setFilter('status', v)}>
            <option value="">All</option>
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
            <option value="draft">Drafts</option>
          </SelectField>
        </div>
        <Button onClick={() => setEditing('new')}>Add product</Button>
      </div>
      <Note note={note} className="mt-3" />
      <PagedList list={list} page={page} onPage={setPage} label="Products" noun={['product', 'products']} what="the products" empty="No products found" loading="Loading products…">
        {(p) => (
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
                {p.is_draft ? <Badge tone="amber">Draft</Badge> : <Badge tone={p.is_active ? 'green' : 'grey'}>{p.is_active ? 'Active' : 'Inactive'}</Badge>}
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
        )}
      </PagedList>
    </div>
  );
}
