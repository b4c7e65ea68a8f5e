import { useId, type ReactNode } from 'react';

// Charts of the Reports tab, drawn as SVG by hand: a column chart of a series over time and a bar
// chart of named amounts. Each has a title and a description for screen readers, and the tab shows
// the same figures as a table, so nothing lives only in the picture.

export interface Datum {
  label: string;
  value: number;
  /** The value as people read it ("Ksh 12,400"). */
  text: string;
}

const W = 640;

/** The picture of a chart: its size, its name and description for screen readers, and its marks. */
function Chart({ kind, height, title, description, children }: { kind: string; height: number; title: string; description: string; children: ReactNode }) {
  const id = useId();
  return (
    <svg
      viewBox={`0 0 ${W} ${height}`}
      role="img"
      aria-labelledby={`${id}-t ${id}-d`}
      className="h-auto w-full rounded-md border border-stone-200 bg-white"
      data-chart={kind}
    >
      <title id={`${id}-t`}>{title}</title>
      <desc id={`${id}-d`}>{description}</desc>
      {children}
    </svg>
  );
}

/** A round top for an axis at or above max: 1, 2 or 5 times a power of ten. */
export function niceTop(max: number): number {
  if (max <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(max));
  for (const m of [1, 2, 5, 10]) if (m * p >= max) return m * p;
  return 10 * p;
}

/** An axis value in few characters: 1,500, 12k, 1.2M. */
export function shortAmount(v: number): string {
  if (v >= 1_000_000) return `${+(v / 1_000_000).toFixed(1)}M`;
  if (v >= 10_000) return `${Math.round(v / 1000)}k`;
  return v.toLocaleString('en');
}

/** Columns over time, left to right: revenue per day, week or month, with a value axis. */
export function ColumnChart({ title, description, data, unit = 'Ksh' }: { title: string; description: string; data: Datum[]; unit?: string }) {
  const H = 240;
  const top = 16;
  const bottom = 28;
  const left = 64; // the value axis's labels
  const right = 12;
  const maxAxis = niceTop(Math.max(0, ...data.map((d) => d.value)));
  const ticks = [0, maxAxis / 4, maxAxis / 2, (3 * maxAxis) / 4, maxAxis];
  const plotH = H - top - bottom;
  const slot = (W - left - right) / Math.max(1, data.length);
  const bar = Math.max(1, slot * 0.7);
  // Label a few periods only, so the axis stays readable at 365 days; the first and last lean
  // inwards so neither is cut at the edge.
  const every = Math.max(1, Math.ceil(data.length / 6));
  return (
    <Chart kind="series" height={H} title={title} description={description}>
      {ticks.map((t) => {
        const y = H - bottom - (plotH * t) / maxAxis;
        return (
          <g key={t} data-tick={t}>
            <line x1={left} x2={W - right} y1={y} y2={y} className={t === 0 ? 'stroke-stone-500' : 'stroke-stone-200'} />
            <text x={left - 6} y={y + 4} textAnchor="end" className="fill-stone-700 text-[11px]">
              {t === 0 ? `${unit} 0` : shortAmount(t)}
            </text>
          </g>
        );
      })}
      {data.map((d, i) => {
        const h = (plotH * d.value) / maxAxis;
        const x = left + i * slot + (slot - bar) / 2;
        const anchor = i === 0 ? 'start' : i === data.length - 1 && data.length > 1 ? 'end' : 'middle';
        const lx = anchor === 'start' ? left + i * slot : anchor === 'end' ? left + (i + 1) * slot : x + bar / 2;
        return (
          <g key={d.label}>
            <rect x={x} y={H - bottom - h} width={bar} height={h} className="fill-brand-700" data-period={d.label}>
              <title>{`${d.label}: ${d.text}`}</title>
            </rect>
            {(i % every === 0 || i === data.length - 1) && (i === data.length - 1 ? true : data.length - 1 - i >= every / 2) && (
              <text x={lx} y={H - bottom + 16} textAnchor={anchor} className="fill-stone-700 text-[11px]">
                {d.label}
              </text>
            )}
          </g>
        );
      })}
    </Chart>
  );
}

/** Horizontal bars, largest first: revenue by county. */
export function BarChart({ title, description, data }: { title: string; description: string; data: Datum[] }) {
  const row = 26;
  const labelW = 130;
  const textW = 110;
  const H = Math.max(row, data.length * row) + 8;
  const max = Math.max(1, ...data.map((d) => d.value));
  return (
    <Chart kind="bars" height={H} title={title} description={description}>
      {data.map((d, i) => {
        const y = 4 + i * row;
        const w = ((W - labelW - textW) * d.value) / max;
        return (
          <g key={d.label}>
            <text x={labelW - 6} y={y + 17} textAnchor="end" className="fill-stone-800 text-[12px]">
              {d.label}
            </text>
            <rect x={labelW} y={y + 4} width={Math.max(1, w)} height={row - 8} className="fill-earth-500" />
            <text x={labelW + w + 6} y={y + 17} className="fill-stone-700 text-[12px]">
              {d.text}
            </text>
          </g>
        );
      })}
    </Chart>
  );
}
