import { useState, type FormEvent } from 'react';
import { TextField, PhoneField } from '../../../shared/ui/form/TextField';
import { SelectField } from '../../../shared/ui/form/SelectField';
import { PasswordField } from '../../../shared/ui/form/PasswordField';
import { formatKsh } from '../../../shared/domain/money';
import { adminApi } from '../../../shared/api/admin';
import type { AgentSummary } from '../../../shared/api/shapes';
import { useResource } from '../../../shared/hooks/useResource';
import { Badge, LoadState, Note, Part, formatDate, useAction } from '../../../shared/ui/controls';
import { Button } from '../../../shared/ui/Button';

/**
 * The owner's agents (docs/product.md, "Agents"): sign an agent up with their rate per category,
 * see each one's orders, farmers, earned, payable and paid commission and the flags that ask for a
 * look, and pay a period once, by M-Pesa or recorded as paid by hand. Every change is audited.
 */
export function AgentsTab() {
  const [version, setVersion] = useState(0);
  const agents = useResource(`admin-agents-${version}`, () => adminApi.agents(), { cache: false });
  const [open, setOpen] = useState<number | null>(null);
  const reload = () => setVersion((v) => v + 1);
  return (
    <div className="space-y-6">
      <SignUp onDone={reload} />
      <LoadState loaded={agents} what="the agents">
        {(list) =>
          list.length === 0 ? (
            <p>No agents yet.</p>
          ) : (
            <ul className="space-y-3">
              {list.map((a) => (
                <AgentRow key={a.id} agent={a} open={open === a.id} onToggle={() => setOpen(open === a.id ? null : a.id)} onChange={reload} />
              ))}
            </ul>
          )
        }
      </LoadState>
    </div>
  );
}

function AgentRow({ agent: a, open, onToggle, onChange }: { agent: AgentSummary; open: boolean; onToggle: () => void; onChange: () => void }) {
  const pay = useAction();
  const [method, setMethod] = useState<'mpesa' | 'manual'>('manual');
  const [reference, setReference] = useState('');
  const [period, setPeriod] = useState('');
  const f = a.flags;

  async function submit(e: FormEvent) {
    e.preventDefault();
    await pay.run(async () => {
      const out = await adminApi.payAgent(a.id, { method, ...(period ? { period } : {}), ...(method === 'manual' ? { reference } : {}) });
      pay.setNote({ kind: 'ok', text: `${formatKsh(out.payout.amount)} for ${out.payout.period}: ${out.payout.status}.` });
      onChange();
    }, 'The commission could not be paid.');
  }

  async function setActive(active: boolean) {
    await pay.run(async () => {
      await adminApi.updateAgent(a.id, { active });
      onChange();
    }, 'The agent could not be changed.');
  }

  return (
    <li className="rounded-md border border-stone-200 bg-white p-3" aria-label={`Agent ${a.name}`}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-stone-900">{a.name}</span>
        <span className="text-stone-700">
          {a.phone} · {a.area} · code {a.code}
        </span>
        {!a.active && <Badge tone="grey">Paused</Badge>}
        {f.any && <Badge tone="amber">Check</Badge>}
      </div>
      <p className="mt-1 text-sm">
        {a.figures.orders} orders, {a.figures.farmers} farmers · earned {formatKsh(a.figures.earned)} · payable {formatKsh(a.figures.payable)} · being paid{' '}
        {formatKsh(a.figures.paying)} · paid {formatKsh(a.figures.paid)}
      </p>
      <p className="text-sm text-stone-700">Rates: {a.rates.length ? a.rates.map((r) => `${r.category_name} ${(r.rate_bp / 100).toFixed(2)}%`).join(', ') : 'none'}</p>
      {f.any && (
        <ul className="mt-1 list-disc pl-5 text-sm text-amber-900">
          {f.shared_phones.length > 0 && <li>Phones other agents also ordered for: {f.shared_phones.join(', ')}</li>}
          {f.busy_days.map((d) => (
            <li key={d.phone + d.day}>
              {d.orders} orders to {d.phone} on {d.day}
            </li>
          ))}
          {f.many_failed && <li>{f.failed_payments} orders whose payment failed or were cancelled</li>}
          {f.own_phone_orders > 0 && <li>{f.own_phone_orders} orders to the agent's own phone (no commission)</li>}
        </ul>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onToggle} aria-expanded={open}>
          {open ? 'Hide orders' : 'Orders and payouts'}
        </Button>
        <Button variant="secondary" onClick={() => void setActive(!a.active)}>
          {a.active ? 'Pause' : 'Resume'}
        </Button>
      </div>
      <form noValidate onSubmit={submit} aria-label={`Pay ${a.name}`} className="mt-3 flex flex-wrap items-end gap-2">
        <SelectField compact id={`pay-method-${a.id}`} label="Pay by" value={method} onChange={(v) => setMethod(v as 'mpesa' | 'manual')}>
          <option value="manual">Paid by hand</option>
          <option value="mpesa">M-Pesa to the agent</option>
        </SelectField>
        {method === 'manual' && <TextField compact id={`pay-ref-${a.id}`} label="M-Pesa code or reference" value={reference} onChange={setReference} />}
        <TextField compact id={`pay-period-${a.id}`} label="Period (YYYY-MM, optional)" value={period} onChange={setPeriod} />
        <Button type="submit" disabled={pay.busy}>
          Pay payable commission
        </Button>
      </form>
      <Note note={pay.note} />
      {open && <AgentDetail id={a.id} />}
    </li>
  );
}

function AgentDetail({ id }: { id: number }) {
  const detail = useResource(`admin-agent-${id}`, () => adminApi.agent(id), { cache: false });
  return (
    <LoadState loaded={detail} what="the agent's orders">
      {(d) => (
        <div className="mt-3 space-y-3 text-sm">
          <Part id={`agent-${id}-orders`} title="Orders">
            <ul className="divide-y divide-stone-200">
              {d.orders.map((o) => (
                <li key={o.orderId} className="py-1">
                  {o.orderId} · {formatDate(o.created_at)} · {o.farmer_name} {o.farmer_phone} · {o.via} · {formatKsh(o.total)} · commission {formatKsh(o.net)} ({o.state})
                </li>
              ))}
            </ul>
          </Part>
          <Part id={`agent-${id}-payouts`} title="Payouts">
            {d.payouts.length === 0 ? (
              <p>None yet.</p>
            ) : (
              <ul>
                {d.payouts.map((p) => (
                  <li key={p.id}>
                    {p.period} · {formatKsh(p.amount)} · {p.method} · {p.status} {p.reference && `· ${p.reference}`} {p.result_text && `· ${p.result_text}`}
                  </li>
                ))}
              </ul>
            )}
          </Part>
        </div>
      )}
    </LoadState>
  );
}

function SignUp({ onDone }: { onDone: () => void }) {
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [area, setArea] = useState('');
  const [code, setCode] = useState('');
  const [rates, setRates] = useState<Record<number, string>>({});
  const [fields, setFields] = useState<Record<string, string>>({});
  const categories = useResource('admin-categories', () => adminApi.categories());
  const save = useAction();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFields({});
    await save.run(
      async () => {
        const list = Object.entries(rates)
          .filter(([, v]) => v.trim() !== '')
          .map(([c, v]) => ({ category: Number(c), rate_bp: Math.round(Number(v) * 100) }));
        const a = await adminApi.createAgent({ name, phone, email, area, ...(password ? { password } : {}), ...(code ? { code } : {}), rates: list });
        save.setNote({ kind: 'ok', text: `${a.name} is an agent, with code ${a.code}.` });
        setName('');
        setPhone('');
        setEmail('');
        setPassword('');
        setArea('');
        setCode('');
        onDone();
      },
      'The agent could not be signed up.',
      (err) => {
        const f = (err as { fields?: Record<string, string> }).fields;
        if (f) setFields(f);
      },
    );
  }

  return (
    <Part id="agent-signup-h" title="Sign up an agent">
      <form noValidate onSubmit={submit} aria-label="Sign up an agent" className="space-y-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField compact id="agent-name" label="Name" value={name} onChange={setName} error={fields.name} />
          <PhoneField compact id="agent-phone" label="Phone" value={phone} onChange={setPhone} error={fields.phone} />
          <TextField compact id="agent-email" label="Email (their sign-in)" type="email" value={email} onChange={setEmail} error={fields.email} />
          <PasswordField compact id="agent-password" label="First password (new accounts)" autoComplete="new-password" value={password} onChange={setPassword} error={fields.password} />
          <TextField compact id="agent-area" label="Area" value={area} onChange={setArea} error={fields.area} />
          <TextField compact id="agent-code" label="Agent code (optional)" value={code} onChange={setCode} error={fields.code} />
        </div>
        <fieldset>
          <legend className="font-semibold text-stone-900">Commission per category (%)</legend>
          {fields.rates && (
            <p role="alert" className="text-red-800">
              {fields.rates}
            </p>
          )}
          <div className="mt-2 grid gap-2 sm:grid-cols-3">
            {(categories.data ?? []).map((c) => (
              <TextField
                compact
                key={c.id}
                id={`agent-rate-${c.id}`}
                label={c.name}
                type="number"
                step="0.01"
                min="0"
                max="100"
                inputMode="decimal"
                value={rates[c.id] ?? ''}
                onChange={(v) => setRates((r) => ({ ...r, [c.id]: v }))}
              />
            ))}
          </div>
        </fieldset>
        <Note note={save.note} />
        <Button type="submit" disabled={save.busy}>
          Sign up
        </Button>
      </form>
    </Part>
  );
}
