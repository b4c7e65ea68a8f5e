import { useState } from 'react';
import { saveBlob } from './download';
import { ordersMessages } from '../i18n/messages/orders';
import { fetchReceipt, receiptFilename } from '../api/orders';

/** Saves a paid order's receipt PDF: the confirmation page and My Account offer it. */
export function ReceiptButton({ orderId, className = '' }: { orderId: string; className?: string }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const m = ordersMessages().receipt;
  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      saveBlob(await fetchReceipt(orderId), receiptFilename(orderId));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={className}>
      <button
        type="button"
        onClick={() => void download()}
        disabled={busy}
        aria-busy={busy || undefined}
        className="inline-flex h-11 items-center rounded-md border-2 border-brand-700 bg-white px-4 font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-70"
      >
        {busy ? m.downloading : m.download}
      </button>
      {failed && (
        <p role="alert" className="mt-1 text-sm font-medium text-red-800">
          {m.failed}
        </p>
      )}
    </div>
  );
}
