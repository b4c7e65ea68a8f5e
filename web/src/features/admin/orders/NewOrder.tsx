import { useEffect, useState, type FormEvent } from 'react';
import { TextField, PhoneField } from '../../../shared/ui/form/TextField';
import { SelectField } from '../../../shared/ui/form/SelectField';
import { formatKsh } from '../../../shared/domain/money';
import { COUNTIES, feeText } from '../../../shared/domain/delivery';
import { adminApi } from '../../../shared/api/admin';
import { fetchProducts } from '../../../shared/api/catalog';
import type { DeliveryOption, KnownCustomer, ProductCard } from '../../../shared/api/shapes';
import { Note, Part, formatDate, useAction, useDebounced } from '../../../shared/ui/controls';
import { Button } from '../../../shared/ui/Button';

/** One line of the order being taken. */
interface Line {
  variant: number;
  label: string;
  price?: string;
  stock?: number;
  quantity: number;
}

/**
 * "New order" for a caller on the line (docs/ussd.md, "Phone orders"): their phone first (a
 * known caller shows their name, last delivery and last three orders, each with "Order
 * again"), products found with the shop's own search with their stock, the delivery, an
 * optional coupon, and the payment road: the M-Pesa prompt to their phone, or an SMS with the
 * Paybill steps and a link to pay. The fee and any discount are the server's, on the order.
 */
export function NewOrder({ onPlaced, onCancel }: { onPlaced: (orderId: string) => void; onCancel: () => void }) {
  const [phone, setPhone] = useState('');
  const [known, setKnown] = useState<KnownCustomer | null>(null);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [lines, setLines] = useState<Line[]>([]);
  const [county, setCounty] = useState('');
  const [option, setOption] = useState('');
  const [address, setAddress] = useState('');
  const [city, setCity] = useState('');
  const [coupon, setCoupon] = useState('');
  const [payment, setPayment] = useState<'mpesa' | 'sms_link'>('mpesa');
  const [reminders, setReminders] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const lookup = useAction();
  const place = useAction();

  async function find(e: FormEvent) {
    e.preventDefault();
    await lookup.run(async () => {
      const k = await adminApi.lookupCustomer(phone);
      setKnown(k);
      lookup.setNote(k.known ? null : { kind: 'ok', text: 'A new customer: type their name below.' });
      if (k.name) setName(k.name);
      if (k.email) setEmail(k.email);
      if (k.delivery) {
        setCounty(k.delivery.county);
        setOption(k.delivery.kind === 'pickup' ? k.delivery.option : '');
        setAddress(k.delivery.address);
        setCity(k.delivery.city);
      }
    }, 'The phone could not be looked up.');
  }

  function add(line: Line) {
    setLines((ls) => {
      const i = ls.findIndex((l) => l.variant === line.variant);
      if (i < 0) return [...ls, line];
      return ls.map((l, j) => (j === i ? { ...l, quantity: l.quantity + line.quantity } : l));
    });
  }

  const subtotal = lines.reduce((sum, l) => sum + (l.price ? Number(l.price) * l.quantity : 0), 0);
  const unpriced = lines.some((l) => !l.price);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (place.busy) return;
    setFields({});
    await place.run(
      async () => {
        const o = await adminApi.createOrder({
          customer: { name, phone, ...(email.trim() ? { email } : {}) },
          items: lines.map((l) => ({ variant: l.variant, quantity: l.quantity })),
          delivery: { county, option, address, city },
          ...(coupon.trim() ? { coupon } : {}),
          payment,
          reminders,
        });
        onPlaced(o.orderId);
      },
      'The order could not be placed.',
      (err) => {
        const f = (err as { fields?: Record<string, string> }).fields;
        if (f) setFields(f);
      },
    );
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-bold text-stone-900">New order by phone</h2>
        <Button variant="secondary" onClick={onCancel}>
          Back to orders
        </Button>
      </div>
      <form noValidate onSubmit={find} aria-label="Find the caller" className="flex flex-wrap items-end gap-3">
        <div className="min-w-48 flex-1">
          <PhoneField compact id="caller-phone" label="Caller's phone" value={phone} onChange={setPhone} error={fields['customer.phone']} />
        </div>
        <Button type="submit" disabled={lookup.busy}>
          Find
        </Button>
      </form>
      <Note note={lookup.note} />
      {known?.known && (
        <Part id="known-h" title={`Known customer: ${known.name || known.phone}`}>
          {known.delivery && <p>Last delivery: {known.delivery.name}, {known.delivery.county}</p>}
          <ul className="mt-2 space-y-2">
            {known.orders.map((o) => (
              <li key={o.orderId} className="flex flex-wrap items-center gap-2">
                <span>
                  {o.orderId}, {formatDate(o.created_at)}, {formatKsh(o.total)}:{' '}
                  {o.items.map((it) => `${it.quantity} × ${it.product_name} ${it.size}`).join(', ')}
                </span>
                <Button
                  variant="secondary"
                  onClick={() => o.items.forEach((it) => add({ variant: it.variant, label: `${it.product_name} ${it.size}`, quantity: it.quantity }))}
                  aria-label={`Order again ${o.orderId}`}
                >
                  Order again
                </Button>
              </li>
            ))}
          </ul>
        </Part>
      )}
      {known && (
        <form noValidate onSubmit={submit} aria-label="New order" className="space-y-6">
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField compact id="caller-name" label="Name" value={name} onChange={setName} error={fields['customer.name']} />
            <TextField compact id="caller-email" label="Email (optional)" type="email" value={email} onChange={setEmail} error={fields['customer.email']} />
          </div>
          <ProductSearch onAdd={add} />
          <Part id="lines-h" title="Items">
            {lines.length === 0 ? (
              <p className="text-stone-700">No products yet: search above, or use "Order again".</p>
            ) : (
              <ul className="divide-y divide-stone-200 rounded-md border border-stone-200 bg-white">
                {lines.map((l) => (
                  <li key={l.variant} className="flex flex-wrap items-center gap-3 px-3 py-2">
                    <span className="flex-1">
                      {l.label}
                      {l.price && ` · ${formatKsh(l.price)}`}
                      {l.stock !== undefined && <span className="text-sm text-stone-600"> · {l.stock} in stock</span>}
                    </span>
                    <label className="inline-flex items-center gap-2">
                      Quantity
                      <input
                        type="number"
                        min={1}
                        value={l.quantity}
                        onChange={(e) => setLines((ls) => ls.map((x) => (x.variant === l.variant ? { ...x, quantity: Math.max(1, Number(e.target.value) || 1) } : x)))}
                        className="w-20 rounded-md border border-stone-400 px-2 py-1"
                      />
                    </label>
                    <Button variant="secondary" onClick={() => setLines((ls) => ls.filter((x) => x.variant !== l.variant))} aria-label={`Remove ${l.label}`}>
                      Remove
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            {fields.items && (
              <p role="alert" className="mt-1 text-red-800">
                {fields.items}
              </p>
            )}
          </Part>
          <Delivery
            county={county}
            setCounty={setCounty}
            option={option}
            setOption={setOption}
            address={address}
            setAddress={setAddress}
            city={city}
            setCity={setCity}
            fields={fields}
          />
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField compact id="order-coupon" label="Coupon (optional)" value={coupon} onChange={setCoupon} error={fields.coupon} />
            <fieldset>
              <legend className="font-semibold text-stone-900">Payment</legend>
              <label className="mr-4 inline-flex items-center gap-2">
                <input type="radio" name="road" checked={payment === 'mpesa'} onChange={() => setPayment('mpesa')} /> M-Pesa prompt to the customer's phone
              </label>
              <label className="inline-flex items-center gap-2">
                <input type="radio" name="road" checked={payment === 'sms_link'} onChange={() => setPayment('sms_link')} /> SMS with the Paybill steps and a link to pay
              </label>
            </fieldset>
          </div>
          <label className="inline-flex items-center gap-2">
            <input type="checkbox" checked={reminders} onChange={(e) => setReminders(e.target.checked)} /> The caller wants a text when the bag runs low
          </label>
          <p className="font-bold text-stone-900">
            Items: {formatKsh(subtotal)}
            {unpriced && ' and the sizes ordered again at today\'s prices'}; the delivery fee and any discount are added when the order is placed.
          </p>
          <Note note={place.note} />
          <Button type="submit" disabled={place.busy || lines.length === 0}>
            Place the order
          </Button>
        </form>
      )}
    </div>
  );
}

function ProductSearch({ onAdd }: { onAdd: (l: Line) => void }) {
  const [q, setQ] = useState('');
  const typed = useDebounced(q.trim());
  const [found, setFound] = useState<ProductCard[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (typed.length < 2) {
      setFound(null);
      return;
    }
    const ctl = new AbortController();
    setFailed(false);
    fetchProducts({ search: typed, page: 1, page_size: 8 }, { signal: ctl.signal })
      .then((p) => setFound(p.results))
      .catch(() => {
        if (!ctl.signal.aborted) setFailed(true);
      });
    return () => ctl.abort();
  }, [typed]);
  return (
    <Part id="find-h" title="Add products">
      <TextField compact id="product-search" label="Search products" type="search" placeholder="Dairy meal, chakula cha kuku…" value={q} onChange={setQ} />
      {failed && <p role="alert">The products could not be searched. Please try again.</p>}
      {found && found.length === 0 && <p>No products found.</p>}
      {found && found.length > 0 && (
        <ul className="mt-2 space-y-1">
          {found.map((p) =>
            p.variants.map((v) => (
              <li key={v.id} className="flex flex-wrap items-center gap-2">
                <span className="flex-1">
                  {p.name} {v.size} · {formatKsh(v.price)} · {v.stock > 0 ? `${v.stock} in stock` : 'out of stock'}
                </span>
                <Button
                  variant="secondary"
                  disabled={v.stock <= 0}
                  onClick={() => onAdd({ variant: v.id, label: `${p.name} ${v.size}`, price: v.price, stock: v.stock, quantity: 1 })}
                  aria-label={`Add ${p.name} ${v.size}`}
                >
                  Add
                </Button>
              </li>
            )),
          )}
        </ul>
      )}
    </Part>
  );
}

function Delivery(props: {
  county: string;
  setCounty: (v: string) => void;
  option: string;
  setOption: (v: string) => void;
  address: string;
  setAddress: (v: string) => void;
  city: string;
  setCity: (v: string) => void;
  fields: Record<string, string>;
}) {
  const { county, option } = props;
  const [options, setOptions] = useState<DeliveryOption[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!county) return;
    let live = true;
    setFailed(false);
    adminApi
      .deliveryOptions(county)
      .then((o) => live && setOptions(o))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [county]);
  const pickups = (options ?? []).filter((o) => o.kind === 'pickup');
  return (
    <Part id="delivery-h" title="Delivery">
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField compact id="order-county" label="County" value={county} onChange={props.setCounty} error={props.fields['delivery.county']}>
          <option value="">Choose…</option>
          {COUNTIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
        <SelectField compact id="order-option" label="How it comes" value={option} onChange={props.setOption} error={props.fields.delivery}>
          <option value="">Home delivery</option>
          {pickups.map((o) => (
            <option key={o.id} value={o.id}>
              Pickup: {o.name} ({feeText(o.fee, formatKsh)})
            </option>
          ))}
        </SelectField>
        {failed && <p role="alert">The delivery options could not be loaded.</p>}
        {option === '' && (
          <>
            <TextField compact id="order-address" label="Address" value={props.address} onChange={props.setAddress} error={props.fields['delivery.address']} />
            <TextField compact id="order-city" label="Town" value={props.city} onChange={props.setCity} />
          </>
        )}
      </div>
    </Part>
  );
}
