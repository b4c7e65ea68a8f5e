import { useState, type FormEvent } from 'react';
import { adminApi } from '../../../shared/api/admin';
import type { Courier } from '../../../shared/api/shapes';
import { useResource } from '../../../shared/hooks/useResource';
import { ErrorState } from '../../../shared/ui/ErrorState';
import { TextField } from '../../../shared/ui/form/TextField';
import { Badge, Note, Part, useAction } from '../../../shared/ui/controls';
import { Button } from '../../../shared/ui/Button';

/** The couriers the shop sends with: the dispatch forms offer them, the default first. */
export function CouriersPanel() {
  const list = useResource('admin-couriers', () => adminApi.couriers(), { cache: false });
  const [name, setName] = useState('');
  const [isDefault, setDefault] = useState(false);
  const { busy, note, setNote, run } = useAction();

  async function add(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (name.trim() === '') {
      setNote({ kind: 'error', text: 'Name the courier.' });
      return;
    }
    await run(async () => {
      const c = await adminApi.createCourier({ name, is_default: isDefault });
      setName('');
      setDefault(false);
      setNote({ kind: 'ok', text: `${c.name} added.` });
      list.retry();
    }, 'The courier could not be added.');
  }
  async function makeDefault(c: Courier) {
    await run(async () => {
      await adminApi.updateCourier(c.id, { name: c.name, is_default: true });
      setNote({ kind: 'ok', text: `${c.name} is now the default.` });
      list.retry();
    }, 'The courier could not be changed.');
  }
  async function remove(c: Courier) {
    if (!window.confirm(`Remove ${c.name} from the list? Orders sent with it keep its name.`)) return;
    await run(async () => {
      await adminApi.deleteCourier(c.id);
      setNote({ kind: 'ok', text: `${c.name} removed.` });
      list.retry();
    }, 'The courier could not be removed.');
  }

  return (
    <Part level={2} id="couriers-h" title="Couriers">
      <p className="text-sm text-stone-700">Sending an order out offers these, the default first.</p>
      {list.error && <ErrorState title="We could not load the couriers." error={list.error} onRetry={list.retry} />}
      {list.data && (
        <ul aria-label="Couriers" className="mt-2 divide-y divide-stone-200 rounded-md border border-stone-200 bg-white">
          {list.data.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <span className="font-semibold">
                {c.name} {c.is_default && <Badge tone="green">Default</Badge>}
              </span>
              <span className="flex gap-2">
                {!c.is_default && (
                  <Button variant="secondary" onClick={() => void makeDefault(c)} aria-label={`Make ${c.name} the default`}>
                    Make default
                  </Button>
                )}
                <Button variant="danger" onClick={() => void remove(c)} aria-label={`Remove ${c.name}`}>
                  Remove
                </Button>
              </span>
            </li>
          ))}
          {list.data.length === 0 && <li className="px-3 py-4 text-stone-700">No couriers saved yet.</li>}
        </ul>
      )}
      <form noValidate onSubmit={add} aria-label="Add courier" className="mt-3 flex flex-wrap items-end gap-3">
        <div className="w-64">
          <TextField compact id="courier-name" label="Courier's name" value={name} onChange={setName} />
        </div>
        <label className="inline-flex min-h-10 items-center gap-2">
          <input type="checkbox" checked={isDefault} onChange={(e) => setDefault(e.target.checked)} className="h-5 w-5 accent-brand-700" />
          The default
        </label>
        <Button type="submit" disabled={busy}>
          Add courier
        </Button>
      </form>
      <Note note={note} className="mt-2" />
    </Part>
  );
}
