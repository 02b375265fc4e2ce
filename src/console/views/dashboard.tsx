import { api, unwrap, type Schemas } from '../api';
import { Loading, Section, Table } from '../components';
import { usePoll } from '../use-poll';
import { ACTION_COLUMNS } from './action-columns';
import { StatusChart } from './status-chart';

const RECENT_ACTIONS = 10;

async function loadDashboard() {
  const [statistics, actions, configs] = await Promise.all([
    unwrap(api.GET('/rest/v1/system/statistics')),
    unwrap(api.GET('/rest/v1/actions', { params: { query: { sort: 'id:DESC', limit: RECENT_ACTIONS } } })),
    unwrap(api.GET('/rest/v1/system/configs')),
  ]);
  return { statistics, actions: actions.content, configs };
}

/** Fleet counters, targets by status, the latest actions and the server's (read-only) configuration. */
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
      <Section title="Recent actions">
        <Table label="Recent actions" rows={data.actions} columns={ACTION_COLUMNS} rowKey={(action) => action.id} />
      </Section>
    </>
  );
}

function Counters({ statistics }: { statistics: Schemas['Statistics'] }) {
  const counters: [string, number][] = [
    ['Targets', statistics.totalTargets],
    ['Distribution sets', statistics.totalDistributionSets],
    ['Software modules', statistics.totalSoftwareModules],
    ['Actions', statistics.totalActions],
    ['Active actions', statistics.activeActions],
    ['Rollouts', statistics.totalRollouts],
  ];
  return (
    <dl class="counters" aria-label="Fleet counters">
      {counters.map(([label, value]) => (
        <div key={label} class="counter" data-counter={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
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
