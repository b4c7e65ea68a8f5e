import { adminApi } from '../../../shared/api/admin';
import type { Courier } from '../../../shared/api/shapes';
import { useResource } from '../../../shared/hooks/useResource';

// The couriers the owner keeps (Delivery, "Couriers"), the default first, or one typed for once.

export function useCouriers() {
  return useResource('admin-couriers', () => adminApi.couriers(), { cache: false });
}

export function CourierPicker({ id, couriers, value, onChange }: { id: string; couriers: Courier[]; value: string; onChange: (v: string) => void }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-stone-800">
        Courier
      </label>
      <input
        id={id}
        list={`${id}-list`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder="G4S, shop van…"
        autoComplete="off"
        className="mt-1 block min-h-10 w-full rounded-md border border-stone-400 bg-white px-2 text-sm"
      />
      <datalist id={`${id}-list`}>
        {couriers.map((c) => (
          <option key={c.id} value={c.name}>
            {c.is_default ? 'default' : ''}
          </option>
        ))}
      </datalist>
    </div>
  );
}
