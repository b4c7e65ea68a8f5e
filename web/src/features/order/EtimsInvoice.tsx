import { encode } from 'uqr';
import { orderMessages } from './messages';
import type { Order } from '../../shared/api/shapes';

/** Groups KRA's internal data and signature by four characters, as the receipt prints them. */
function fours(s: string): string {
  return s.replace(/(.{4})(?=.)/g, '$1-');
}

/**
 * A paid order's KRA eTIMS tax invoice (docs/etims.md section 8): once KRA signed it, its SCU
 * information and the link KRA's QR code holds; before, that it is pending; without eTIMS, that
 * the receipt is not a tax invoice.
 */
export function EtimsInvoice({ order }: { order: Pick<Order, 'etims' | 'kra_pin'> }) {
  const m = orderMessages().etims;
  const e = order.etims;
  if (!e || e.status === 'off') return <p className="mt-3 text-sm text-stone-600">{m.off}</p>;
  if (e.status !== 'signed') return <p className="mt-3 text-sm font-medium text-stone-800">{m.pending}</p>;
  const rows: [string, string][] = [
    [m.cuInvoice, e.cu_invoice_no],
    [m.scuId, e.scu_id],
    [m.signedAt, e.signed_at ? new Date(e.signed_at).toLocaleString('en-KE', { timeZone: 'Africa/Nairobi' }) : ''],
    [m.internalData, fours(e.internal_data)],
    [m.signature, fours(e.receipt_signature)],
  ];
  if (order.kra_pin) rows.push([m.buyerPin, order.kra_pin]);
  return (
    <section aria-labelledby="etims-title" className="mt-4 rounded border border-stone-200 p-3 text-sm">
      <h3 id="etims-title" className="font-semibold text-stone-900">
        {m.title}
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-stone-600">{label}</dt>
            <dd className="font-mono break-all text-stone-900">{value}</dd>
          </div>
        ))}
      </dl>
      {e.verify_url && (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <VerifyQR url={e.verify_url} label={m.qr} />
          <a href={e.verify_url} target="_blank" rel="noopener noreferrer" className="text-emerald-800 underline">
            {m.verify}
          </a>
        </div>
      )}
    </section>
  );
}

/**
 * KRA's verification link as a QR code, as the PDF receipt prints it: a farmer shows the page at
 * the counter, or an accountant scans a printout. One SVG path of the dark modules, drawn in the
 * page's own markup (no inline style, no image request).
 */
function VerifyQR({ url, label }: { url: string; label: string }) {
  const qr = encode(url, { ecc: 'M', border: 2 });
  let d = '';
  qr.data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${qr.size} ${qr.size}`} width="112" height="112" className="shrink-0 bg-white" shapeRendering="crispEdges">
      <path d={d} fill="#000" />
    </svg>
  );
}
