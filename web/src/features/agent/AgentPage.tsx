import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate } from 'react-router';
import { Page } from '../../shared/ui/Page';
import { TextField, PhoneField } from '../../shared/ui/form/TextField';
import { SelectField } from '../../shared/ui/form/SelectField';
import { Note, Part, errorText, formatDate, useDebounced, type NoteState } from '../../shared/ui/controls';
import { Button } from '../../shared/ui/Button';
import { formatKsh } from '../../shared/domain/money';
import { COUNTIES, feeText } from '../../shared/domain/delivery';
import { ApiError } from '../../shared/api/api';
import { getAuthToken } from '../../shared/api/authToken';
import { fetchProducts } from '../../shared/api/catalog';
import { useResource } from '../../shared/hooks/useResource';
import type { AgentFarmer, AgentOverview, DeliveryOption, ProductCard } from '../../shared/api/shapes';
import { agentMessages } from './messages';
import { fetchAgentPage, fetchOptions, orderAgain, placeFarmerOrder, type AgainLine } from './api';

/** One line of the order being made. */
interface Line {
  variant: number;
  label: string;
  price?: string;
  quantity: number;
}

/** What the new-order form starts from: a farmer, their last delivery, and sizes to order again. */
interface Start {
  name: string;
  phone: string;
  delivery?: AgentFarmer['delivery'];
  lines: Line[];
  key: number;
}

/**
 * /agent (docs/product.md, "Agents"): a signed-in agent's farmers with their last orders and
 * "Order again", a new order for a farmer (the M-Pesa request rings the farmer's phone), and the
 * agent's commission. Built for a phone's narrow screen first. Anyone else is sent to sign in, or
 * told the page is for agents; the server checks the role on every call.
 */
export default function AgentPage() {
  const m = agentMessages();
  const token = getAuthToken();
  const page = useResource<AgentOverview>(token ? 'agent-page' : null, (signal) => fetchAgentPage(signal), { cache: false });
  const [start, setStart] = useState<Start>({ name: '', phone: '', lines: [], key: 0 });
  const formRef = useRef<HTMLDivElement>(null);

  if (!token || (page.error instanceof ApiError && page.error.status === 401)) {
    return <Navigate to="/login" replace state={{ from: '/agent' }} />;
  }
  if (page.error instanceof ApiError && page.error.status === 403) {
    return (
      <Page title={m.title}>
        <p role="alert" className="mt-4 text-stone-800">
          {m.notAgent}
        </p>
      </Page>
    );
  }
  if (page.error && !page.data) {
    return (
      <Page title={m.title}>
        <p role="alert" className="mt-4 text-red-800">
          {errorText(page.error, m.failed)}
        </p>
        <Button className="mt-3" onClick={page.retry}>
          {m.retry}
        </Button>
      </Page>
    );
  }
  if (!page.data) {
    return (
      <Page title={m.title}>
        <p role="status" className="mt-4 text-stone-700">
          {m.loading}
        </p>
      </Page>
    );
  }
  const data = page.data;

  async function again(farmer: AgentFarmer, orderId: string, items: { variant?: number; product_name?: string; size?: string; quantity?: number }[]) {
    const named = new Map(items.map((it) => [it.variant ?? 0, `${it.product_name ?? ''} ${it.size ?? ''}`.trim()]));
    const fallback = items.filter((it) => it.variant).map((it) => ({ variant: it.variant!, quantity: it.quantity ?? 1 }));
    const lines: AgainLine[] = await orderAgain(orderId, fallback);
    setStart((s) => ({
      name: farmer.name,
      phone: farmer.phone,
      delivery: farmer.delivery,
      lines: lines.map((l) => ({ variant: l.variant, quantity: l.quantity, label: named.get(l.variant) ?? `#${l.variant}` })),
      key: s.key + 1,
    }));
    formRef.current?.scrollIntoView?.({ block: 'start' });
  }

  function newFor(farmer: AgentFarmer) {
    setStart((s) => ({ name: farmer.name, phone: farmer.phone, delivery: farmer.delivery, lines: [], key: s.key + 1 }));
    formRef.current?.scrollIntoView?.({ block: 'start' });
  }

  return (
    <Page title={m.title}>
      <p className="mt-2 font-semibold text-stone-900">{m.code(data.agent.code)}</p>
      <p className="text-sm text-stone-700">{m.codeHint}</p>

      <section aria-labelledby="commission-h" className="mt-6">
        <h2 id="commission-h" className="text-lg font-bold text-stone-900">
          {m.commission}
        </h2>
        <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {(
            [
              ['earned', m.earned],
              ['payable', m.payable],
              ['paying', m.paying],
              ['paid', m.paid],
            ] as const
          ).map(([k, label]) => (
            <div key={k} className="rounded-md border border-stone-200 bg-white p-3">
              <dt className="text-sm text-stone-700">{label}</dt>
              <dd className="text-lg font-bold text-stone-900" data-figure={k}>
                {formatKsh(data.figures[k])}
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-2 text-sm text-stone-700">{m.window(data.return_days)}</p>
      </section>

      <section aria-labelledby="farmers-h" className="mt-8">
        <h2 id="farmers-h" className="text-lg font-bold text-stone-900">
          {m.farmers}
        </h2>
        {data.farmers.length === 0 ? (
          <p className="mt-2 text-stone-700">{m.noFarmers}</p>
        ) : (
          <ul className="mt-2 space-y-3">
            {data.farmers.map((f) => (
              <li key={f.phone} className="rounded-md border border-stone-200 bg-white p-3">
                <p className="font-semibold text-stone-900">
                  {f.name} · {f.phone}
                </p>
                {f.place && <p className="text-sm text-stone-700">{f.place}</p>}
                <ul className="mt-2 space-y-2">
                  {f.orders.map((o) => (
                    <li key={o.orderId} className="text-sm">
                      <p>
                        {o.orderId} · {formatDate(o.created_at)} · {formatKsh(o.total)} · {m.states[o.state] ?? o.state}
                      </p>
                      <p className="text-stone-700">{(o.items ?? []).map((it) => `${it.quantity} × ${it.product_name} ${it.size}`).join(', ')}</p>
                      <Button variant="secondary" className="mt-1" onClick={() => void again(f, o.orderId, o.items ?? [])} aria-label={m.orderAgainFor(o.orderId)}>
                        {m.orderAgain}
                      </Button>
                    </li>
                  ))}
                </ul>
                <Button variant="secondary" className="mt-2" onClick={() => newFor(f)}>
                  {m.newOrderFor(f.name)}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <div ref={formRef} className="mt-8 scroll-mt-4">
        <FarmerOrder key={start.key} start={start} onPlaced={page.retry} />
      </div>

      <section aria-labelledby="orders-h" className="mt-8">
        <h2 id="orders-h" className="text-lg font-bold text-stone-900">
          {m.orders}
        </h2>
        <ul className="mt-2 divide-y divide-stone-200 rounded-md border border-stone-200 bg-white">
          {data.orders.map((o) => (
            <li key={o.orderId} className="px-3 py-2 text-sm" data-order={o.orderId}>
              <span className="font-semibold">{o.orderId}</span> · {o.farmer_name} · {formatKsh(o.total)} ·{' '}
              <span data-state={o.state}>{m.states[o.state] ?? o.state}</span> · {formatKsh(o.net)}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="payouts-h" className="mt-8">
        <h2 id="payouts-h" className="text-lg font-bold text-stone-900">
          {m.payouts}
        </h2>
        {data.payouts.length === 0 ? (
          <p className="mt-2 text-stone-700">{m.noPayouts}</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm">
            {data.payouts.map((p) => (
              <li key={p.id}>
                {p.period} · {formatKsh(p.amount)} · {p.reference || p.method} · {p.status}
              </li>
            ))}
          </ul>
        )}
      </section>
    </Page>
  );
}

/** The new order for a farmer; the server's own checks answer what is wrong, in the farmer's fields. */
function FarmerOrder({ start, onPlaced }: { start: Start; onPlaced: () => void }) {
  const m = agentMessages();
  const [name, setName] = useState(start.name);
  const [phone, setPhone] = useState(start.phone);
  const [lines, setLines] = useState<Line[]>(start.lines);
  const [county, setCounty] = useState(start.delivery?.county ?? '');
  const [option, setOption] = useState(start.delivery?.kind === 'pickup' ? (start.delivery.option ?? '') : '');
  const [address, setAddress] = useState(start.delivery?.address ?? '');
  const [city, setCity] = useState(start.delivery?.city ?? '');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [note, setNote] = useState<NoteState>(null);
  const [busy, setBusy] = useState(false);

  function add(line: Line) {
    setLines((ls) => {
      const i = ls.findIndex((l) => l.variant === line.variant);
      if (i < 0) return [...ls, line];
      return ls.map((l, j) => (j === i ? { ...l, quantity: l.quantity + line.quantity } : l));
    });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setFields({});
    setNote(null);
    try {
      const placed = await placeFarmerOrder({
        customer: { name, phone },
        items: lines.map((l) => ({ variant: l.variant, quantity: l.quantity })),
        delivery: { county, option, address, city },
        reminders: false,
        payment: 'mpesa',
      });
      setNote({ kind: 'ok', text: placed.promptSent ? m.placed(placed.orderId) : m.placedNoPrompt(placed.orderId) });
      setLines([]);
      onPlaced();
    } catch (err) {
      const f = (err as { fields?: Record<string, string> }).fields;
      if (f) setFields(f);
      setNote({ kind: 'error', text: errorText(err, m.failed) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby="new-order-h" className="space-y-4">
      <h2 id="new-order-h" className="text-lg font-bold text-stone-900">
        {m.newOrder}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField compact id="farmer-name" label={m.farmerName} value={name} onChange={setName} error={fields['customer.name']} autoComplete="off" />
        <PhoneField compact id="farmer-phone" label={m.farmerPhone} hint={m.farmerPhoneHint} value={phone} onChange={setPhone} error={fields['customer.phone']} autoComplete="off" />
      </div>
      <ProductSearch onAdd={add} />
      <Part id="agent-lines-h" title={m.items}>
        {lines.length === 0 ? (
          <p className="text-stone-700">{m.noItems}</p>
        ) : (
          <ul className="divide-y divide-stone-200 rounded-md border border-stone-200 bg-white">
            {lines.map((l) => (
              <li key={l.variant} className="flex flex-wrap items-center gap-3 px-3 py-2">
                <span className="min-w-0 flex-1 break-words">
                  {l.label}
                  {l.price && ` · ${formatKsh(l.price)}`}
                </span>
                <label className="inline-flex items-center gap-2">
                  {m.quantity}
                  <input
                    type="number"
                    inputMode="numeric"
                    min={1}
                    value={l.quantity}
                    onChange={(e) => setLines((ls) => ls.map((x) => (x.variant === l.variant ? { ...x, quantity: Math.max(1, Number(e.target.value) || 1) } : x)))}
                    className="w-16 rounded-md border border-stone-400 px-2 py-1"
                  />
                </label>
                <Button variant="secondary" onClick={() => setLines((ls) => ls.filter((x) => x.variant !== l.variant))} aria-label={m.removeItem(l.label)}>
                  {m.remove}
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
      <Delivery county={county} setCounty={setCounty} option={option} setOption={setOption} address={address} setAddress={setAddress} city={city} setCity={setCity} fields={fields} />
      <Note note={note} />
      <Button type="submit" disabled={busy || lines.length === 0}>
        {busy ? m.placing : m.place}
      </Button>
    </form>
  );
}

function ProductSearch({ onAdd }: { onAdd: (l: Line) => void }) {
  const m = agentMessages();
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
    <Part id="agent-find-h" title={m.addProducts}>
      <TextField compact id="agent-product-search" label={m.search} type="search" placeholder={m.searchHint} value={q} onChange={setQ} />
      {failed && <p role="alert">{m.searchFailed}</p>}
      {found && found.length === 0 && <p>{m.noProducts}</p>}
      {found && found.length > 0 && (
        <ul className="mt-2 space-y-1">
          {found.map((p) =>
            p.variants.map((v) => (
              <li key={v.id} className="flex flex-wrap items-center gap-2">
                <span className="min-w-0 flex-1 break-words">
                  {p.name} {v.size} · {formatKsh(v.price)}
                  {v.stock <= 0 && ` · ${m.outOfStock}`}
                </span>
                <Button
                  variant="secondary"
                  disabled={v.stock <= 0}
                  onClick={() => onAdd({ variant: v.id, label: `${p.name} ${v.size}`, price: v.price, quantity: 1 })}
                  aria-label={m.addItem(`${p.name} ${v.size}`)}
                >
                  {m.add}
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
  const m = agentMessages();
  const { county, option } = props;
  const [options, setOptions] = useState<DeliveryOption[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!county) return;
    let live = true;
    setFailed(false);
    fetchOptions(county)
      .then((o) => live && setOptions(o))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [county]);
  const pickups = (options ?? []).filter((o) => o.kind === 'pickup');
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SelectField compact id="agent-county" label={m.county} value={county} onChange={props.setCounty} error={props.fields['delivery.county']}>
        <option value="">{m.chooseCounty}</option>
        {COUNTIES.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </SelectField>
      <SelectField compact id="agent-option" label={m.howItComes} value={option} onChange={props.setOption} error={props.fields.delivery}>
        <option value="">{m.homeDelivery}</option>
        {pickups.map((o) => (
          <option key={o.id} value={o.id}>
            {m.pickup(o.name)} ({feeText(o.fee, formatKsh)})
          </option>
        ))}
      </SelectField>
      {failed && <p role="alert">{m.optionsFailed}</p>}
      {option === '' && (
        <>
          <TextField compact id="agent-address" label={m.address} value={props.address} onChange={props.setAddress} error={props.fields['delivery.address']} />
          <TextField compact id="agent-city" label={m.town} value={props.city} onChange={props.setCity} />
        </>
      )}
    </div>
  );
}
