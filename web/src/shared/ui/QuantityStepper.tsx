import { useId } from 'react';
import { componentsMessages } from '../i18n/messages/components';

interface QuantityStepperProps {
  value: number;
  onChange: (value: number) => void;
  label?: string;
}

/** A quantity of at least 1 and no upper limit (docs/product.md section 5); the server checks stock. */
export function QuantityStepper({ value, onChange, label }: QuantityStepperProps) {
  const id = useId();
  const m = componentsMessages().quantity;
  const set = (n: number) => onChange(Math.max(1, Math.floor(Number.isFinite(n) ? n : 1)));
  const button =
    'inline-flex h-11 w-11 items-center justify-center text-xl font-semibold text-brand-800 hover:bg-brand-50 disabled:text-stone-400 disabled:hover:bg-transparent';
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-stone-800">
        {label ?? m.label}
      </label>
      <div className="mt-1 inline-flex items-center overflow-hidden rounded-md border border-stone-400 bg-white">
        <button type="button" className={button} onClick={() => set(value - 1)} disabled={value <= 1} aria-label={m.decrease}>
          −
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={value}
          onChange={(e) => set(e.target.valueAsNumber)}
          className="h-11 w-16 border-x border-stone-400 text-center text-base [appearance:textfield] focus:outline-none focus-visible:ring-2 focus-visible:ring-earth-500 [&::-webkit-inner-spin-button]:appearance-none"
        />
        <button type="button" className={button} onClick={() => set(value + 1)} aria-label={m.increase}>
          +
        </button>
      </div>
    </div>
  );
}
