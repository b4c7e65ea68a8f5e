import { useState, type FormEvent } from 'react';
import { SelectField } from '../../../shared/ui/form/SelectField';
import { TextField } from '../../../shared/ui/form/TextField';
import { ApiError } from '../../../shared/api/api';
import type { AdminCategory } from '../../../shared/api/shapes';
import type { Errors } from '../../../shared/domain/validation';
import { adminApi } from '../../../shared/api/admin';
import { MSG, categorySlug, descendants, validateCategory } from '../../../shared/domain/adminRules';
import { CategoryOptions, LoadError, Note, Part, useAction, type NoteState } from '../../../shared/ui/controls';
import { Button } from '../../../shared/ui/Button';
import { useResource } from '../../../shared/hooks/useResource';

export function CategoriesTab() {
  const cats = useResource('categories', () => adminApi.categories(), { cache: false });
  const [editing, setEditing] = useState<AdminCategory | null>(null);
  // What the last delete did, in the page: a native alert would block the whole screen.
  const [note, setNote] = useState<NoteState>(null);
  const all = cats.data ?? [];
  const nameOf = (id: number | null) => (id === null ? '' : (all.find((c) => c.id === id)?.name ?? ''));

  async function remove(c: AdminCategory) {
    if (!window.confirm(MSG.confirmDeleteCategory)) return;
    try {
      await adminApi.deleteCategory(c.id);
      setNote({ kind: 'ok', text: MSG.categoryDeleted });
      if (editing?.id === c.id) setEditing(null);
    } catch (err) {
      setNote({
        kind: 'error',
        text: err instanceof ApiError && err.status !== 0 && err.status < 500 ? `${MSG.categoryDeleteFailed}: ${err.message}` : MSG.categoryDeleteFailed,
      });
    }
    cats.retry();
  }

  if (cats.error && !cats.data) return <LoadError what="the categories" error={cats.error} onRetry={cats.retry} />;
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <CategoryForm
        key={editing?.id ?? 'new'}
        category={editing}
        all={all}
        onDone={() => {
          setEditing(null);
          cats.retry();
        }}
      />
      <Part level={2} id="cat-list-h" title="Categories">
        <Note note={note} className="mt-2" />
        <ul className="mt-2 divide-y divide-stone-200 rounded-md border border-stone-200 bg-white" aria-label="Categories">
          {all.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <div>
                <p className="font-semibold text-stone-900">{c.name}</p>
                <p className="text-sm text-stone-600">
                  {c.slug}
                  {c.parent !== null && ` · under ${nameOf(c.parent)}`} · {c.product_count}{' '}
                  {c.product_count === 1 ? 'product' : 'products'}
                </p>
              </div>
              <div className="flex gap-2">
                <Button variant="secondary" onClick={() => setEditing(c)} aria-label={`Edit ${c.name}`}>
                  Edit
                </Button>
                <Button variant="danger" onClick={() => void remove(c)} aria-label={`Delete ${c.name}`}>
                  Delete
                </Button>
              </div>
            </li>
          ))}
          {cats.data && all.length === 0 && <li className="px-3 py-4 text-stone-700">No categories yet.</li>}
        </ul>
      </Part>
    </div>
  );
}

interface CategoryFields {
  name: string;
  parent: string;
  name_sw: string;
}

function CategoryForm({ category, all, onDone }: { category: AdminCategory | null; all: AdminCategory[]; onDone: () => void }) {
  const [f, setF] = useState<CategoryFields>({
    name: category?.name ?? '',
    parent: category?.parent != null ? String(category.parent) : '',
    name_sw: category?.name_sw ?? '',
  });
  const [errors, setErrors] = useState<Errors<keyof CategoryFields>>({});
  const { busy, note: message, setNote: setMessage, run } = useAction();
  const id = category?.id ?? null;
  // A category cannot sit under itself or under one of its own sub-categories.
  const below = id === null ? new Set<number>() : descendants(id, all);
  const parents = all.filter((c) => c.id !== id && !below.has(c.id));
  // A field's message goes as soon as the field is edited.
  const field = (k: keyof CategoryFields) => ({
    value: f[k],
    onChange: (v: string) => {
      setF({ ...f, [k]: v });
      setErrors({ ...errors, [k]: undefined });
    },
    error: errors[k],
  });

  async function save(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const bad = validateCategory(f, id, all);
    setErrors(bad);
    if (Object.keys(bad).length > 0) {
      setMessage(null);
      return;
    }
    const body = { name: f.name.trim(), parent: f.parent === '' ? null : Number(f.parent), name_sw: f.name_sw.trim() };
    await run(async () => {
      if (id === null) await adminApi.createCategory(body);
      else await adminApi.updateCategory(id, body);
      setMessage({ kind: 'ok', text: id === null ? 'Category created.' : 'Category saved.' });
      setF({ name: '', parent: '', name_sw: '' });
      onDone();
    }, 'The category could not be saved.', (err) => {
      if (err instanceof ApiError && err.fields) setErrors(err.fields as Errors<keyof CategoryFields>);
    });
  }

  return (
    <Part level={2} id="cat-form-h" title={id === null ? 'Add category' : `Edit ${category?.name}`}>
      <form noValidate onSubmit={save} aria-label="Category" className="mt-2 space-y-4">
        <TextField
          compact
          id="category-name"
          label="Name"
          {...field('name')}
          hint={f.name.trim() ? `Slug: ${categorySlug(f.name)}` : "The slug is the name's letters and digits in lower case, with hyphens between words."}
        />
        <TextField compact id="category-name-sw" label="Name (Kiswahili)" {...field('name_sw')} hint="Shown to shoppers who chose Kiswahili. Left empty, they see the English name." />
        <SelectField compact id="category-parent" label="Parent" {...field('parent')}>
          <option value="">None (top level)</option>
          <CategoryOptions categories={parents} />
        </SelectField>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={busy}>
            {id === null ? 'Create category' : 'Save category'}
          </Button>
          {id !== null && (
            <Button variant="secondary" onClick={onDone}>
              Cancel
            </Button>
          )}
        </div>
        <Note note={message} />
      </form>
    </Part>
  );
}
