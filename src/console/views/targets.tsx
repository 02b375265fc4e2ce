import { api, listQuery, unwrap, type PageQuery, type Schemas } from '../api';
import { Badge, formatTime, Link } from '../components';
import { PagedList } from '../paged-list';

const loadTargets = (query: PageQuery) => unwrap(api.GET('/rest/v1/targets', { params: { query: listQuery(query, 'controllerId:ASC') } }));

export function Targets() {
  return (
    <PagedList<Schemas['Target']>
      title="Targets"
      load={loadTargets}
      searchExample="updateStatus==pending;group==eu*"
      rowKey={(target) => target.controllerId}
      columns={[
        {
          title: 'Controller ID',
          cell: (target) => <Link to={`/targets/${encodeURIComponent(target.controllerId)}`}>{target.controllerId}</Link>,
        },
        { title: 'Name', cell: (target) => target.name },
        { title: 'Status', cell: (target) => <Badge value={target.updateStatus} /> },
        { title: 'Installed', cell: (target) => (target.installedDs ? `${target.installedDs.name}:${target.installedDs.version}` : '—') },
        { title: 'Last poll', cell: (target) => formatTime(target.lastControllerRequestAt) },
        { title: 'Address', cell: (target) => target.address ?? '—' },
      ]}
    />
  );
}
