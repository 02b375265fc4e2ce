import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { api, fiqlValue, unwrap, type Schemas } from '../api';
import { Badge, Link, Loading, Section, Table, Time } from '../components';
import { usePoll } from '../use-poll';
import { targetsWhere } from './progress-bar';
import { Overdue } from './targets';

type Action = Schemas['Action'];

async function loadTarget(controllerId: string) {
  const path = { targetId: controllerId };
  const [target, attributes, actions, tags] = await Promise.all([
    unwrap(api.GET('/rest/v1/targets/{targetId}', { params: { path } })),
    unwrap(api.GET('/rest/v1/targets/{targetId}/attributes', { params: { path } })),
    unwrap(api.GET('/rest/v1/targets/{targetId}/actions', { params: { path, query: { limit: 50 } } })),
    unwrap(api.GET('/rest/v1/targets/{controllerId}/tags', { params: { path: { controllerId } } })),
  ]);
  return { target, attributes: attributes ?? {}, actions: actions.content, tags };
}

/** One target: its fields, attributes (as the device reported them), tags, and actions with their history. */
export function TargetDetail({ controllerId }: { controllerId: string }) {
  const { data, error } = usePoll(() => loadTarget(controllerId), [controllerId]);
  if (!data) return <Loading error={error} />;
  const { target } = data;
  const fields: [string, ComponentChildren][] = [
    ['Name', target.name],
    ['Description', target.description ?? '—'],
    ['Group', target.group ?? '—'],
    ['Address', target.address ?? '—'],
    ['Last poll', <Time at={target.lastControllerRequestAt} />],
    ['Assigned set', target.assignedDs ? `${target.assignedDs.name}:${target.assignedDs.version}` : '—'],
    ['Installed set', target.installedDs ? `${target.installedDs.name}:${target.installedDs.version}` : '—'],
    ['Target type', target.targetTypeName ?? '—'],
  ];
  return (
    <>
      <h1>
        Target {target.controllerId} <Badge value={target.updateStatus} /> <Overdue target={target} />
      </h1>
      <div class="grid-2">
        <Section title="Details">
          <dl class="fields">
            {fields.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
            <div>
              <dt>Tags</dt>
              <dd>
                {data.tags.length === 0
                  ? '—'
                  : data.tags.map((tag) => (
                      <Link key={tag.id} to={targetsWhere(`tag==${fiqlValue(tag.name)}`)} label={`Targets tagged ${tag.name}`}>
                        <span class="tag">{tag.name}</span>
                      </Link>
                    ))}
              </dd>
            </div>
          </dl>
        </Section>
        <Section title="Attributes">
          <Table
            label="Attributes"
            empty="The device's attributes appear here once it reports them (DDI: PUT …/configData)."
            rows={Object.entries(data.attributes)}
            rowKey={([key]) => key}
            columns={[
              { title: 'Key', cell: ([key]) => key },
              { title: 'Value', cell: ([, value]) => String(value) },
            ]}
          />
        </Section>
      </div>
      <Section title="Actions">
        {data.actions.length === 0 ? (
          <p class="muted">No actions</p>
        ) : (
          data.actions.map((action) => <ActionItem key={action.id} controllerId={controllerId} action={action} />)
        )}
      </Section>
    </>
  );
}

function ActionItem({ controllerId, action }: { controllerId: string; action: Action }) {
  const [open, setOpen] = useState(false);
  return (
    <details class="action" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        Action #{action.id} <Badge value={action.detailStatus} /> {action.type}, {action._links['distributionset']?.name ?? `set ${action.distributionSetId}`}
        {action.rollout === undefined ? '' : `, rollout ${action.rolloutName ?? action.rollout}`}, <Time at={action.lastModifiedAt} />
      </summary>
      {action.rollout !== undefined && <Link to={`/rollouts/${action.rollout}`}>Open the rollout</Link>}
      {open && <StatusHistory controllerId={controllerId} actionId={action.id} />}
    </details>
  );
}

function StatusHistory({ controllerId, actionId }: { controllerId: string; actionId: number }) {
  const { data, error } = usePoll(
    () =>
      unwrap(
        api.GET('/rest/v1/targets/{targetId}/actions/{actionId}/status', {
          params: { path: { targetId: controllerId, actionId }, query: { sort: 'id:DESC', limit: 50 } },
        }),
      ),
    [controllerId, actionId],
  );
  if (!data) return <Loading error={error} />;
  return (
    <Table
      label={`Status history of action ${actionId}`}
      empty="The action's status entries appear here as the device reports them."
      rows={data.content}
      rowKey={(entry) => entry.id}
      columns={[
        { title: 'Reported', cell: (entry) => <Time at={entry.reportedAt} /> },
        { title: 'Status', cell: (entry) => <Badge value={entry.type} /> },
        { title: 'Messages', cell: (entry) => entry.messages.join(' · ') },
        { title: 'Code', cell: (entry) => entry.code ?? '—' },
      ]}
    />
  );
}
