import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { api, errorMessage, listQuery, unwrap, type PageQuery, type Schemas } from '../api';
import { Badge, ErrorNote, formatTime, Link, Loading, Section } from '../components';
import { navigate } from '../router';
import { usePoll } from '../use-poll';
import { actionsWhere, ProgressBar, segmentLinks, targetsWhere } from './progress-bar';
import { loadOutcome, OutcomeLine } from './outcome-line';
import { accepts, type RolloutOperation } from './rollout-actions';
import { overdueAfterMs } from './rollout-outcome';
import { capacityOf, errorsTripping, explain, finishedBelowThreshold, percent, successNeeded, type OperatorMove } from './rollout-explain';
import { TargetList } from './targets';

async function loadRollout(rolloutId: number) {
  const path = { rolloutId };
  const [rollout, groups, configs] = await Promise.all([
    unwrap(api.GET('/rest/v1/rollouts/{rolloutId}', { params: { path } })),
    unwrap(api.GET('/rest/v1/rollouts/{rolloutId}/deploygroups', { params: { path, query: { limit: 500 } } })),
    unwrap(api.GET('/rest/v1/system/configs')),
  ]);
  const [set, lastMove, outcome] = await Promise.all([
    unwrap(api.GET('/rest/v1/distributionsets/{distributionSetId}', { params: { path: { distributionSetId: rollout.distributionSetId } } })),
    lastOperatorMove(rolloutId),
    loadOutcome(rollout, overdueAfterMs(configs)),
  ]);
  return { rollout, groups: groups.content, set, lastMove, outcome, approvalGate: configs['rollout.approval.enabled']?.value === true };
}

/** The audit log's latest Pause or Resume of the rollout: who paused it, if an operator did (decision 220). */
async function lastOperatorMove(rolloutId: number): Promise<OperatorMove | undefined> {
  const q = `entitytype==rollouts;entityid==${rolloutId};operation=in=(pause,resume)`;
  const page = await unwrap(api.GET('/rest/v1/auditlog', { params: { query: { q, sort: 'id:DESC', limit: 1 } } }));
  const entry = page.content[0];
  return entry && { operation: entry.operation === 'pause' ? 'pause' : 'resume', actor: entry.actor, at: entry.at };
}

const call = (operation: Exclude<RolloutOperation, 'delete'>, rolloutId: number, remark: string) => {
  const params = { path: { rolloutId }, query: remark ? { remark } : {} };
  switch (operation) {
    case 'approve':
      return unwrap(api.POST('/rest/v1/rollouts/{rolloutId}/approve', { params }));
    case 'deny':
      return unwrap(api.POST('/rest/v1/rollouts/{rolloutId}/deny', { params }));
    case 'start':
      return unwrap(api.POST('/rest/v1/rollouts/{rolloutId}/start', { params: { path: { rolloutId } } }));
    case 'pause':
      return unwrap(api.POST('/rest/v1/rollouts/{rolloutId}/pause', { params: { path: { rolloutId } } }));
    case 'resume':
      return unwrap(api.POST('/rest/v1/rollouts/{rolloutId}/resume', { params: { path: { rolloutId } } }));
  }
};

/** One rollout: its state, per-group progress, and the operator's buttons. Creating one stays API-only. */
export function RolloutDetail({ rolloutId }: { rolloutId: number }) {
  const { data, error, reload } = usePoll(() => loadRollout(rolloutId), [rolloutId]);
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [remark, setRemark] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);
  if (!data) return <Loading error={error} />;
  const { rollout, groups, set, lastMove, outcome, approvalGate } = data;

  const run = async (operation: RolloutOperation) => {
    setBusy(true);
    setFailure(undefined);
    try {
      if (operation === 'delete') {
        await unwrap(api.DELETE('/rest/v1/rollouts/{rolloutId}', { params: { path: { rolloutId } } }));
        navigate('/rollouts');
        return;
      }
      await call(operation, rolloutId, remark.trim());
      setRemark('');
    } catch (problem) {
      setFailure(errorMessage(problem));
    }
    setBusy(false);
    reload();
  };
  const button = (operation: RolloutOperation, label: string) => (
    <button type="button" disabled={busy || !accepts(operation, rollout.status)} onClick={() => void run(operation)}>
      {label}
    </button>
  );

  return (
    <>
      <h1>
        Rollout {rollout.name} <Badge value={rollout.status} />
      </h1>
      <OutcomeLine rollout={rollout} outcome={outcome} />
      <ul class="explanation" aria-label="Why">
        {[...explain({ rollout, groups, lastMove }), ...groups.flatMap((group) => finishedBelowThreshold(group) ?? [])].map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <Section title="Operations">
        <div class="buttons">
          {button('start', 'Start')}
          {button('pause', 'Pause')}
          {button('resume', 'Resume')}
          <button type="button" class="danger" disabled={busy || confirmDelete} onClick={() => setConfirmDelete(true)}>
            Delete
          </button>
        </div>
        {confirmDelete && (
          <div class="confirm" role="group" aria-label="Confirm deletion">
            <span>Delete rollout {rollout.name}? Its active actions are asked to cancel.</span>
            {button('delete', 'Delete rollout')}
            <button type="button" class="secondary" onClick={() => setConfirmDelete(false)}>
              Keep it
            </button>
          </div>
        )}
        {approvalGate && (
          <div class="approval">
            <label>
              Remark (optional)
              <input value={remark} maxLength={512} onInput={(event) => setRemark(event.currentTarget.value)} />
            </label>
            {button('approve', 'Approve')}
            {button('deny', 'Deny')}
          </div>
        )}
        <ErrorNote message={failure} />
      </Section>
      <div class="grid-2">
        <Section title="Details">
          <dl class="fields">
            {(
              [
                ['Filter', <Link to={targetsWhere(rollout.targetFilterQuery)}>{rollout.targetFilterQuery}</Link>],
                ['Distribution set', <Link to={`/distributionsets?q=${encodeURIComponent(`id==${set.id}`)}`}>{`${set.name}:${set.version}`}</Link>],
                ['Action type', rollout.type],
                ['Targets', <Link to={actionsWhere(`rollout.id==${rollout.id}`)}>{`${rollout.totalTargets} (their actions)`}</Link>],
                ['Groups', `${rollout.totalGroups}${rollout.dynamic ? ', the last one dynamic' : ''}`],
                ['Success threshold', `${percent(rollout.successCondition)} % of each group`],
                ['Error threshold', rollout.errorCondition ? `${percent(rollout.errorCondition)} % of each group` : 'none'],
                ['Soak time', rollout.soakTime && rollout.soakTime !== '00:00:00' ? rollout.soakTime : 'none'],
                ['Start at', rollout.startAt === undefined ? 'on Start' : formatTime(rollout.startAt)],
                ['Approval', rollout.approveDecidedBy ? `${rollout.approveDecidedBy}${rollout.approvalRemark ? `: ${rollout.approvalRemark}` : ''}` : '—'],
                ['Created', `${formatTime(rollout.createdAt)} by ${rollout.createdBy}`],
              ] as [string, ComponentChildren][]
            ).map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </Section>
        <Section title="Deploy groups">
          {groups.map((group) => (
            <DeployGroup key={group.id} rolloutId={rolloutId} group={group} />
          ))}
        </Section>
      </div>
    </>
  );
}

/** One deploy group: progress with its success mark, errors against the error threshold, and what differs from the rollout. */
function DeployGroup({ rolloutId, group }: { rolloutId: number; group: Schemas['RolloutGroup'] }) {
  const tripping = errorsTripping(group);
  const facts = [
    `success at ${successNeeded(group)} of ${capacityOf(group)} (${percent(group.successCondition)} %)${group.successAction.action === 'PAUSE' ? ', then pause' : ''}`,
    `${group.totalTargetsPerStatus.error} failed${tripping === undefined ? ', no error threshold' : `, pauses at ${tripping} (over ${percent(group.errorCondition)} %)`}`,
    ...(group.targetFilterQuery ? [`filter ${group.targetFilterQuery}`] : []),
    ...(group.soakTime && group.soakTime !== '00:00:00' ? [`soak ${group.soakTime}`] : []),
  ];
  return (
    <div class="group" data-group={group.name}>
      <ProgressBar
        label={group.name}
        counts={group.totalTargetsPerStatus}
        total={group.totalTargets}
        capacity={capacityOf(group)}
        threshold={percent(group.successCondition)}
        links={segmentLinks(`rolloutGroup.id==${group.id}`)}
      />
      <div class="group-facts">
        <Badge value={group.status} /> <Link to={`/rollouts/${rolloutId}/groups/${group.id}`}>{`${group.totalTargets} targets`}</Link>
        {facts.map((fact) => (
          <span key={fact}> · {fact}</span>
        ))}
      </div>
    </div>
  );
}

/** The targets of one deploy group (GET …/deploygroups/{groupId}/targets), searchable and paged like every target list. */
export function DeployGroupTargets({ rolloutId, groupId }: { rolloutId: number; groupId: number }) {
  const path = { rolloutId, groupId };
  const { data } = usePoll(() => unwrap(api.GET('/rest/v1/rollouts/{rolloutId}/deploygroups/{groupId}', { params: { path } })), [rolloutId, groupId]);
  const load = (query: PageQuery) =>
    unwrap(api.GET('/rest/v1/rollouts/{rolloutId}/deploygroups/{groupId}/targets', { params: { path, query: listQuery(query, 'controllerId:ASC') } }));
  return (
    <TargetList
      title={data ? `Targets of ${data.name}` : 'Targets of the deploy group'}
      empty="The targets the group was given when the rollout was created appear here."
      load={load}
      searchExample="updateStatus==error"
    >
      <p>
        <Link to={`/rollouts/${rolloutId}`}>Back to the rollout</Link>
      </p>
    </TargetList>
  );
}
