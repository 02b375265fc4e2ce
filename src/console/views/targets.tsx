import { api, listQuery, unwrap, type PageQuery, type Schemas } from '../api';
import { Badge, type Column, formatTime, Link, Time } from '../components';
import { PagedList, type PagedListProps } from '../paged-list';

const loadTargets = (query: PageQuery) => unwrap(api.GET('/rest/v1/targets', { params: { query: listQuery(query, 'controllerId:ASC') } }));

/** The plain-text box of target lists: name or controllerId contains… */
const TARGET_TEXT_SEARCH = { fields: ['name', 'controllerId'], label: 'Name or controller ID contains' } as const;

/** The device missed its expected poll (the server's `pollStatus.overdue`). */
export function Overdue({ target }: { target: Schemas['Target'] }) {
  if (!target.pollStatus?.overdue) return null;
  return (
    <span class="badge badge-overdue" title={`expected at ${formatTime(target.pollStatus.nextExpectedRequestAt)}`}>
      overdue
    </span>
  );
}

const TARGET_COLUMNS: readonly Column<Schemas['Target']>[] = [
  {
    title: 'Controller ID',
    sort: 'controllerId',
    cell: (target) => <Link to={`/targets/${encodeURIComponent(target.controllerId)}`}>{target.controllerId}</Link>,
  },
  { title: 'Name', sort: 'name', cell: (target) => target.name },
  { title: 'Status', sort: 'updateStatus', cell: (target) => <Badge value={target.updateStatus} /> },
  { title: 'Installed', cell: (target) => (target.installedDs ? `${target.installedDs.name}:${target.installedDs.version}` : '—') },
  {
    title: 'Last poll',
    sort: 'lastControllerRequestAt',
    cell: (target) => (
      <>
        {<Time at={target.lastControllerRequestAt} />} <Overdue target={target} />
      </>
    ),
  },
  { title: 'Address', cell: (target) => target.address ?? '—' },
];

/**
 * A paged list of targets: the columns, the plain-text search and the row key every target list shares; the
 * caller gives what differs (title, source, empty state, FIQL example, anything above the table).
 */
export function TargetList(props: Omit<PagedListProps<Schemas['Target']>, 'columns' | 'rowKey' | 'textSearch'>) {
  return <PagedList<Schemas['Target']> {...props} textSearch={TARGET_TEXT_SEARCH} rowKey={(target) => target.controllerId} columns={TARGET_COLUMNS} />;
}

export function Targets() {
  return (
    <TargetList
      title="Targets"
      empty="Devices appear here once created with POST /rest/v1/targets, or when they first poll if anonymous or gateway-token access is on."
      load={loadTargets}
      searchExample="updateStatus==pending;group==eu*"
    />
  );
}
