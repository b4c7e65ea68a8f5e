import { ErrorState } from '../../shared/ui/ErrorState';
import { FieldError } from '../../shared/ui/form/Field';
import { BUSINESS } from '../../shared/domain/business';
import { feeText } from '../../shared/domain/delivery';
import { checkoutMessages } from './messages';
import { formatKsh } from '../../shared/domain/money';
import type { DeliveryOption } from '../../shared/api/shapes';
import type { Resource } from '../../shared/hooks/useResource';

interface DeliveryOptionsProps {
  /** The field's id: the first card's radio carries it, so a message can move the focus there. */
  id: string;
  county: string;
  options: Resource<DeliveryOption[]> | null;
  value: string;
  error: string | undefined;
  onChange: (id: string) => void;
}

/**
 * The ways the cart can reach the county, as radio cards with their fee and time (and a pickup
 * point's address and hours), cheapest first, as the server priced them for this cart.
 */
export function DeliveryOptions({ id, county, options, value, error, onChange }: DeliveryOptionsProps) {
  const m = checkoutMessages().delivery;
  let body;
  if (!county || !options) {
    body = <p className="text-stone-700">{m.chooseCountyFirst}</p>;
  } else if (options.status === 'error') {
    body = <ErrorState title={m.failed} error={options.error} onRetry={options.retry} />;
  } else if (options.status === 'loading') {
    body = (
      <p role="status" className="text-stone-700">
        {m.finding(county)}
      </p>
    );
  } else if (options.data.length === 0) {
    body = <p className="text-stone-800">{m.none(county, BUSINESS.phone)}</p>;
  } else {
    body = (
      <div className="space-y-3">
        {options.data.map((o, i) => (
          <OptionCard key={o.id} option={o} id={i === 0 ? id : `${id}-${o.id}`} checked={value === o.id} error={error} onChange={onChange} />
        ))}
      </div>
    );
  }
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-semibold text-stone-800">{m.legend}</legend>
      {body}
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

function OptionCard(props: { option: DeliveryOption; id: string; checked: boolean; error: string | undefined; onChange: (id: string) => void }) {
  const { option: o, id, checked, error, onChange } = props;
  const m = checkoutMessages().delivery;
  return (
    <label
      htmlFor={id}
      className={`flex cursor-pointer items-start gap-3 rounded-md border p-4 ${checked ? 'border-brand-600 bg-brand-50' : 'border-stone-300 bg-white'}`}
    >
      <input
        type="radio"
        id={id}
        name="delivery"
        value={o.id}
        checked={checked}
        aria-invalid={error ? true : undefined}
        onChange={() => onChange(o.id)}
        className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
      />
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap justify-between gap-x-3">
          <span className="font-semibold text-stone-900">{o.name}</span>
          <span className="font-semibold text-stone-900">{feeText(o.fee, formatKsh, m.free)}</span>
        </span>
        <span className="block text-sm text-stone-700">
          {o.kind === 'pickup' ? m.collect : m.toYourDoor}
          {o.eta && `: ${o.eta}`}
        </span>
        {o.address && <span className="block text-sm text-stone-700">{o.address}</span>}
        {o.hours && <span className="block text-sm text-stone-700">{m.open(o.hours)}</span>}
      </span>
    </label>
  );
}
