import type { Schemas } from '../api';
import { Link } from '../components';
import { followLink, href } from '../router';

type Counts = Schemas['TargetCounts'];
export type Segment = 'finished' | 'error' | 'running' | 'cancelled';

// Drawn in SVG (attributes, no inline styles) so that the console's strict CSP holds.
const SEGMENTS: readonly [Segment, string][] = [
  ['finished', 'finished'],
  ['error', 'failed'],
  ['running', 'running'],
  ['cancelled', 'cancelled'],
];

/**
 * The targets of a rollout or group by the state of their action, as one stacked bar. `links` make each
 * segment (and its count below the bar) open the matching list; `threshold` marks the success threshold
 * (a share of `capacity`, the group's size as planned).
 */
export function ProgressBar({
  label,
  counts,
  total,
  links,
  threshold,
  capacity = total,
}: {
  label: string;
  counts: Counts;
  total: number;
  links?: Partial<Record<Segment, string>>;
  threshold?: number | undefined;
  capacity?: number;
}) {
  const width = 100;
  let x = 0;
  const summary = `${label}: ${counts.finished} of ${total} finished, ${counts.running} running, ${counts.error} failed`;
  const scale = Math.max(total, capacity);
  const mark = threshold === undefined || scale === 0 ? undefined : (Math.ceil((threshold * capacity) / 100) / scale) * width;
  return (
    <div class="progress" data-progress={label}>
      <span class="progress-label">{label}</span>
      <svg class="progress-bar" viewBox={`0 0 ${width} 8`} preserveAspectRatio="none" role="img" aria-label={summary}>
        <rect x={0} y={0} width={width} height={8} class="segment-rest" />
        {SEGMENTS.map(([key, name]) => {
          const share = scale === 0 ? 0 : (counts[key] / scale) * width;
          const rect = <rect x={x} y={0} width={share} height={8} class={`segment-${key}`} />;
          x += share;
          const to = links?.[key];
          if (!to || counts[key] === 0) return <g key={key}>{rect}</g>;
          return (
            // for the pointer; keyboards and screen readers get the same links as text below the bar
            <a key={key} href={href(to)} tabIndex={-1} aria-hidden="true" onClick={(event: MouseEvent) => followLink(event, to)} data-segment={key}>
              <title>{`${counts[key]} ${name}`}</title>
              {rect}
            </a>
          );
        })}
        {mark !== undefined && <line x1={mark} x2={mark} y1={0} y2={8} class="threshold-mark" />}
      </svg>
      <span class="progress-text">
        {counts.finished}/{total}
      </span>
      {links && (
        <span class="progress-counts">
          {SEGMENTS.filter(([key]) => counts[key] > 0 && links[key]).map(([key, name]) => (
            <Link key={key} to={links[key] as string}>
              {`${counts[key]} ${name}`}
            </Link>
          ))}
        </span>
      )}
    </div>
  );
}

/** The action lists behind a rollout's or a group's bar segments (`scope`: `rollout.id==3`). */
export const segmentLinks = (scope: string): Record<Segment, string> => ({
  finished: actionsWhere(`${scope};detailStatus==finished`),
  error: actionsWhere(`${scope};detailStatus==error`),
  running: actionsWhere(`${scope};status==pending`),
  cancelled: actionsWhere(`${scope};detailStatus==canceled`),
});

export const actionsWhere = (q: string) => `/actions?q=${encodeURIComponent(q)}`;
export const targetsWhere = (q: string) => `/targets?q=${encodeURIComponent(q)}`;
