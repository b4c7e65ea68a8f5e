import { useState } from 'react';
import { TextField } from '../../../shared/ui/form/TextField';
import type { VatClass } from '../../../shared/api/shapes';
import { adminApi } from '../../../shared/api/admin';
import { LoadState, Note, Part, useAction } from '../../../shared/ui/controls';
import { Button } from '../../../shared/ui/Button';
import { useResource } from '../../../shared/hooks/useResource';

// VAT rates are data (docs/architecture.md section 11): a Finance Act changes them here, not in
// the code. Orders keep the rate they were placed at; bands A, C and D carry none.

export const VAT_RATE_MSG = 'Give a rate from 0 to 100 with at most two decimals, like 16 or 8.5.';

export function checkRate(v: string): string | undefined {
  const s = v.trim();
  return /^\d{1,3}(\.\d{1,2})?$/.test(s) && Number(s) <= 100 ? undefined : VAT_RATE_MSG;
}

export function VatTab() {
  const classes = useResource('vat', () => adminApi.vatClasses(), { cache: false });
  return (
    <LoadState loaded={classes} what="the VAT rates">
      {(all) => (
        <Part level={2} id="vat-h" title="VAT rates">
          <p className="mt-1 text-stone-700">Prices include VAT. A new rate applies to orders placed from now on; each product's class is set in its editor.</p>
          <ul className="mt-3 divide-y divide-stone-200 rounded-md border border-stone-200 bg-white">
            {all.map((c) => (
              <VatRow key={c.code} vatClass={c} />
            ))}
          </ul>
        </Part>
      )}
    </LoadState>
  );
}

function VatRow({ vatClass }: { vatClass: VatClass }) {
  const [rate, setRate] = useState(vatClass.rate);
  const [error, setError] = useState<string | undefined>();
  const { busy, note, setNote, run } = useAction();
  const exempt = vatClass.code === 'A' || vatClass.code === 'C' || vatClass.code === 'D';
  async function save() {
    const bad = checkRate(rate);
    setError(bad);
    setNote(null);
    if (bad) return;
    await run(async () => {
      const saved = await adminApi.setVatRate(vatClass.code, rate.trim());
      setRate(saved.rate);
      setNote({ kind: 'ok', text: `${saved.name}: ${saved.rate}% saved.` });
    }, 'The rate could not be saved.');
  }
  return (
    <li className="flex flex-wrap items-end gap-3 px-3 py-3">
      <div className="w-40">
        <TextField
          compact
          id={`vat-${vatClass.code}`}
          label={`${vatClass.name} (%)`}
          type="number"
          step="0.01"
          min="0"
          max="100"
          value={rate}
          onChange={setRate}
          error={error}
          disabled={exempt}
          hint={exempt ? 'Bands A, C and D carry no VAT.' : undefined}
        />
      </div>
      {!exempt && (
        <Button disabled={busy} onClick={() => void save()}>
          Save rate
        </Button>
      )}
      <Note note={note} />
    </li>
  );
}
