import { useState } from 'preact/hooks';
import { api, errorMessage, unwrap } from '../api';
import { Badge, ErrorNote, formatTime, Loading, Section } from '../components';
import { navigate } from '../router';
import { usePoll } from '../use-poll';
import { ProgressBar } from './progress-bar';
import { accepts, type RolloutOperation } from './rollout-actions';

async function loadRollout(rolloutId: number) {
  const path = { rolloutId };
  const [rollout, groups, configs] = await Promise.all([
    unwrap(api.GET('/rest/v1/rollouts/{rolloutId}', { params: { path } })),
    unwrap(api.GET('/rest/v1/rollouts/{rolloutId}/deploygroups', { params: { path, query: { limit: 500 } } })),
    unwrap(api.GET('/rest/v1/system/configs')),
  ]);
  return { rollout, groups: groups.content, approvalGate: configs['rollout.approval.enabled']?.value === true };
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
  const { rollout, groups, approvalGate } = data;

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
                ['Filter', rollout.targetFilterQuery],
                ['Distribution set', String(rollout.distributionSetId)],
                ['Action type', rollout.type],
                ['Targets', String(rollout.totalTargets)],
                ['Success threshold', `${rollout.successCondition.expression ?? '100'} %`],
                ['Error threshold', rollout.errorCondition ? `${rollout.errorCondition.expression ?? '100'} %` : '—'],
                ['Approval', rollout.approveDecidedBy ? `${rollout.approveDecidedBy}${rollout.approvalRemark ? `: ${rollout.approvalRemark}` : ''}` : '—'],
                ['Created', `${formatTime(rollout.createdAt)} by ${rollout.createdBy}`],
              ] as const
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
            <div key={group.id} class="group">
              <ProgressBar label={group.name} counts={group.totalTargetsPerStatus} total={group.totalTargets} />
              <Badge value={group.status} />
            </div>
          ))}
        </Section>
      </div>
    </>
  );
}
