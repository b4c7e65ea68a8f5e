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

/** Columns over time, left to right: revenue per day, week or month. */
export function ColumnChart({ title, description, data }: { title: string; description: string; data: Datum[] }) {
  const H = 220;
  const top = 12;
  const bottom = 28;
  const left = 8;
  const max = Math.max(1, ...data.map((d) => d.value));
  const slot = (W - left * 2) / Math.max(1, data.length);
  const bar = Math.max(1, slot * 0.7);
  // Label a few periods only, so the axis stays readable at 365 days.
  const every = Math.max(1, Math.ceil(data.length / 8));
  return (
    <Chart kind="series" height={H} title={title} description={description}>
      <line x1={left} x2={W - left} y1={H - bottom} y2={H - bottom} className="stroke-stone-400" />
      {data.map((d, i) => {
        const h = ((H - top - bottom) * d.value) / max;
        const x = left + i * slot + (slot - bar) / 2;
        return (
          <g key={d.label}>
            <rect x={x} y={H - bottom - h} width={bar} height={h} className="fill-brand-700" data-period={d.label}>
              <title>{`${d.label}: ${d.text}`}</title>
            </rect>
            {i % every === 0 && (
              <text x={x + bar / 2} y={H - bottom + 16} textAnchor="middle" className="fill-stone-700 text-[11px]">
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
