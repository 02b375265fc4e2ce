import type { Schemas } from '../api';
import { followLink, href } from '../router';
import { targetsWhere } from './progress-bar';

type ByStatus = Schemas['Statistics']['targetsByStatus'];

const STATUSES: readonly (keyof ByStatus)[] = ['in_sync', 'pending', 'error', 'registered', 'unknown'];
const BAR_HEIGHT = 22;
const LABEL_WIDTH = 90;
const CHART_WIDTH = 320;

/** Targets by update status as horizontal bars (SVG attributes only, no inline styles, for the CSP); each bar opens its targets. */
export function StatusChart({ byStatus }: { byStatus: ByStatus }) {
  const largest = Math.max(1, ...STATUSES.map((status) => byStatus[status]));
  const summary = STATUSES.map((status) => `${status} ${byStatus[status]}`).join(', ');
  return (
    <svg
      class="status-chart"
      viewBox={`0 0 ${CHART_WIDTH + LABEL_WIDTH + 40} ${STATUSES.length * (BAR_HEIGHT + 8)}`}
      role="group"
      aria-label={`Targets by status: ${summary}`}
    >
      {STATUSES.map((status, row) => {
        const y = row * (BAR_HEIGHT + 8);
        const width = (byStatus[status] / largest) * CHART_WIDTH;
        const to = targetsWhere(`updateStatus==${status}`);
        return (
          <a
            key={status}
            href={href(to)}
            onClick={(event: MouseEvent) => followLink(event, to)}
            data-status={status}
            aria-label={`${status}: ${byStatus[status]} targets`}
          >
            <text x={0} y={y + BAR_HEIGHT - 6} class="chart-label">
              {status}
            </text>
            <rect x={LABEL_WIDTH} y={y} width={Math.max(width, 1)} height={BAR_HEIGHT} rx={3} class={`bar bar-${status}`} />
            <text x={LABEL_WIDTH + Math.max(width, 1) + 6} y={y + BAR_HEIGHT - 6} class="chart-value">
              {byStatus[status]}
            </text>
          </a>
        );
      })}
    </svg>
  );
}
