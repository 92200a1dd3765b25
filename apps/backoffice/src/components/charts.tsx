import { useId } from 'react';

/**
 * Small SVG charts drawn by hand (no chart library in the bundle): enough for
 * day-by-day figures. Each point has a <title> so hovering shows the value.
 */
export type Series = { name: string; color: string; values: number[] };

const HEIGHT = 180;
const PAD = { top: 10, right: 8, bottom: 22, left: 40 };
const WIDTH = 480;

function scale(max: number) {
  if (max <= 0) return { top: 1, ticks: [0, 1] };
  const magnitude = 10 ** Math.floor(Math.log10(max));
  const top = Math.ceil(max / magnitude) * magnitude;
  return { top, ticks: [0, top / 2, top] };
}

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

function Frame({
  labels,
  top,
  ticks,
  children,
  title,
}: {
  labels: string[];
  top: number;
  ticks: number[];
  children: React.ReactNode;
  title: string;
}) {
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const every = Math.max(1, Math.ceil(labels.length / 8));
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" role="img" aria-label={title}>
      {ticks.map((tick) => {
        const y = PAD.top + plotHeight - (tick / top) * plotHeight;
        return (
          <g key={tick}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y}
              y2={y}
              stroke="var(--color-ink-700)"
              strokeDasharray={tick === 0 ? undefined : '3 3'}
            />
            <text
              x={PAD.left - 6}
              y={y + 3}
              textAnchor="end"
              fontSize="11"
              fill="var(--color-fg-subtle)"
            >
              {compact.format(tick)}
            </text>
          </g>
        );
      })}
      {labels.map((label, index) =>
        index % every === 0 || labels.length <= 8 ? (
          <text
            key={label}
            x={PAD.left + ((index + 0.5) * plotWidth) / labels.length}
            y={HEIGHT - 5}
            textAnchor="middle"
            fontSize="11"
            fill="var(--color-fg-subtle)"
          >
            {label.slice(5)}
          </text>
        ) : null,
      )}
      {children}
    </svg>
  );
}

export function BarChart({
  labels,
  series,
  title,
}: {
  labels: string[];
  series: Series[];
  title: string;
}) {
  const max = Math.max(0, ...series.flatMap((item) => item.values));
  const { top, ticks } = scale(max);
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = (WIDTH - PAD.left - PAD.right) / Math.max(1, labels.length);
  const bar = Math.min(18, (slot * 0.7) / series.length);
  return (
    <Frame labels={labels} top={top} ticks={ticks} title={title}>
      {labels.map((label, index) =>
        series.map((item, which) => {
          const value = item.values[index] ?? 0;
          const height = (Math.max(0, value) / top) * plotHeight;
          const x = PAD.left + index * slot + (slot - bar * series.length) / 2 + which * bar;
          return (
            <rect
              key={`${label}-${item.name}`}
              x={x}
              y={PAD.top + plotHeight - height}
              width={Math.max(1, bar - 1)}
              height={Math.max(value > 0 ? 1 : 0, height)}
              rx="1.5"
              fill={item.color}
            >
              <title>{`${label} · ${item.name}: ${value.toLocaleString('en')}`}</title>
            </rect>
          );
        }),
      )}
    </Frame>
  );
}

export function LineChart({
  labels,
  series,
  title,
}: {
  labels: string[];
  series: Series[];
  title: string;
}) {
  const gradient = useId();
  const values = series.flatMap((item) => item.values);
  const max = Math.max(0, ...values);
  const { top, ticks } = scale(max);
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = (WIDTH - PAD.left - PAD.right) / Math.max(1, labels.length);
  const point = (value: number, index: number) =>
    [
      PAD.left + (index + 0.5) * slot,
      PAD.top + plotHeight - (Math.max(0, value) / top) * plotHeight,
    ] as const;
  return (
    <Frame labels={labels} top={top} ticks={ticks} title={title}>
      {series.map((item, which) => {
        const points = item.values.map((value, index) => point(value, index));
        const path = points.map(([x, y], index) => `${index === 0 ? 'M' : 'L'}${x},${y}`).join(' ');
        const area = `${path} L${points.at(-1)?.[0] ?? 0},${PAD.top + plotHeight} L${points[0]?.[0] ?? 0},${PAD.top + plotHeight} Z`;
        return (
          <g key={item.name}>
            <defs>
              <linearGradient id={`${gradient}-${which}`} x1="0" x2="0" y1="0" y2="1">
                <stop offset="0" stopColor={item.color} stopOpacity="0.25" />
                <stop offset="1" stopColor={item.color} stopOpacity="0" />
              </linearGradient>
            </defs>
            {points.length > 1 && <path d={area} fill={`url(#${gradient}-${which})`} />}
            <path d={path} fill="none" stroke={item.color} strokeWidth="2" strokeLinejoin="round" />
            {points.map(([x, y], index) => (
              <circle
                key={labels[index]}
                cx={x}
                cy={y}
                r={points.length > 14 ? 2 : 3}
                fill={item.color}
              >
                <title>{`${labels[index]} · ${item.name}: ${(item.values[index] ?? 0).toLocaleString('en')}`}</title>
              </circle>
            ))}
          </g>
        );
      })}
    </Frame>
  );
}

export function Legend({ series }: { series: Array<Pick<Series, 'name' | 'color'>> }) {
  return (
    <div className="flex flex-wrap gap-3 text-xs text-fg-muted">
      {series.map((item) => (
        <span key={item.name} className="flex items-center gap-1.5">
          <span className="size-2 rounded-sm" style={{ background: item.color }} />
          {item.name}
        </span>
      ))}
    </div>
  );
}
