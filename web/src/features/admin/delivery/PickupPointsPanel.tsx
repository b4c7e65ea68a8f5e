import { Checkbox } from '../../../shared/ui/form/CheckboxField';
import { SelectField } from '../../../shared/ui/form/SelectField';
import { TextField } from '../../../shared/ui/form/TextField';
import { COUNTIES, feeText } from '../../../shared/domain/delivery';
import { formatKsh } from '../../../shared/domain/money';
import type { PickupPayload, PickupPoint } from '../../../shared/api/shapes';
import type { Errors } from '../../../shared/domain/validation';
import { adminApi } from '../../../shared/api/admin';
import { MSG, checkPrice } from '../../../shared/domain/adminRules';
import { Badge, EditableList, EntryForm, PriceField, useAdminForm } from '../../../shared/ui/controls';

// Pickup points: the shop's store and the agrovets and courier offices farmers collect from.

type PickupErrors = Errors<keyof PickupPayload>;
type TextKey = 'name' | 'town' | 'address' | 'phone' | 'hours' | 'eta';

const EMPTY: PickupPayload = { name: '', county: '', town: '', address: '', phone: '', hours: '', fee: '', eta: '', is_store: false, is_active: true };

export function validatePickup(f: PickupPayload): PickupErrors {
  const e: PickupErrors = {};
  if (f.name.trim() === '') e.name = MSG.nameRequired;
  if (f.county === '') e.county = 'Please choose a county';
  if (f.town.trim() === '') e.town = 'Town is required';
  if (f.address.trim() === '') e.address = 'Address is required';
  const fee = checkPrice(f.fee);
  if (fee) e.fee = fee;
  return e;
}

export function PickupPointsPanel() {
  return (
    <EditableList
      load={() => adminApi.pickupPoints()}
      name="pickup"
      title="Pickup points"
      one="pickup point"
      empty="No pickup points yet."
      nameOf={(p) => p.name}
      entry={(p) => (
        <>
          <p className="font-semibold text-stone-900">
            {p.name} {p.is_store && <Badge tone="green">Our store: every county</Badge>} {!p.is_active && <Badge tone="grey">Closed</Badge>}
          </p>
          <p className="text-sm text-stone-700">
            {p.address}, {p.town}, {p.county} · {feeText(p.fee, formatKsh)}
            {p.hours && ` · ${p.hours}`}
          </p>
        </>
      )}
      form={(point, done) => <PickupForm point={point} onDone={done} />}
    />
  );
}

function PickupForm({ point, onDone }: { point: PickupPoint | null; onDone: () => void }) {
  const { f, set, field, form } = useAdminForm<PickupPayload>({
    initial: () => (point ? { ...point } : EMPTY),
    validate: validatePickup,
    save: (body) => adminApi.savePickupPoint(point?.id ?? null, body),
    failed: 'The pickup point could not be saved.',
    onDone,
  });
  const text = (k: TextKey, label: string, placeholder?: string) => (
    <TextField compact id={`pickup-${k}`} label={label} placeholder={placeholder} {...field(k)} />
  );

  return (
    <EntryForm
      one="pickup point"
      many="pickup points"
      name={point?.name ?? null}
      {...form}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {text('name', 'Name', 'Nakuru Farmers Agrovet')}
        <SelectField compact id="pickup-county" label="County" {...field('county')}>
          <option value="">Choose a county</option>
          {COUNTIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
        {text('town', 'Town')}
        {text('address', 'Address', 'Street, building or landmark')}
        {text('phone', 'Phone (optional)')}
        {text('hours', 'Opening hours', 'Mon-Sat 8:00 AM-6:00 PM')}
        <PriceField id="pickup-fee" label="Fee (Ksh)" {...field('fee')} />
        {text('eta', 'Ready in', '2 days')}
      </div>
      <div className="flex flex-wrap gap-x-6">
        <Checkbox id="pickup-active" label="Open for new orders" checked={f.is_active} onChange={(v) => set('is_active', v)} />
        <Checkbox id="pickup-store" label="Our own store (offered to every county)" checked={f.is_store} onChange={(v) => set('is_store', v)} />
      </div>
    </EntryForm>
  );
}
