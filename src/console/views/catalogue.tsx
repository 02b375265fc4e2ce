import { api, listQuery, unwrap, type PageQuery, type Schemas } from '../api';
import { Badge } from '../components';
import { PagedList } from '../paged-list';
import { ACTION_COLUMNS } from './action-columns';

const loadFilters = (query: PageQuery) => unwrap(api.GET('/rest/v1/targetfilters', { params: { query: listQuery(query, 'name:ASC') } }));
const loadSets = (query: PageQuery) => unwrap(api.GET('/rest/v1/distributionsets', { params: { query: listQuery(query, 'name:ASC') } }));
const loadActions = (query: PageQuery) => unwrap(api.GET('/rest/v1/actions', { params: { query: listQuery(query, 'id:DESC') } }));
const loadTargetTags = (query: PageQuery) => unwrap(api.GET('/rest/v1/targettags', { params: { query: listQuery({ ...query, q: '' }, 'name:ASC') } }));
const loadSetTags = (query: PageQuery) =>
  unwrap(api.GET('/rest/v1/distributionsettags', { params: { query: listQuery({ ...query, q: '' }, 'name:ASC') } }));

export function TargetFilters() {
  return (
    <PagedList<Schemas['TargetFilter']>
      title="Target filters"
      load={loadFilters}
      searchExample="name==nightly*"
      rowKey={(filter) => filter.id}
      columns={[
        { title: 'Name', cell: (filter) => filter.name },
        { title: 'Query', cell: (filter) => <code>{filter.query}</code> },
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
      load={loadSets}
      searchExample="name==gateway*;valid==true"
      rowKey={(set) => set.id}
      columns={[
        { title: 'ID', cell: (set) => set.id },
        { title: 'Name', cell: (set) => set.name },
        { title: 'Version', cell: (set) => set.version },
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
      load={loadActions}
      searchExample="status==pending"
      rowKey={(action) => action.id}
      columns={ACTION_COLUMNS}
    />
  );
}

const TAG_COLUMNS = [
  { title: 'Name', cell: (tag: Schemas['Tag']) => <span class="tag">{tag.name}</span> },
  { title: 'Description', cell: (tag: Schemas['Tag']) => tag.description ?? '—' },
  { title: 'Colour', cell: (tag: Schemas['Tag']) => tag.colour ?? '—' },
  { title: 'Assigned', cell: (tag: Schemas['Tag']) => tag.assignedCount },
];

export function Tags() {
  return (
    <>
      <PagedList<Schemas['Tag']> title="Target tags" load={loadTargetTags} rowKey={(tag) => tag.id} columns={TAG_COLUMNS} />
      <PagedList<Schemas['Tag']> title="Distribution-set tags" load={loadSetTags} rowKey={(tag) => tag.id} columns={TAG_COLUMNS} />
    </>
  );
}
