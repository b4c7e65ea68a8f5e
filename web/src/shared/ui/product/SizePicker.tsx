import { useId } from 'react';
import { componentsMessages } from '../../i18n/messages/components';
import { formatKsh } from '../../domain/money';
import type { Variant } from '../../api/shapes';

interface SizePickerProps {
  variants: Variant[];
  value: number | undefined;
  onChange: (id: number) => void;
  /** Show how many are left of each size. */
  showStock?: boolean;
}

/** The package sizes of a product as radio buttons, each with its price and stock. */
export function SizePicker({ variants, value, onChange, showStock = false }: SizePickerProps) {
  const name = useId();
  const m = componentsMessages().sizes;
  if (variants.length === 0) return <p className="text-sm text-stone-700">{m.none}</p>;
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-stone-800">{m.legend}</legend>
      <div className="mt-1 flex flex-wrap gap-2">
        {variants.map((v) => {
          const soldOut = v.stock <= 0;
          return (
            <label
              key={v.id}
              className={`relative flex min-h-11 cursor-pointer flex-col justify-center rounded-md border px-3 py-1.5 text-sm has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:ring-2 has-checked:ring-brand-700 has-focus-visible:outline-3 has-focus-visible:outline-earth-500 ${soldOut ? 'border-stone-300 text-stone-600' : 'border-stone-400 text-stone-900'}`}
            >
              <input
                type="radio"
                name={name}
                value={v.id}
                checked={value === v.id}
                onChange={() => onChange(v.id)}
                className="sr-only"
              />
              <span className="font-semibold">{v.size}</span>
              <span>{formatKsh(v.price)}</span>
              <span className="text-xs">
                {soldOut ? m.soldOut : showStock ? m.left(v.stock) : m.available}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
