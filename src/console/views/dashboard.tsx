import { api, unwrap, type Schemas } from '../api';
import { Badge, Empty, Link, Loading, Section, Table, Time } from '../components';
import { withQuery } from '../router';
import { usePoll } from '../use-poll';
import { ACTION_COLUMNS } from './action-columns';
import { loadOutcome, OutcomeLine } from './outcome-line';
import { actionsWhere, ProgressBar, segmentLinks } from './progress-bar';
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

// The longest-silent targets looked at for overdue ones: the server says which are (their poll status).
const SILENT_LOOKED_AT = 50;
const FAILED_SHOWN = 5;
const OVERDUE_SHOWN = 5;
const FAILED = 'detailStatus==error';
const LONGEST_SILENT = withQuery('/targets', { q: 'lastcontrollerrequestat=gt=0', sort: 'lastControllerRequestAt:ASC' });

async function loadDashboard() {
  const configs = await unwrap(api.GET('/rest/v1/system/configs'));
  const [statistics, actions, failed, silent, rollouts] = await Promise.all([
    unwrap(api.GET('/rest/v1/system/statistics')),
    unwrap(api.GET('/rest/v1/actions', { params: { query: { sort: 'id:DESC', limit: RECENT_ACTIONS } } })),
    unwrap(api.GET('/rest/v1/actions', { params: { query: { q: FAILED, sort: 'lastModifiedAt:DESC', limit: FAILED_SHOWN } } })),
    unwrap(
      api.GET('/rest/v1/targets', {
        params: { query: { q: 'lastcontrollerrequestat=gt=0', sort: 'lastControllerRequestAt:ASC', limit: SILENT_LOOKED_AT } },
      }),
    ),
    loadActiveRollouts(overdueAfterMs(configs)),
  ]);
  const overdue = silent.content.filter((target) => target.pollStatus?.overdue);
  return {
    statistics,
    actions: actions.content,
    failed,
    overdue,
    overdueMore: overdue.length === SILENT_LOOKED_AT,
    rollouts: rollouts.rollouts,
    moreRollouts: rollouts.more,
  };
}

/**
 * What needs attention first (decision 223): rollouts under way or waiting, failed actions, overdue targets;
 * then the fleet's counters, its targets by status and the latest actions. The server's configuration has
 * its own page.
 */
export function Dashboard() {
  const { data, error } = usePoll(loadDashboard, []);
  if (!data) return <Loading error={error} />;
  return (
    <>
      <h1>Dashboard</h1>
      <Section title="Active rollouts">
        {data.rollouts.length === 0 && (
          <Empty>
            No rollout is running, paused or waiting to start. A rollout is created with <code>POST /rest/v1/rollouts</code> (README &ldquo;Management
            API&rdquo;).
          </Empty>
        )}
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
      <div class="grid-2">
        <Section title="Failed actions">
          {data.failed.total === 0 ? (
            <Empty>No action has failed. A device that reports a failed installation shows up here.</Empty>
          ) : (
            <>
              <Table label="Failed actions" empty="" rows={data.failed.content} columns={ACTION_COLUMNS} rowKey={(action) => action.id} />
              <p>
                <Link to={actionsWhere(FAILED)}>{`All ${data.failed.total} failed actions`}</Link>
              </p>
            </>
          )}
        </Section>
        <Section title="Overdue targets">
          {data.overdue.length === 0 ? (
            <Empty>No target is overdue: every device that polled did so within its polling time and overdue time.</Empty>
          ) : (
            <>
              <ul class="plain" aria-label="Overdue targets">
                {data.overdue.slice(0, OVERDUE_SHOWN).map((target) => (
                  <li key={target.controllerId}>
                    <Link to={`/targets/${encodeURIComponent(target.controllerId)}`}>{target.controllerId}</Link>
                    {' last polled '}
                    <Time at={target.lastControllerRequestAt} />
                  </li>
                ))}
              </ul>
              <p>
                <Link to={LONGEST_SILENT}>{`${data.overdue.length}${data.overdueMore ? ' or more' : ''} overdue targets, longest silent first`}</Link>
              </p>
            </>
          )}
        </Section>
      </div>
      <Counters statistics={data.statistics} />
      <div class="grid-2">
        <Section title="Targets by status">
          <StatusChart byStatus={data.statistics.targetsByStatus} />
        </Section>
        <Section title="Recent actions">
          <Table
            label="Recent actions"
            empty="Actions appear here once a distribution set is assigned to a target (POST /rest/v1/targets/{controllerId}/assignedDS) or a rollout starts."
            rows={data.actions}
            columns={ACTION_COLUMNS}
            rowKey={(action) => action.id}
          />
        </Section>
      </div>
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
