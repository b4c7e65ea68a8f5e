import { useState, type ChangeEvent } from 'react';
import { ApiError } from '../../../shared/api/api';
import { saveBlob } from '../../../shared/ui/download';
import type { ImportResult } from '../../../shared/api/shapes';
import { adminApi } from '../../../shared/api/admin';
import { Badge, Note, Part, errorText, useAction } from '../../../shared/ui/controls';
import { Button } from '../../../shared/ui/Button';

const ACTION_TONE = { create: 'blue', update: 'green', unchanged: 'grey', refused: 'red' } as const;

/**
 * Products as a spreadsheet (docs/product.md section 5): download every size as CSV, edit it in
 * Excel or LibreOffice, preview what importing it would do row by row, then import it: all rows in
 * one go, or nothing when a row is refused.
 */
export function ImportExportTab() {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const { busy, note, setNote, run } = useAction();

  async function download() {
    try {
      saveBlob(await adminApi.exportProducts(), `products-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (err) {
      setNote({ kind: 'error', text: errorText(err, 'The products could not be exported.') });
    }
  }

  function choose(e: ChangeEvent<HTMLInputElement>) {
    setFile(e.target.files?.[0] ?? null);
    setPreview(null);
    setNote(null);
  }

  async function send(dryRun: boolean) {
    if (!file || busy) return;
    setNote(null);
    await run(async () => {
      const res = await adminApi.importProducts(file, dryRun);
      setPreview(res);
      if (!dryRun) {
        setNote({ kind: 'ok', text: `Imported: ${res.summary.create} created, ${res.summary.update} updated, ${res.summary.unchanged} unchanged.` });
        setFile(null);
      }
    }, 'The file could not be imported.', (err) => {
      // A refused import answers with the rows, so the table says which and why.
      const body = err instanceof ApiError ? (err.body as Partial<ImportResult> | undefined) : undefined;
      if (body?.rows && body.summary) setPreview({ rows: body.rows, summary: body.summary, applied: false });
    });
  }

  const refused = preview?.summary.refused ?? 0;
  return (
    <div className="space-y-6">
      <Part level={2} id="export-h" title="Export">
        <p className="mt-1 text-stone-700">Every size of every product, one row each: edit prices, stock and weights in a spreadsheet.</p>
        <Button className="mt-2" onClick={() => void download()}>
          Download CSV
        </Button>
      </Part>
      <Part level={2} id="import-h" title="Import">
        <p className="mt-1 text-stone-700">
          A CSV in the export's columns, comma or semicolon separated. Rows are matched by SKU; a new SKU adds a size, a new product slug a
          product. Preview first: nothing is stored until you import, and a refused row stops the whole import.
        </p>
        <label htmlFor="import-file" className="mt-2 block font-semibold text-stone-900">
          CSV file
        </label>
        <input id="import-file" type="file" accept=".csv,text/csv" onChange={choose} className="mt-1 block min-h-11 text-sm" />
        <div className="mt-2 flex flex-wrap gap-2">
          <Button variant="secondary" disabled={!file || busy} onClick={() => void send(true)}>
            Preview
          </Button>
          <Button disabled={!file || busy || !preview || preview.applied || refused > 0} onClick={() => void send(false)}>
            Import
          </Button>
        </div>
        <Note note={note} className="mt-2" />
      </Part>
      {preview && (
        <section aria-labelledby="preview-h">
          <h2 id="preview-h" className="text-lg font-bold text-stone-900">
            {preview.applied ? 'Imported' : 'Preview'}: {preview.summary.create} to create, {preview.summary.update} to update,{' '}
            {preview.summary.unchanged} unchanged, {refused} refused
          </h2>
          <div className="mt-2 max-h-[60vh] overflow-auto rounded-md border border-stone-200 bg-white">
            <table className="w-full text-left text-sm">
              <thead className="sticky top-0 bg-stone-100">
                <tr>
                  <th className="px-2 py-1">Row</th>
                  <th className="px-2 py-1">SKU</th>
                  <th className="px-2 py-1">Product</th>
                  <th className="px-2 py-1">Action</th>
                  <th className="px-2 py-1">Reason</th>
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((r) => (
                  <tr key={r.row} className="border-t border-stone-200">
                    <td className="px-2 py-1">{r.row}</td>
                    <td className="px-2 py-1">{r.sku}</td>
                    <td className="px-2 py-1">{r.product_slug}</td>
                    <td className="px-2 py-1">
                      <Badge tone={ACTION_TONE[r.action]}>{r.action}</Badge>
                    </td>
                    <td className="px-2 py-1">{r.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </div>
  );
}
