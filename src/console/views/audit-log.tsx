import { api, listQuery, unwrap, type PageQuery, type Schemas } from '../api';
import { Time } from '../components';
import { PagedList } from '../paged-list';

type Entry = Schemas['AuditEntry'];

const loadEntries = (query: PageQuery) => unwrap(api.GET('/rest/v1/auditlog', { params: { query: listQuery(query, 'id:DESC') } }));

/** Who changed what, newest first; read-only (decision 160). */
export function AuditLog() {
  return (
    <PagedList<Entry>
      title="Audit log"
      empty="Every change made through the management API (POST, PUT, DELETE) and every login is recorded here."
      load={loadEntries}
      searchExample="entityType==targets;status=ge=400"
      textSearch={{ fields: ['path', 'operation'], label: 'Path or operation contains' }}
      rowKey={(entry) => entry.id}
      columns={[
        { title: 'When', sort: 'at', cell: (entry) => <Time at={entry.at} /> },
        { title: 'Who', sort: 'actor', cell: (entry) => entry.actor },
        { title: 'Operation', sort: 'operation', cell: (entry) => entry.operation },
        {
          title: 'Request',
          cell: (entry) => (
            <code>
              {entry.method} {entry.path}
            </code>
          ),
        },
        { title: 'Status', sort: 'status', cell: (entry) => entry.status },
        { title: 'Entity', cell: (entry) => `${entry.entityType}${entry.entityIds.length > 0 ? ` ${entry.entityIds.join(', ')}` : ''}` },
        { title: 'From', cell: (entry) => entry.clientAddress },
        { title: 'Change', cell: (entry) => <Change entry={entry} /> },
      ]}
    />
  );
}

/** The before/after snapshots when the server kept them, and the request id to find the request in the logs. */
function Change({ entry }: { entry: Entry }) {
  return (
    <details>
      <summary>Details</summary>
      <dl class="fields">
        <dt>Request id</dt>
        <dd>
          <code>{entry.requestId}</code>
        </dd>
        <dt>Before</dt>
        <dd>{entry.before === null ? '—' : <pre class="json">{JSON.stringify(entry.before, null, 2)}</pre>}</dd>
        <dt>After</dt>
        <dd>{entry.after === null ? '—' : <pre class="json">{JSON.stringify(entry.after, null, 2)}</pre>}</dd>
      </dl>
    </details>
  );
}
