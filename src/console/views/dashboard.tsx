import { api, unwrap, type Schemas } from '../api';
import { Badge, Link, Loading, Section, Table } from '../components';
import { usePoll } from '../use-poll';
import { ACTION_COLUMNS } from './action-columns';
import { loadOutcome, OutcomeLine } from './outcome-line';
import { ProgressBar, segmentLinks } from './progress-bar';
import { overdueAfterMs } from './rollout-outcome';
import { StatusChart } from './status-chart';

const RECENT_ACTIONS = 10;
const ACTIVE_ROLLOUTS = 5;
// Rollouts deploying (or about to) come first, those not started yet fill the rest (decision 170).
const UNDER_WAY = 'status=in=(running,paused,stopping)';
const NOT_STARTED = 'status=in=(ready,waiting_for_approval)';
const ACTIVE = 'status=out=(finished,stopped,approval_denied)';

async function loadActiveRollouts(overdueAfter: number) {
  const list = (q: string, limit: number) => unwrap(api.GET('/rest/v1/rollouts', { params: { query: { q, sort: 'id:DESC', limit } } }));
  const underWay = await list(UNDER_WAY, ACTIVE_ROLLOUTS);
  const notStarted = await list(NOT_STARTED, Math.max(1, ACTIVE_ROLLOUTS - underWay.content.length));
  const shown = [...underWay.content, ...notStarted.content].slice(0, ACTIVE_ROLLOUTS);
  const rollouts = await Promise.all(
    shown.map(async (rollout) => {
      const groups = await unwrap(
        api.GET('/rest/v1/rollouts/{rolloutId}/deploygroups', { params: { path: { rolloutId: rollout.id }, query: { limit: 500 } } }),
      );
      return { rollout, groups: groups.content, outcome: await loadOutcome(rollout, overdueAfter) };
    }),
  );
  return { rollouts, more: underWay.total + notStarted.total - shown.length };
}

async function loadDashboard() {
  const configs = await unwrap(api.GET('/rest/v1/system/configs'));
  const [statistics, actions, rollouts] = await Promise.all([
    unwrap(api.GET('/rest/v1/system/statistics')),
    unwrap(api.GET('/rest/v1/actions', { params: { query: { sort: 'id:DESC', limit: RECENT_ACTIONS } } })),
    loadActiveRollouts(overdueAfterMs(configs)),
  ]);
  return { statistics, actions: actions.content, rollouts: rollouts.rollouts, moreRollouts: rollouts.more, configs };
}

/** Fleet counters, targets by status, active rollouts, the latest actions and the server's (read-only) configuration. */
export function Dashboard() {
  const { data, error } = usePoll(loadDashboard, []);
  if (!data) return <Loading error={error} />;
  return (
    <>
      <h1>Dashboard</h1>
      <Counters statistics={data.statistics} />
      <div class="grid-2">
        <Section title="Targets by status">
          <StatusChart byStatus={data.statistics.targetsByStatus} />
        </Section>
        <Section title="System configuration">
          <ConfigTable configs={data.configs} />
        </Section>
      </div>
      <Section title="Active rollouts">
        {data.rollouts.length === 0 && <p class="muted">No active rollouts</p>}
        {data.rollouts.map(({ rollout, groups, outcome }) => (
          <div key={rollout.id} class="rollout-summary">
            <h3>
              <Link to={`/rollouts/${rollout.id}`}>{rollout.name}</Link> <Badge value={rollout.status} />
            </h3>
            <OutcomeLine rollout={rollout} outcome={outcome} />
            {groups.map((group) => (
              <ProgressBar
                key={group.id}
                label={group.name}
                counts={group.totalTargetsPerStatus}
                total={group.totalTargets}
                links={segmentLinks(`rolloutGroup.id==${group.id}`)}
              />
            ))}
          </div>
        ))}
        {data.moreRollouts > 0 && (
          <p>
            <Link to={`/rollouts?q=${encodeURIComponent(ACTIVE)}`}>{`${data.moreRollouts} more active rollouts`}</Link>
          </p>
        )}
      </Section>
      <Section title="Recent actions">
        <Table label="Recent actions" rows={data.actions} columns={ACTION_COLUMNS} rowKey={(action) => action.id} />
      </Section>
    </>
  );
}

/** Each counter opens the list it counts. */
function Counters({ statistics }: { statistics: Schemas['Statistics'] }) {
  const counters: [string, number, string][] = [
    ['Targets', statistics.totalTargets, '/targets'],
    ['Distribution sets', statistics.totalDistributionSets, '/distributionsets'],
    ['Software modules', statistics.totalSoftwareModules, '/softwaremodules'],
    ['Actions', statistics.totalActions, '/actions'],
    ['Active actions', statistics.activeActions, `/actions?q=${encodeURIComponent('status==pending')}`],
    ['Rollouts', statistics.totalRollouts, '/rollouts'],
  ];
  return (
    <dl class="counters" aria-label="Fleet counters">
      {counters.map(([label, value, to]) => (
        <div key={label} class="counter" data-counter={label}>
          <dt>{label}</dt>
          <dd>
            <Link to={to} label={`${label}: ${value}`}>
              {value}
            </Link>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function ConfigTable({ configs }: { configs: Schemas['TenantConfiguration'] }) {
  const rows = Object.entries(configs).sort(([a], [b]) => a.localeCompare(b));
  return (
    <div class="table-scroll">
      <table aria-label="System configuration">
        <tbody>
          {rows.map(([key, entry]) => (
            <tr key={key}>
              <th scope="row">{key}</th>
              <td>{String(entry.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
