import { useState, type FormEvent } from 'react';
import { SelectField } from '../../../shared/ui/form/SelectField';
import { TextField } from '../../../shared/ui/form/TextField';
import { ApiError } from '../../../shared/api/api';
import type { StockPayload } from '../../../shared/api/shapes';
import type { Errors } from '../../../shared/domain/validation';
import { adminApi } from '../../../shared/api/admin';
import { STOCK_REASON, validateStock, type StockForm } from '../../../shared/domain/adminRules';
import { LoadError, Note, formatDate, type NoteState } from '../../../shared/ui/controls';
import { Button } from '../../../shared/ui/Button';
import { invalidate, useAdminResource } from '../../../shared/hooks/useAdminResource';

/**
 * One size's stock (docs/product.md section 5): "Receive stock" when a delivery from the mill
 * arrives, "Adjust stock" when a bag bursts or a count differs, and the history of every change.
 */
export function StockPanel({ productId, variantId, stock, onStock }: { productId: number; variantId: number; stock: number; onStock: (stock: number) => void }) {
  const [page, setPage] = useState(1);
  const history = useAdminResource(`admin-stock:${variantId}:${page}`, () => adminApi.stockHistory(productId, variantId, page));
  const changed = (next: number) => {
    onStock(next);
    setPage(1);
    invalidate(`admin-stock:${variantId}:`);
  };
  return (
    <details className="mt-1 rounded-md border border-stone-200 bg-white px-3 py-1">
      <summary className="inline-flex min-h-10 cursor-pointer items-center text-sm font-semibold text-brand-800">Stock: receive, adjust, history</summary>
      <div className="mt-2 grid gap-3 md:grid-cols-2">
        <StockChangeForm title="Receive stock" kinds={['received']} productId={productId} variantId={variantId} stock={stock} onDone={changed} />
        <StockChangeForm title="Adjust stock" kinds={['damaged', 'count_correction']} productId={productId} variantId={variantId} stock={stock} onDone={changed} />
      </div>
      <h4 className="mt-3 text-sm font-bold text-stone-900">History</h4>
      {history.error ? (
        <LoadError what="the stock history" error={history.error} onRetry={history.retry} />
      ) : !history.data ? (
        <p role="status" className="text-sm text-stone-700">Loading…</p>
      ) : history.data.count === 0 ? (
        <p className="text-sm text-stone-700">No stock changes recorded yet.</p>
      ) : (
        <>
          <table className="mt-1 w-full text-left text-sm">
            <thead>
              <tr className="text-stone-700">
                <th className="py-1 pr-2">When</th>
                <th className="py-1 pr-2">Change</th>
                <th className="py-1 pr-2">Stock after</th>
                <th className="py-1 pr-2">Reason</th>
                <th className="py-1">By</th>
              </tr>
            </thead>
            <tbody>
              {history.data.results.map((m) => (
                <tr key={m.id} className="border-t border-stone-200">
                  <td className="py-1 pr-2">{formatDate(m.created_at)}</td>
                  <td className="py-1 pr-2 font-semibold">{m.quantity > 0 ? `+${m.quantity}` : m.quantity}</td>
                  <td className="py-1 pr-2">{m.stock_after}</td>
                  <td className="py-1 pr-2">
                    {STOCK_REASON[m.reason] ?? m.reason}
                    {m.order_id !== null && ` (order #${m.order_id})`}
                    {m.note && <span className="block text-stone-700">{m.note}</span>}
                  </td>
                  <td className="py-1">{m.actor}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="mt-2 flex gap-2">
            {history.data.previous && <Button variant="secondary" onClick={() => setPage(page - 1)}>Newer</Button>}
            {history.data.next && <Button variant="secondary" onClick={() => setPage(page + 1)}>Older</Button>}
          </div>
        </>
      )}
    </details>
  );
}

const KIND_LABEL: Record<StockForm['kind'], string> = {
  received: 'Received',
  damaged: 'Damaged (write off)',
  count_correction: 'Count correction (set the stock)',
};

function StockChangeForm({
  title,
  kinds,
  productId,
  variantId,
  stock,
  onDone,
}: {
  title: string;
  kinds: StockForm['kind'][];
  productId: number;
  variantId: number;
  /** The size's stock as the editor now holds it: a report of another number is out of date. */
  stock: number;
  onDone: (stock: number) => void;
}) {
  const first = kinds[0]!;
  const [f, setF] = useState<StockForm>({ kind: first, amount: '', note: '' });
  const [errors, setErrors] = useState<Errors<keyof StockForm>>({});
  const [note, setNote] = useState<NoteState>(null);
  const [busy, setBusy] = useState(false);
  const [reported, setReported] = useState<number | null>(null);
  const id = `stock-${variantId}-${first}`;
  const set = (k: keyof StockForm, v: string) => {
    setF({ ...f, [k]: v } as StockForm);
    setErrors({ ...errors, [k]: undefined });
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const bad = validateStock(f);
    setErrors(bad);
    if (Object.keys(bad).length > 0) return;
    const body: StockPayload =
      f.kind === 'count_correction'
        ? { kind: f.kind, count: f.amount.trim(), note: f.note }
        : { kind: f.kind, quantity: f.amount.trim(), note: f.note };
    setBusy(true);
    try {
      const m = await adminApi.adjustStock(productId, variantId, body);
      setF({ kind: f.kind, amount: '', note: '' });
      setNote({ kind: 'ok', text: `Stock is now ${m.stock_after}.` });
      setReported(m.stock_after);
      onDone(m.stock_after);
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : undefined;
      if (fields) setErrors({ amount: fields.quantity ?? fields.count, note: fields.note });
      setNote({ kind: 'error', text: err instanceof Error ? err.message : 'The stock could not be changed.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-label={title} className="space-y-2 rounded-md border border-stone-200 p-3">
      <h4 className="text-sm font-bold text-stone-900">{title}</h4>
      {kinds.length > 1 && (
        <SelectField compact id={`${id}-kind`} label="What happened" value={f.kind} onChange={(v) => set('kind', v)}>
          {kinds.map((k) => (
            <option key={k} value={k}>
              {KIND_LABEL[k]}
            </option>
          ))}
        </SelectField>
      )}
      <TextField
        compact
        id={`${id}-amount`}
        label={f.kind === 'count_correction' ? 'Bags counted' : 'Quantity'}
        type="number"
        step="1"
        min={f.kind === 'count_correction' ? '0' : '1'}
        inputMode="numeric"
        value={f.amount}
        onChange={(v) => set('amount', v)}
        error={errors.amount}
      />
      <TextField compact id={`${id}-note`} label="Note" optional value={f.note} onChange={(v) => set('note', v)} error={errors.note} />
      <Button type="submit" disabled={busy}>
        {title}
      </Button>
      <Note note={note?.kind === 'ok' && reported !== null && reported !== stock ? null : note} className="text-sm" />
    </form>
  );
}
