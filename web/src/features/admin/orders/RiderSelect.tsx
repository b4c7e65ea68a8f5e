import { useState } from 'react';
import { adminApi } from '../../../shared/api/admin';
import type { OrderDetail, RiderAssignment, RiderSummary } from '../../../shared/api/shapes';
import { useResource } from '../../../shared/hooks/useResource';
import { Note, Part, useAction } from '../../../shared/ui/controls';
import { Button } from '../../../shared/ui/Button';

/** Statuses in which a home delivery may be given to a rider (internal/rider: assignable). */
const ASSIGNABLE = new Set(['paid', 'processing', 'awaiting_delivery_payment', 'dispatched', 'partially_refunded']);

/**
 * The order's rider: a small select of the shop's riders (users whose role is rider). The rider
 * then sees the delivery on their screen (/rider); the customer's dispatch SMS carries the
 * delivery code the rider asks for.
 */
export function RiderSelect({ order }: { order: OrderDetail }) {
  const show = order.delivery?.kind === 'delivery' && ASSIGNABLE.has(order.status);
  const loaded = useResource<{ riders: RiderSummary[]; current: RiderAssignment | null }>(
    show ? `admin:rider:${order.orderId}` : null,
    async () => {
      const [list, current] = await Promise.all([adminApi.riders(), adminApi.orderRider(order.orderId)]);
      return { riders: list.riders, current };
    },
    { cache: false },
  );
  const [chosen, setChosen] = useState('');
  const { busy, note, setNote, run } = useAction();
  if (!show || !loaded.data) return null;
  const { riders, current } = loaded.data;
  const value = chosen || (current ? String(current.rider_id) : '');
  async function save() {
    await run(async () => {
      const got = await adminApi.assignRider(order.orderId, Number(value));
      setNote({ kind: 'ok', text: `Given to ${got.rider}.` });
      loaded.retry();
    }, 'The rider could not be set.');
  }
  return (
    <Part id="rider-h" title="Rider">
      {riders.length === 0 ? (
        <p className="text-sm text-stone-700">No riders yet: give a staff member the rider role in Users.</p>
      ) : (
        <div className="flex flex-wrap items-end gap-2">
          <label className="text-sm">
            Rider
            <select
              aria-label="Rider"
              className="ml-2 h-11 rounded-md border border-stone-300 px-2"
              value={value}
              onChange={(e) => setChosen(e.target.value)}
            >
              <option value="">Choose a rider</option>
              {riders.map((r) => (
                <option key={r.rider_id} value={r.rider_id}>
                  {r.name} ({r.phone})
                </option>
              ))}
            </select>
          </label>
          <Button onClick={save} disabled={busy || value === '' || value === String(current?.rider_id ?? '')}>
            Give to rider
          </Button>
        </div>
      )}
      {current && <p className="mt-1 text-sm text-stone-700">Now with {current.rider}.</p>}
      <Note note={note} className="mt-2" />
    </Part>
  );
}
