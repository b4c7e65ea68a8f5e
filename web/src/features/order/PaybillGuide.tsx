import type { ReactNode } from 'react';
import { CopyButton } from '../../shared/ui/CopyButton';
import { orderMessages } from './messages';
import { formatKsh } from '../../shared/domain/money';
import type { Order, PayGuide } from '../../shared/api/shapes';

interface PaybillGuideProps {
  guide: PayGuide;
  order: Order;
  /** The prompt failed: the guide is the other road. Otherwise it is the road when no prompt came. */
  afterFailure: boolean;
}

/**
 * The second road every M-Pesa user knows: Lipa na M-Pesa from the phone's own menu, with the
 * order number as the account number (docs/payments.md section 10). The page turns to paid by
 * itself when the money arrives.
 */
export function PaybillGuide({ guide, order, afterFailure }: PaybillGuideProps) {
  const till = guide.kind === 'till';
  const m = orderMessages().paybill;
  const steps: ReactNode[] = [
    <>
      {m.open} <strong>M-Pesa</strong> {m.andChoose} <strong>{m.lipaNaMpesa}</strong>.
    </>,
    <>
      {m.choose} <strong>{till ? m.buyGoods : m.payBill}</strong>.
    </>,
    <>
      {till ? m.tillNumber : m.businessNumber}: <strong className="font-mono text-lg">{guide.business_number}</strong>
    </>,
  ];
  if (!till && guide.account_number) {
    steps.push(
      <span className="inline-flex flex-wrap items-center gap-x-3 gap-y-1">
        <span>
          {m.accountNumber}: <strong className="font-mono text-lg">{guide.account_number}</strong>
        </span>
        <CopyButton text={guide.account_number} label={m.copyAccountNumber} />
      </span>,
    );
  }
  steps.push(
    <>
      {m.amount}: <strong className="text-lg">{formatKsh(guide.amount)}</strong>
    </>,
    <>{m.enterPin}</>,
  );
  const paidSoFar = Number(order.amount_paid ?? 0) > 0;
  return (
    <section aria-labelledby="paybill-title" className="mt-5 rounded-md border border-stone-300 bg-white p-4">
      <h3 id="paybill-title" className="text-lg font-semibold text-stone-900">
        {afterFailure ? m.titleAfterFailure : m.titleNoRequest}
      </h3>
      {paidSoFar && (
        <p className="mt-1 text-stone-800">
          {m.received(formatKsh(order.amount_paid ?? '0'))} {m.stillToPay} <strong>{formatKsh(guide.amount)}</strong>.
        </p>
      )}
      <ol className="mt-2 list-decimal space-y-2 pl-5 text-stone-800">
        {steps.map((step, i) => (
          <li key={i}>{step}</li>
        ))}
      </ol>
      <p className="mt-3 text-sm text-stone-700">{m.keepOpen}</p>
    </section>
  );
}
