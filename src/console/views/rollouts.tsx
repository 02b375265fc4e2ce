import { api, listQuery, unwrap, type PageQuery, type Schemas } from '../api';
import { Badge, Link } from '../components';
import { PagedList } from '../paged-list';
import { loadOutcome, OutcomeLine } from './outcome-line';
import { ProgressBar, segmentLinks } from './progress-bar';
import { overdueAfterMs, type Outcome } from './rollout-outcome';

interface Row {
  rollout: Schemas['Rollout'];
  /** `name:version` of its distribution set */
  set: string;
  outcome: Outcome;
}

/** A page of rollouts, each with its set's name (one more call for the page's sets) and its outcome. */
async function loadRollouts(query: PageQuery) {
  const page = await unwrap(api.GET('/rest/v1/rollouts', { params: { query: listQuery(query, 'id:DESC') } }));
  const ids = [...new Set(page.content.map((rollout) => rollout.distributionSetId))];
  const sets =
    ids.length === 0
      ? []
      : (await unwrap(api.GET('/rest/v1/distributionsets', { params: { query: { q: `id=in=(${ids.join(',')})`, limit: ids.length } } }))).content;
  const names = new Map(sets.map((set) => [set.id, `${set.name}:${set.version}`]));
  const overdueAfter = overdueAfterMs(await unwrap(api.GET('/rest/v1/system/configs')));
  const outcomes = await Promise.all(page.content.map((rollout) => loadOutcome(rollout, overdueAfter)));
  return {
    ...page,
    content: page.content.map((rollout, i): Row => ({
      rollout,
      set: names.get(rollout.distributionSetId) ?? String(rollout.distributionSetId),
      outcome: outcomes[i] as Outcome,
    })),
  };
}

export function Rollouts() {
  return (
    <PagedList<Row>
      title="Rollouts"
      empty="Rollouts appear here; create one with POST /rest/v1/rollouts (creating rollouts is API-only)."
      load={loadRollouts}
      searchExample="status==running"
      textSearch={{ fields: ['name'], label: 'Name contains' }}
      rowKey={({ rollout }) => rollout.id}
      columns={[
        { title: 'Name', sort: 'name', cell: ({ rollout }) => <Link to={`/rollouts/${rollout.id}`}>{rollout.name}</Link> },
        { title: 'Status', sort: 'status', cell: ({ rollout }) => <Badge value={rollout.status} /> },
        { title: 'Set', cell: ({ set }) => set },
        { title: 'Groups', cell: ({ rollout }) => rollout.totalGroups },
        { title: 'Outcome', cell: ({ rollout, outcome }) => <OutcomeLine rollout={rollout} outcome={outcome} /> },
        {
          title: 'Progress',
          cell: ({ rollout }) => (
            <ProgressBar
              label="all groups"
              counts={rollout.totalTargetsPerStatus}
              total={rollout.totalTargets}
              links={segmentLinks(`rollout.id==${rollout.id}`)}
            />
          ),
        },
      ]}
    />
  );
}
