import { Checkbox } from '../../../shared/ui/form/CheckboxField';
import { SelectField } from '../../../shared/ui/form/SelectField';
import { TextField } from '../../../shared/ui/form/TextField';
import { COUNTIES, feeText } from '../../../shared/domain/delivery';
import { formatHours } from '../../../shared/domain/hours';
import { formatKsh } from '../../../shared/domain/money';
import type { PickupPayload, PickupPoint } from '../../../shared/api/shapes';
import type { Errors } from '../../../shared/domain/validation';
import { adminApi } from '../../../shared/api/admin';
import { MSG, checkPrice } from '../../../shared/domain/adminRules';
import { Badge, EditableList, EntryForm, PriceField, useAdminForm } from '../../../shared/ui/controls';

// Pickup points: the shop's store and the agrovets and courier offices farmers collect from.

type PickupErrors = Errors<keyof PickupPayload>;
type TextKey = 'name' | 'name_sw' | 'town' | 'address' | 'directions' | 'directions_sw' | 'phone' | 'hours' | 'eta' | 'eta_sw';
type Hours = PickupPayload['opening_hours'][number];

const EMPTY: PickupPayload = {
  name: '',
  name_sw: '',
  county: '',
  town: '',
  address: '',
  directions: '',
  directions_sw: '',
  phone: '',
  opening_hours: [{ from: 1, to: 5, opens: '08:00', closes: '18:00' }],
  hours: '',
  fee: '',
  eta: '',
  eta_sw: '',
  is_store: false,
  is_active: true,
};

/** Monday (1) to Sunday (7), as the server numbers them (internal/delivery/hours.go). */
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export function validatePickup(f: PickupPayload): PickupErrors {
  const e: PickupErrors = {};
  if (f.name.trim() === '') e.name = MSG.nameRequired;
  if (f.county === '') e.county = 'Please choose a county';
  if (f.town.trim() === '') e.town = 'Town is required';
  if (f.address.trim() === '') e.address = 'Address is required';
  const fee = checkPrice(f.fee);
  if (fee) e.fee = fee;
  for (const h of f.opening_hours) {
    if (h.from > h.to) e.opening_hours = 'Choose the days from Monday (1) to Sunday (7), the first not after the last';
    else if (!/^\d\d:\d\d$/.test(h.opens) || !/^\d\d:\d\d$/.test(h.closes) || h.closes <= h.opens)
      e.opening_hours = 'Give the opening and closing times as 08:00 and 18:00, closing after opening';
  }
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
            {(formatHours(p.opening_hours, 'en') || p.hours) && ` · ${formatHours(p.opening_hours, 'en') || p.hours}`}
          </p>
        </>
      )}
      form={(point, done) => <PickupForm point={point} onDone={done} />}
    />
  );
}

function PickupForm({ point, onDone }: { point: PickupPoint | null; onDone: () => void }) {
  const { f, set, field, errors, form } = useAdminForm<PickupPayload>({
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
        {text('name_sw', 'Name in Kiswahili (optional)')}
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
        {text('directions', 'Directions (optional)', 'Opposite the municipal market')}
        {text('directions_sw', 'Directions in Kiswahili (optional)', 'Mkabala na soko la manispaa')}
        <PriceField id="pickup-fee" label="Fee (Ksh)" {...field('fee')} />
        {text('eta', 'Ready in', '2 days')}
        {text('eta_sw', 'Ready in, in Kiswahili (optional)', 'Siku 2')}
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-stone-800">Opening hours</legend>
        {f.opening_hours.map((h, i) => (
          <HoursRow
            key={i}
            index={i}
            row={h}
            onChange={(row) => set('opening_hours', f.opening_hours.map((r, j) => (j === i ? row : r)))}
            onRemove={() => set('opening_hours', f.opening_hours.filter((_, j) => j !== i))}
          />
        ))}
        {errors.opening_hours && <p className="text-sm text-red-700">{errors.opening_hours}</p>}
        <button type="button" className="text-sm font-semibold text-brand-800 underline" onClick={() => set('opening_hours', [...f.opening_hours, { from: 6, to: 6, opens: '08:00', closes: '13:00' }])}>
          Add opening hours
        </button>
        {f.opening_hours.length === 0 && f.hours && <p className="text-sm text-stone-700">Shown as written until hours are added: {f.hours}</p>}
      </fieldset>
      <div className="flex flex-wrap gap-x-6">
        <Checkbox id="pickup-active" label="Open for new orders" checked={f.is_active} onChange={(v) => set('is_active', v)} />
        <Checkbox id="pickup-store" label="Our own store (offered to every county)" checked={f.is_store} onChange={(v) => set('is_store', v)} />
      </div>
    </EntryForm>
  );
}

/** One row of opening hours: from day, to day, opening and closing time. */
function HoursRow({ index, row, onChange, onRemove }: { index: number; row: Hours; onChange: (row: Hours) => void; onRemove: () => void }) {
  const day = (key: 'from' | 'to', label: string) => (
    <label className="text-sm">
      {label}{' '}
      <select
        id={`pickup-hours-${index}-${key}`}
        className="h-9 rounded-md border border-stone-400"
        value={row[key]}
        onChange={(e) => onChange({ ...row, [key]: Number(e.target.value) })}
      >
        {DAYS.map((d, i) => (
          <option key={d} value={i + 1}>
            {d}
          </option>
        ))}
      </select>
    </label>
  );
  const time = (key: 'opens' | 'closes', label: string) => (
    <label className="text-sm">
      {label}{' '}
      <input id={`pickup-hours-${index}-${key}`} type="time" className="h-9 rounded-md border border-stone-400" value={row[key]} onChange={(e) => onChange({ ...row, [key]: e.target.value })} />
    </label>
  );
  return (
    <div className="flex flex-wrap items-center gap-3">
      {day('from', 'From')}
      {day('to', 'to')}
      {time('opens', 'opens')}
      {time('closes', 'closes')}
      <button type="button" className="text-sm text-red-700 underline" onClick={onRemove}>
        Remove
      </button>
    </div>
  );
}
