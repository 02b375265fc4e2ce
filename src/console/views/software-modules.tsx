import { useState } from 'preact/hooks';
import { api, listQuery, unwrap, type PageQuery, type Schemas } from '../api';
import { Loading } from '../components';
import { PagedList } from '../paged-list';
import { usePoll } from '../use-poll';

const loadModules = (query: PageQuery) => unwrap(api.GET('/rest/v1/softwaremodules', { params: { query: listQuery({ ...query, q: '' }, 'name:ASC') } }));

export function SoftwareModules() {
  return (
    <PagedList<Schemas['SoftwareModule']>
      title="Software modules"
      empty="Software modules appear here; create one with POST /rest/v1/softwaremodules and upload its artifacts."
      load={loadModules}
      rowKey={(module) => module.id}
      columns={[
        { title: 'ID', cell: (module) => module.id },
        { title: 'Name', cell: (module) => module.name },
        { title: 'Version', cell: (module) => module.version },
        { title: 'Type', cell: (module) => module.typeName },
        { title: 'Vendor', cell: (module) => module.vendor ?? '—' },
        { title: 'Artifacts', cell: (module) => <Artifacts moduleId={module.id} /> },
      ]}
    />
  );
}

/** The module's files, loaded when opened. */
function Artifacts({ moduleId }: { moduleId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Artifacts</summary>
      {open && <ArtifactList moduleId={moduleId} />}
    </details>
  );
}

function ArtifactList({ moduleId }: { moduleId: number }) {
  const { data, error } = usePoll(
    () => unwrap(api.GET('/rest/v1/softwaremodules/{softwareModuleId}/artifacts', { params: { path: { softwareModuleId: moduleId } } })),
    [moduleId],
  );
  if (!data) return <Loading error={error} />;
  if (data.length === 0) return <p class="muted">No artifacts</p>;
  return (
    <ul class="artifacts">
      {data.map((artifact) => (
        <li key={artifact.id}>
          <strong>{artifact.providedFilename}</strong> {formatSize(artifact.size)}
          <br />
          <code class="hash">sha256 {artifact.hashes.sha256}</code>
        </li>
      ))}
    </ul>
  );
}

const formatSize = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 ** 2 ? `${(bytes / 1024).toFixed(1)} KiB` : `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
