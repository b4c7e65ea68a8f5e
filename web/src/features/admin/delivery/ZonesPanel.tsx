import { TextField } from '../../../shared/ui/form/TextField';
import { COUNTIES, feeText } from '../../../shared/domain/delivery';
import { formatKsh } from '../../../shared/domain/money';
import type { Zone, ZonePayload } from '../../../shared/api/shapes';
import type { Errors } from '../../../shared/domain/validation';
import { adminApi } from '../../../shared/api/admin';
import { MSG, checkPrice, checkWeight } from '../../../shared/domain/adminRules';
import { EditableList, EntryForm, PriceField, WeightField, useAdminForm } from '../../../shared/ui/controls';
import { Button } from '../../../shared/ui/Button';

// Delivery zones: each county in exactly one, each zone pricing an order by its weight.

type ZoneErrors = Errors<keyof ZonePayload>;

/** The weights the zone form prices as a preview: a bottle, a 20 kg bag, a 70 kg bag. */
export const PREVIEW_KG = [1, 20, 70];

/** docs/product.md section 9: base + each further kg or part of one over the included weight; free from the threshold. */
export function zoneFee(z: Pick<ZonePayload, 'base_fee' | 'included_kg' | 'per_kg_fee'>, kg: number): number {
  const extra = Math.max(0, Math.round(kg * 1000) - Math.round(Number(z.included_kg || 0) * 1000));
  return Number(z.base_fee || 0) + Math.ceil(extra / 1000) * Number(z.per_kg_fee || 0);
}

export function validateZone(f: ZonePayload): ZoneErrors {
  const e: ZoneErrors = {};
  if (f.name.trim() === '') e.name = MSG.nameRequired;
  if (f.counties.length === 0) e.counties = MSG.countiesMissing;
  const base = checkPrice(f.base_fee);
  if (base) e.base_fee = base;
  const perKg = checkPrice(f.per_kg_fee);
  if (perKg) e.per_kg_fee = perKg;
  const included = checkWeight(f.included_kg);
  if (included) e.included_kg = included;
  if (f.free_over.trim() !== '') {
    const free = checkPrice(f.free_over);
    if (free) e.free_over = free;
  }
  return e;
}

function payloadOf(z: Zone | null): ZonePayload {
  if (!z)
    return { name: '', name_sw: '', counties: [], base_fee: '', included_kg: '0', per_kg_fee: '0', eta: '', eta_sw: '', free_over: '', pay_on_delivery: false };
  return {
    name: z.name,
    name_sw: z.name_sw,
    eta_sw: z.eta_sw,
    counties: z.counties,
    base_fee: z.base_fee,
    included_kg: String(z.included_kg),
    per_kg_fee: z.per_kg_fee,
    eta: z.eta,
    free_over: z.free_over ?? '',
    pay_on_delivery: z.pay_on_delivery,
  };
}

export function ZonesPanel() {
  return (
    <EditableList
      load={() => adminApi.zones()}
      name="zones"
      title="Delivery zones"
      one="zone"
      empty="No zones yet: add one for every county."
      nameOf={(z) => z.name}
      entry={(z) => (
        <>
          <p className="font-semibold text-stone-900">
            {z.name} <span className="font-normal text-stone-700">({z.counties.length} counties, {z.eta || 'no time given'})</span>
          </p>
          <p className="text-sm text-stone-700">
            {PREVIEW_KG.map((kg) => `${kg} kg: ${feeText(zoneFee(payloadOf(z), kg), formatKsh)}`).join(' · ')}
            {z.free_over && ` · free from ${formatKsh(z.free_over)}`}
            {z.pay_on_delivery && ' · pay on delivery'}
          </p>
          <p className="text-sm text-stone-600">{z.counties.join(', ') || 'No counties'}</p>
        </>
      )}
      form={(zone, done, all) => <ZoneForm zone={zone} zones={all} onDone={done} />}
    />
  );
}

function ZoneForm({ zone, zones, onDone }: { zone: Zone | null; zones: Zone[]; onDone: () => void }) {
  const { f, set, field, errors, confirmed, form } = useAdminForm({
    initial: () => payloadOf(zone),
    validate: validateZone,
    save: (body) => adminApi.saveZone(zone?.id ?? null, body),
    failed: 'The zone could not be saved.',
    onDone,
  });
  const zoneOf = (county: string) => zones.find((z) => z.counties.includes(county) && z.id !== zone?.id);
  const toggle = (county: string, on: boolean) =>
    set('counties', on ? [...f.counties, county].sort() : f.counties.filter((c) => c !== county));

  return (
    <EntryForm
      one="zone"
      many="zones"
      name={zone?.name ?? null}
      {...form}
      actions={
        zone && (
          <Button
            variant="danger"
            onClick={() => void confirmed(`Delete the zone ${zone.name}?`, () => adminApi.deleteZone(zone.id), 'The zone could not be deleted.')}
          >
            Delete zone
          </Button>
        )
      }
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField compact id="zone-name" label="Name" {...field('name')} />
        <TextField compact id="zone-name-sw" label="Name in Kiswahili" placeholder="Kati na Mashariki" {...field('name_sw')} />
        <TextField compact id="zone-eta" label="Estimated time" placeholder="1–2 days" {...field('eta')} />
        <TextField compact id="zone-eta-sw" label="Estimated time in Kiswahili" placeholder="Siku 1–2" {...field('eta_sw')} />
        <PriceField id="zone-base" label="Base fee (Ksh)" {...field('base_fee')} />
        <WeightField id="zone-included" label="Weight the base fee carries (kg)" {...field('included_kg')} />
        <PriceField id="zone-per-kg" label="Fee per further kg (Ksh)" {...field('per_kg_fee')} />
        <PriceField id="zone-free" label="Free delivery from a subtotal of (Ksh, optional)" {...field('free_over')} />
      </div>
      <label className="inline-flex min-h-9 items-center gap-2 text-stone-900">
        <input
          type="checkbox"
          checked={f.pay_on_delivery}
          onChange={(e) => set('pay_on_delivery', e.target.checked)}
          className="h-5 w-5 accent-brand-700"
        />
        Pay on delivery: the customer pays the fee by M-Pesa first and the goods at the door (up to the shop's cap)
      </label>
      <p role="status" className="rounded-md bg-earth-100 p-3 text-sm text-stone-900">
        Fee preview: {PREVIEW_KG.map((kg) => `${kg} kg ${feeText(zoneFee(f, kg), formatKsh)}`).join(' · ')}
        {f.free_over.trim() !== '' && ` (free from a subtotal of ${formatKsh(f.free_over)})`}
      </p>
      <fieldset aria-describedby={errors.counties ? 'zone-counties-error' : undefined}>
        <legend className="text-sm font-semibold text-stone-800">Counties ({f.counties.length})</legend>
        <p className="text-sm text-stone-600">A county ticked here leaves the zone that had it.</p>
        <div className="mt-2 grid grid-cols-1 gap-x-4 sm:grid-cols-2 lg:grid-cols-3">
          {COUNTIES.map((c) => {
            const other = zoneOf(c);
            return (
              <label key={c} className="inline-flex min-h-9 items-center gap-2 text-stone-900">
                <input type="checkbox" checked={f.counties.includes(c)} onChange={(e) => toggle(c, e.target.checked)} className="h-5 w-5 accent-brand-700" />
                {c}
                {other && !f.counties.includes(c) && <span className="text-xs text-stone-600">({other.name})</span>}
              </label>
            );
          })}
        </div>
        {errors.counties && (
          <p id="zone-counties-error" className="mt-1 text-sm font-medium text-red-800">
            {errors.counties}
          </p>
        )}
      </fieldset>
    </EntryForm>
  );
}
