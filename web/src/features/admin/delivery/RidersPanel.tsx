import { useState } from 'react';
import { adminApi } from '../../../shared/api/admin';
import { formatKsh } from '../../../shared/domain/money';
import { useResource } from '../../../shared/hooks/useResource';
import { LoadState } from '../../../shared/ui/controls';

/** The riders' day, as each rider's own end-of-day list adds it up: delivered, collected, refused. */
export function RidersPanel() {
  const [date, setDate] = useState('');
  const loaded = useResource(`admin:riders:${date}`, () => adminApi.riders(date || undefined), { cache: false });
  return (
    <section aria-labelledby="riders-h">
      <h2 id="riders-h" className="text-xl font-bold text-stone-900">
        Riders
      </h2>
      <label className="mt-2 inline-flex items-center gap-2 text-sm">
        Day
        <input type="date" className="h-11 rounded-md border border-stone-300 px-2" value={date} onChange={(e) => setDate(e.target.value)} />
      </label>
      <LoadState loaded={loaded} what="the riders">
        {(day) =>
          day.riders.length === 0 ? (
            <p className="mt-2 text-stone-700">No riders yet: give a staff member the rider role in Users.</p>
          ) : (
            <table className="mt-2 w-full text-left text-sm">
              <thead>
                <tr>
                  <th className="py-1">Rider</th>
                  <th>Delivered</th>
                  <th>Collected</th>
                  <th>Refused</th>
                  <th>Still out</th>
                </tr>
              </thead>
              <tbody>
                {day.riders.map((r) => (
                  <tr key={r.rider_id} className="border-t border-stone-200">
                    <td className="py-1">
                      {r.name} <span className="text-stone-600">({r.phone})</span>
                    </td>
                    <td>{r.delivered}</td>
                    <td>{formatKsh(r.collected)}</td>
                    <td>{r.refused}</td>
                    <td>{r.open}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </LoadState>
    </section>
  );
}
