import type { Schemas } from '../api';

type Counts = Schemas['TargetCounts'];

// Drawn in SVG (attributes, no inline styles) so that the console's strict CSP holds.
const SEGMENTS: readonly [keyof Counts, string][] = [
  ['finished', 'finished'],
  ['error', 'error'],
  ['running', 'running'],
  ['cancelled', 'cancelled'],
];

/** The targets of a rollout or group by the state of their action, as one stacked bar. */
export function ProgressBar({ label, counts, total }: { label: string; counts: Counts; total: number }) {
  const width = 100;
  let x = 0;
  const summary = `${label}: ${counts.finished} of ${total} finished, ${counts.running} running, ${counts.error} failed`;
  return (
    <div class="progress" data-progress={label}>
      <span class="progress-label">{label}</span>
      <svg class="progress-bar" viewBox={`0 0 ${width} 8`} preserveAspectRatio="none" role="img" aria-label={summary}>
        <rect x={0} y={0} width={width} height={8} class="segment-rest" />
        {SEGMENTS.map(([key, name]) => {
          const share = total === 0 ? 0 : (counts[key] / total) * width;
          const segment = <rect key={key} x={x} y={0} width={share} height={8} class={`segment-${name}`} />;
          x += share;
          return segment;
        })}
      </svg>
      <span class="progress-text">
        {counts.finished}/{total}
      </span>
    </div>
  );
}
