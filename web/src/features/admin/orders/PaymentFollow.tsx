import { useEffect } from 'react';
import { formatKsh } from '../../../shared/domain/money';
import { adminApi } from '../../../shared/api/admin';
import type { OrderDetail } from '../../../shared/api/shapes';
import { Note, Part, useAction } from '../../../shared/ui/controls';
import { Button } from '../../../shared/ui/Button';

/** How often an unpaid order is read again while staff wait with the caller. */
const FOLLOW_MS = 3000;

/**
 * An unpaid order's payment, followed live while the caller pays: "Send the prompt again" to
 * their phone, and the Paybill steps to read out (docs/ussd.md, "Phone orders").
 */
export function PaymentFollow({ order, onChanged }: { order: OrderDetail; onChanged: (o: OrderDetail) => void }) {
  const unpaid = order.status === 'pending_payment' || order.status === 'payment_failed';
  const { busy, note, setNote, run } = useAction();
  useEffect(() => {
    if (!unpaid) return;
    const timer = setInterval(() => {
      adminApi.order(order.orderId).then(onChanged, () => undefined);
    }, FOLLOW_MS);
    return () => clearInterval(timer);
  }, [unpaid, order.orderId, onChanged]);
  if (!unpaid) return null;
  const g = order.paybill;
  async function prompt() {
    await run(async () => {
      onChanged(await adminApi.promptOrder(order.orderId));
      setNote({ kind: 'ok', text: `The M-Pesa prompt is on its way to ${order.customer.phone}.` });
    }, 'The prompt could not be sent.');
  }
  return (
    <Part id="follow-h" title="Waiting for the payment">
      <p role="status">
        {order.status === 'payment_failed' ? 'The last payment failed.' : 'Waiting for the customer to pay.'} This page follows the payment as it
        comes.
      </p>
      <Button onClick={prompt} disabled={busy}>
        Send the prompt again
      </Button>
      <Note note={note} className="mt-2" />
      {g && (
        <>
          <h4 className="mt-3 font-bold text-stone-900">Paybill steps to read out</h4>
          <ol className="list-decimal pl-6">
            <li>Open M-Pesa and choose Lipa na M-Pesa.</li>
            <li>{g.kind === 'till' ? 'Choose Buy Goods and Services.' : 'Choose Pay Bill.'}</li>
            <li>
              {g.kind === 'till' ? 'Till number' : 'Business number'}: <strong>{g.business_number}</strong>
            </li>
            {g.kind !== 'till' && (
              <li>
                Account number: <strong>{g.account_number}</strong>
              </li>
            )}
            <li>
              Amount: <strong>{formatKsh(g.amount)}</strong>
            </li>
            <li>Enter the M-Pesa PIN and send.</li>
          </ol>
        </>
      )}
    </Part>
  );
}
