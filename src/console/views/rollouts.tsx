import { api, listQuery, unwrap, type PageQuery, type Schemas } from '../api';
import { Badge, Link } from '../components';
import { PagedList } from '../paged-list';
import { ProgressBar } from './progress-bar';

const loadRollouts = (query: PageQuery) => unwrap(api.GET('/rest/v1/rollouts', { params: { query: listQuery(query, 'id:DESC') } }));

export function Rollouts() {
  return (
    <PagedList<Schemas['Rollout']>
      title="Rollouts"
      load={loadRollouts}
      searchExample="status==running"
      rowKey={(rollout) => rollout.id}
      columns={[
        { title: 'Name', cell: (rollout) => <Link to={`/rollouts/${rollout.id}`}>{rollout.name}</Link> },
        { title: 'Status', cell: (rollout) => <Badge value={rollout.status} /> },
        { title: 'Set', cell: (rollout) => rollout.distributionSetId },
        { title: 'Groups', cell: (rollout) => rollout.totalGroups },
        {
          title: 'Progress',
          cell: (rollout) => <ProgressBar label="all groups" counts={rollout.totalTargetsPerStatus} total={rollout.totalTargets} />,
        },
      ]}
    />
  );
}
