import { api, fiqlValue, listQuery, unwrap, type PageQuery, type Schemas } from '../api';
import { Badge, type Column, Link } from '../components';
import { PagedList } from '../paged-list';
import { ACTION_COLUMNS } from './action-columns';
import { targetsWhere } from './progress-bar';

const loadFilters = (query: PageQuery) => unwrap(api.GET('/rest/v1/targetfilters', { params: { query: listQuery(query, 'name:ASC') } }));
const loadSets = (query: PageQuery) => unwrap(api.GET('/rest/v1/distributionsets', { params: { query: listQuery(query, 'name:ASC') } }));
const loadActions = (query: PageQuery) => unwrap(api.GET('/rest/v1/actions', { params: { query: listQuery(query, 'id:DESC') } }));
const loadTargetTags = (query: PageQuery) => unwrap(api.GET('/rest/v1/targettags', { params: { query: listQuery({ ...query, q: '' }, 'name:ASC') } }));
const loadSetTags = (query: PageQuery) => unwrap(api.GET('/rest/v1/distributionsettags', { params: { query: listQuery({ ...query, q: '' }, 'name:ASC') } }));

export function TargetFilters() {
  return (
    <PagedList<Schemas['TargetFilter']>
      title="Target filters"
      empty="Saved target filters appear here; create one with POST /rest/v1/targetfilters."
      load={loadFilters}
      searchExample="name==nightly*"
      rowKey={(filter) => filter.id}
      columns={[
        { title: 'Name', sort: 'name', cell: (filter) => filter.name },
        {
          title: 'Query',
          cell: (filter) => (
            <Link to={targetsWhere(filter.query)} label={`Targets matching ${filter.name}`}>
              <code>{filter.query}</code>
            </Link>
          ),
        },
        { title: 'Auto-assigned set', cell: (filter) => filter.autoAssignDistributionSet ?? '—' },
        { title: 'Action type', cell: (filter) => filter.autoAssignActionType ?? '—' },
      ]}
    />
  );
}

export function DistributionSets() {
  return (
    <PagedList<Schemas['DistributionSet']>
      title="Distribution sets"
      empty="Distribution sets appear here; create one with POST /rest/v1/distributionsets."
      load={loadSets}
      searchExample="name==gateway*;valid==true"
      textSearch={{ fields: ['name', 'version'], label: 'Name or version contains' }}
      rowKey={(set) => set.id}
      columns={[
        { title: 'ID', sort: 'id', cell: (set) => set.id },
        { title: 'Name', sort: 'name', cell: (set) => set.name },
        { title: 'Version', sort: 'version', cell: (set) => set.version },
        {
          title: 'Targets',
          cell: (set) => (
            <>
              <Link to={targetsWhere(`installedDS.name==${fiqlValue(set.name)};installedDS.version==${fiqlValue(set.version)}`)}>installed</Link> ·{' '}
              <Link to={targetsWhere(`assignedDS.name==${fiqlValue(set.name)};assignedDS.version==${fiqlValue(set.version)}`)}>assigned</Link>
            </>
          ),
        },
        { title: 'Type', cell: (set) => set.typeName },
        { title: 'Modules', cell: (set) => set.modules.map((module) => `${module.name}:${module.version}`).join(', ') || '—' },
        { title: 'State', cell: (set) => <Badge value={!set.valid ? 'invalid' : set.complete ? 'complete' : 'incomplete'} /> },
      ]}
    />
  );
}

export function Actions() {
  return (
    <PagedList<Schemas['Action']>
      title="Actions"
      empty="Actions appear here once a distribution set is assigned to a target (POST /rest/v1/targets/{controllerId}/assignedDS) or a rollout starts."
      load={loadActions}
      searchExample="status==pending"
      rowKey={(action) => action.id}
      columns={ACTION_COLUMNS}
    />
  );
}

/** A tag's count opens what carries it: targets or distribution sets. */
const tagColumns = (list: string): readonly Column<Schemas['Tag']>[] => [
  { title: 'Name', sort: 'name', cell: (tag) => <span class="tag">{tag.name}</span> },
  { title: 'Description', cell: (tag) => tag.description ?? '—' },
  { title: 'Colour', cell: (tag) => tag.colour ?? '—' },
  {
    title: 'Assigned',
    cell: (tag) => (
      <Link to={`${list}?q=${encodeURIComponent(`tag==${fiqlValue(tag.name)}`)}`} label={`${tag.assignedCount} tagged ${tag.name}`}>
        {tag.assignedCount}
      </Link>
    ),
  },
];

export function Tags() {
  return (
    <>
      <PagedList<Schemas['Tag']>
        title="Target tags"
        empty="Target tags appear here; create one with POST /rest/v1/targettags."
        param="t"
        load={loadTargetTags}
        rowKey={(tag) => tag.id}
        columns={tagColumns('/targets')}
      />
      <PagedList<Schemas['Tag']>
        title="Distribution-set tags"
        empty="Distribution-set tags appear here; create one with POST /rest/v1/distributionsettags."
        param="d"
        load={loadSetTags}
        rowKey={(tag) => tag.id}
        columns={tagColumns('/distributionsets')}
      />
    </>
  );
}
