import { useState, type ChangeEvent } from 'react';
import { formatKsh } from '../../../shared/domain/money';
import type { StatementReport } from '../../../shared/api/shapes';
import { adminApi } from '../../../shared/api/admin';
import { Badge, Note, Part, formatDate, useAction } from '../../../shared/ui/controls';
import { Button } from '../../../shared/ui/Button';

// The M-Pesa statement against the shop's books (docs/payments.md section 13): the org portal's
// export is previewed, then uploaded; money in the shop never heard of is recorded once, and what
// the shop counts that the statement lacks is listed for the owner.

const OUTCOME: Record<string, { label: string; tone: 'green' | 'grey' | 'amber' | 'red' | 'blue' }> = {
  matched: { label: 'Matched', tone: 'green' },
  imported: { label: 'Recorded now', tone: 'blue' },
  unknown: { label: 'Unknown to the shop', tone: 'amber' },
  ignored: { label: 'Not completed', tone: 'grey' },
};

export function StatementUpload() {
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<StatementReport | null>(null);
  const { busy, note, setNote, run } = useAction();

  function choose(e: ChangeEvent<HTMLInputElement>) {
    setFile(e.target.files?.[0] ?? null);
    setReport(null);
    setNote(null);
  }

  async function send(dryRun: boolean) {
    if (!file) return;
    await run(async () => {
      const rep = await adminApi.uploadStatement(file, dryRun);
      setReport(rep);
      setNote({
        kind: 'ok',
        text: dryRun
          ? 'Preview: nothing is recorded yet.'
          : rep.imported > 0
            ? `${rep.imported === 1 ? '1 payment' : `${rep.imported} payments`} recorded from the statement.`
            : 'Statement checked: nothing new to record.',
      });
    }, 'The statement could not be checked.');
  }

  return (
    <Part id="statement-h" title="M-Pesa statement">
      <p className="text-sm text-stone-700">
        Export the statement from the M-Pesa org portal (CSV) and check it against the shop's payments and refunds. Uploading the same
        statement again changes nothing.
      </p>
      <label htmlFor="statement-file" className="mt-2 block font-semibold text-stone-900">
        Statement file
      </label>
      <input id="statement-file" type="file" accept=".csv,text/csv" onChange={choose} className="mt-1 block min-h-11 text-sm" />
      <div className="mt-2 flex flex-wrap gap-2">
        <Button variant="secondary" disabled={!file || busy} onClick={() => void send(true)}>
          Preview
        </Button>
        <Button disabled={!file || busy || !report} onClick={() => void send(false)}>
          Upload
        </Button>
      </div>
      <Note note={note} className="mt-2" />
      {report && <Report report={report} />}
    </Part>
  );
}

function Report({ report }: { report: StatementReport }) {
  const t = report.totals;
  return (
    <div className="mt-3 space-y-3">
      <p className="text-sm text-stone-700">
        {report.from && report.to ? `From ${formatDate(report.from)} to ${formatDate(report.to)}: ` : ''}
        statement in {formatKsh(t.statement_in)}, out {formatKsh(t.statement_out)}; the shop's books in {formatKsh(t.shop_in)}, out{' '}
        {formatKsh(t.shop_out)}.
      </p>
      {report.lines.length === 0 ? (
        <p className="text-stone-700">The statement has no transactions.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">The statement's lines</caption>
          <thead>
            <tr>
              <th scope="col">Receipt</th>
              <th scope="col">Completed</th>
              <th scope="col">In</th>
              <th scope="col">Out</th>
              <th scope="col">Order</th>
              <th scope="col">Outcome</th>
            </tr>
          </thead>
          <tbody>
            {report.lines.map((l, i) => (
              <tr key={`${l.receipt}-${i}`}>
                <td>{l.receipt}</td>
                <td>{formatDate(l.completed_at)}</td>
                <td>{l.paid_in === '0.00' ? '' : formatKsh(l.paid_in)}</td>
                <td>{l.withdrawn === '0.00' ? '' : formatKsh(l.withdrawn)}</td>
                <td>{l.order ?? ''}</td>
                <td>
                  <Badge tone={OUTCOME[l.outcome]?.tone ?? 'grey'}>{OUTCOME[l.outcome]?.label ?? l.outcome}</Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {report.missing.length === 0 ? (
        <p className="text-sm text-stone-700">Everything the shop counts in this period is on the statement.</p>
      ) : (
        <div role="alert">
          <p className="font-semibold text-red-900">The statement lacks {report.missing.length === 1 ? '1 transaction' : `${report.missing.length} transactions`} the shop counts:</p>
          <ul className="text-sm">
            {report.missing.map((m) => (
              <li key={m.receipt}>
                {m.receipt}: {formatKsh(m.amount)} ({m.kind}
                {m.order ? `, ${m.order}` : ''}), {formatDate(m.at)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
