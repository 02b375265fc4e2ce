import fc from 'fast-check';
import { expectError } from './expect-error.js';
import { expect } from 'vitest';
import { isActive } from '../../src/actions/action-lifecycle.js';
import { ROLLOUT_TRANSITIONS, type RolloutEvent } from '../../src/rollouts/rollout-lifecycle.js';
import { createDevice } from './ddi-client.js';
import { createRollout as postRolloutOk, evaluate } from './rollout-fixtures.js';
import { createFilter } from './target-filter-fixtures.js';
import { checkEvaluated } from './state-invariants.js';
import type { RolloutView } from './state-snapshot.js';
import { expectStatus, pickAction, Step, type RunModel } from './state-model.js';
import { AUTH, send, idOf } from './target-fixtures.js';
import type { TestApp } from './test-app.js';

/**
 * The operator's commands of the state-machine property, each with the answer the model expects: assign,
 * cancel, force-cancel, force escalation, auto-confirm on/off, rollout create (amountGroups or custom groups,
 * startAt, soak time, a PAUSE success action)/start/pause/resume/stop/approve/deny/triggerNextGroup/
 * reschedule/retry/delete, the evaluator's tick, the clock, a target filter's auto-assignment on/off and its
 * sweep, and a new device joining the run's group (up to `devices`; a dynamic rollout absorbs it).
 */
export function operatorCommands(devices: number, sets: number): fc.Arbitrary<Step>[] {
  const device = fc.nat(devices - 1);
  const set = fc.nat(sets - 1);
  const pick = fc.constantFrom('newest', 'oldest' as const);
  const actionType = fc.constantFrom('forced', 'soft', 'timeforced', 'downloadonly');
  const hasAction = (d: number, p: 'newest' | 'oldest') => (model: Readonly<RunModel>) => pickAction(model, d, p) !== undefined;
  const targetPath = (model: RunModel, d: number) => `/rest/v1/targets/${model.devices[d]?.controllerId}`;
  const rolloutAt = (model: RunModel, index: number) => model.rollouts[index % model.rollouts.length] as number;
  const hasRollout = (model: Readonly<RunModel>) => model.rollouts.length > 0;
  const present = (d: number) => (model: Readonly<RunModel>) => d < model.devices.length;

  const assign = fc.record({ d: device, s: set, type: actionType, lead: fc.integer({ min: -60_000, max: 60_000 }) }).map(
    ({ d, s, type, lead }) =>
      new Step(
        `assign(${d}, set ${s}, ${type})`,
        async (model, t) => {
          const body = { id: model.sets[s], type, ...(type === 'timeforced' ? { forcetime: t.clock() + lead } : {}) };
          await expectStatus(await t.request(`${targetPath(model, d)}/assignedDS`, send('POST', body)), 200, 'assign');
        },
        present(d),
      ),
  );

  const cancel = fc.record({ d: device, p: pick, force: fc.boolean() }).map(
    ({ d, p, force }) =>
      new Step(
        `cancel(${d}, ${p}${force ? ', force' : ''})`,
        async (model, t) => {
          const action = pickAction(model, d, p)!;
          const cancelable = force ? action.active : ['wait_for_confirmation', 'running'].includes(action.status);
          const path = `${targetPath(model, d)}/actions/${action.id}${force ? '?force=true' : ''}`;
          await expectStatus(await t.request(path, { method: 'DELETE', headers: AUTH }), cancelable ? 204 : 405, `cancel ${action.status}`);
        },
        hasAction(d, p),
      ),
  );

  const escalate = fc.record({ d: device, p: pick }).map(
    ({ d, p }) =>
      new Step(
        `escalate(${d}, ${p})`,
        async (model, t) => {
          const action = pickAction(model, d, p)!;
          const response = await t.request(`${targetPath(model, d)}/actions/${action.id}`, send('PUT', { forceType: 'forced' }));
          await expectStatus(response, isActive(action.status) ? 200 : 410, `escalate ${action.status}`);
        },
        hasAction(d, p),
      ),
  );

  const autoConfirm = fc.record({ d: device, on: fc.boolean() }).map(
    ({ d, on }) =>
      new Step(
        `autoConfirm(${d}, ${on ? 'on' : 'off'})`,
        async (model, t) => {
          const already = model.snapshot.targets.get(model.devices[d]?.controllerId ?? '')?.autoConfirm === true;
          const response = await t.request(`${targetPath(model, d)}/autoConfirm/${on ? 'activate' : 'deactivate'}`, send('POST'));
          await expectStatus(response, on && already ? 409 : 204, 'autoConfirm');
        },
        present(d),
      ),
  );

  const createRollout = fc
    .record({
      groups: fc.integer({ min: 1, max: 3 }),
      custom: fc.option(fc.constantFrom([50, 100], [1, 10, 100], [34, 33, 100])),
      s: set,
      type: actionType,
      success: fc.constantFrom(0, 50, 100),
      // half without an error threshold: a group whose actions all close below its success threshold then
      // finishes by completion (decision 200) rather than by an error
      error: fc.option(fc.constantFrom(0, 50), { freq: 2 }),
      dynamic: fc.boolean(),
      startIn: fc.option(fc.constantFrom(-60_000, 30_000, 120_000)),
      soak: fc.option(fc.constantFrom('00:00:30', '00:02:00')),
      pauseFirst: fc.boolean(),
    })
    .map(({ groups, custom, s, type, success, error, dynamic, startIn, soak, pauseFirst }) => {
      const shape = custom === null ? `${groups} groups${dynamic ? ', dynamic' : ''}` : `groups ${custom.join('/')}${pauseFirst ? ', first pauses' : ''}`;
      const timing = `${startIn === null ? '' : `, start in ${startIn}`}${soak === null ? '' : `, soak ${soak}`}`;
      return new Step(`createRollout(${shape}, set ${s}, ${type}, success ${success}, error ${error}${timing})`, async (model, t) => {
        const customGroups = custom?.map((targetPercentage, index) => ({
          name: `g${index}`,
          targetPercentage,
          ...(index === 0 && pauseFirst ? { successAction: { action: 'PAUSE' as const } } : {}),
        }));
        const created = await postRolloutOk(t, {
          set: model.sets[s] as number,
          filter: model.filter,
          groups,
          type,
          successThreshold: success,
          dynamic: customGroups === undefined && dynamic,
          ...(customGroups === undefined ? {} : { custom: customGroups }),
          ...(error === null ? {} : { errorThreshold: error }),
          ...(startIn === null ? {} : { startAt: t.clock() + startIn }),
          ...(soak === null ? {} : { soakTime: soak }),
        });
        // every device of the run matches the filter and accepts the set: each lands in exactly one group
        expect(created['totalTargets'], 'create rollout: targets').toBe(model.devices.length);
        model.rollouts.push(idOf(created));
      });
    });

  const OPERATIONS: Readonly<Record<string, RolloutEvent>> = {
    start: 'started',
    pause: 'paused',
    resume: 'resumed',
    stop: 'stopRequested',
    approve: 'approved',
    deny: 'denied',
    triggerNextGroup: 'nextGroupTriggered',
  };
  // approve and start come first in a rollout's life, so they come more often, or few rollouts would run
  const weights: Readonly<Record<string, number>> = { approve: 3, start: 3, triggerNextGroup: 2, resume: 2 };
  const op = fc.oneof(...Object.keys(OPERATIONS).map((name) => ({ arbitrary: fc.constant(name), weight: weights[name] ?? 1 })));
  const operate = fc.record({ index: fc.nat(3), op }).map(
    ({ index, op }) =>
      new Step(
        `rollout(${index}).${op}`,
        async (model, t) => {
          const id = rolloutAt(model, index);
          const rollout = model.snapshot.rollouts.get(id);
          const status = rollout?.status;
          const row: Readonly<Record<string, unknown>> = ROLLOUT_TRANSITIONS[OPERATIONS[op] as RolloutEvent];
          const next = nextScheduled(rollout);
          const refused = status !== undefined && (row[status] === undefined || (op === 'triggerNextGroup' && next === undefined));
          const expected = status === undefined ? 404 : refused ? 400 : 204;
          const response = await t.request(`/rest/v1/rollouts/${id}/${op}`, send('POST'));
          await expectStatus(response, expected, `${op} in ${status ?? 'deleted'}`);
          if (expected === 400) await expectError(response, 400, 'hawkbit.server.error.rollout.illegalState');
          if (expected === 204 && op === 'stop') await expectCancelsAsked(t, id);
          if (expected === 204 && op === 'triggerNextGroup') await expectRunning(t, next as number);
        },
        hasRollout,
      ),
  );

  const reschedule = fc.record({ index: fc.nat(3), startIn: fc.option(fc.constantFrom(-1_000, 60_000)) }).map(
    ({ index, startIn }) =>
      new Step(
        `rollout(${index}).reschedule(${startIn})`,
        async (model, t) => {
          const id = rolloutAt(model, index);
          const status = model.snapshot.rollouts.get(id)?.status;
          const row: Readonly<Record<string, unknown>> = ROLLOUT_TRANSITIONS.rescheduled;
          const expected = status === undefined ? 404 : row[status] === undefined ? 400 : 200;
          const response = await t.request(`/rest/v1/rollouts/${id}`, send('PUT', { startAt: startIn === null ? null : t.clock() + startIn }));
          await expectStatus(response, expected, `reschedule in ${status ?? 'deleted'}`);
        },
        hasRollout,
      ),
  );

  const finishedOf = (model: Readonly<RunModel>) => model.rollouts.filter((candidate) => model.snapshot.rollouts.get(candidate)?.status === 'finished');
  // finished rollouts are rare in a short run: half the retries wait for one, and all retry one when there is one
  const retry = fc.record({ index: fc.nat(3), finishedOnly: fc.boolean() }).map(
    ({ index, finishedOnly }) =>
      new Step(
        `rollout(${index}).retry${finishedOnly ? '(finished)' : ''}`,
        async (model, t) => {
          const finished = finishedOf(model);
          const id = finished.length > 0 ? (finished[index % finished.length] as number) : rolloutAt(model, index);
          const rollout = model.snapshot.rollouts.get(id);
          const failed = (rollout?.members ?? []).filter((member) => member.status === 'error').map((member) => member.targetId);
          const name = `${rollout?.name ?? ''}_retry`;
          const taken = [...model.snapshot.rollouts.values()].some((other) => other.name === name);
          const expected = rollout === undefined ? 404 : rollout.status !== 'finished' || failed.length === 0 ? 400 : taken ? 409 : 201;
          const response = await t.request(`/rest/v1/rollouts/${id}/retry`, send('POST'));
          await expectStatus(response, expected, `retry in ${rollout?.status ?? 'deleted'}`);
          if (expected !== 201) return;
          const created = idOf(await response.json());
          model.rollouts.push(created);
          const members = (await t.db('rollout_group_targets').where('rollout_id', created).orderBy('target_id').pluck('target_id')) as number[];
          expect(members.map(Number), `retry of rollout ${id}: its targets`).toEqual([...new Set(failed)].sort((a, b) => a - b));
        },
        (model) => (finishedOnly ? finishedOf(model).length > 0 : hasRollout(model)),
      ),
  );

  const deleteRollout = fc.nat(3).map(
    (index) =>
      new Step(
        `rollout(${index}).delete`,
        async (model, t) => {
          const id = rolloutAt(model, index);
          const active = (await t.db('actions').where({ rollout_id: id, active: true }).pluck('id')) as number[];
          const response = await t.request(`/rest/v1/rollouts/${id}`, { method: 'DELETE', headers: AUTH });
          await expectStatus(response, model.deleted.has(id) ? 404 : 204, 'delete rollout');
          const statuses = (await t.db('actions').whereIn('id', active).pluck('status')) as string[];
          expect(
            statuses.filter((status) => status !== 'canceling'),
            `rollout ${id}: deleted, actions not canceling`,
          ).toEqual([]);
          model.deleted.add(id);
        },
        hasRollout,
      ),
  );

  const addDevice = fc.constant(
    new Step(
      'addDevice',
      async (model, t) => void model.devices.push(await createDevice(t, { group: model.filter.slice('group=='.length) })),
      (model) => model.devices.length < devices,
    ),
  );
  const sweep = fc.constant(new Step('sweep', async (_model, t) => void (await t.services.autoAssignment.sweep())));
  const tick = fc.constant(
    new Step(
      'tick',
      async (model, t) => {
        await evaluate(t);
        // decision 100: no ready rollout of the run is left past its start time
        const due = await t.db('rollouts').whereIn('id', model.rollouts).where('status', 'ready').where('start_at', '<=', t.clock()).pluck('id');
        expect(due, 'ready rollouts past their startAt after a tick').toEqual([]);
      },
      undefined,
      checkEvaluated,
    ),
  );
  const advance = fc.integer({ min: 1_000, max: 120_000 }).map((ms) => new Step(`advance(${ms})`, (_model, t) => Promise.resolve(t.clock.advance(ms))));

  const attach = fc.record({ s: set, type: fc.constantFrom('forced', 'soft'), confirm: fc.boolean() }).map(
    ({ s, type, confirm }) =>
      new Step(`attachFilter(set ${s}, ${type}, confirm ${confirm})`, async (model, t) => {
        model.filterId ??= idOf(await createFilter(t, model.filter, `property-${++serial}`));
        const body = { id: model.sets[s], type, confirmationRequired: confirm };
        await expectStatus(await t.request(`/rest/v1/targetfilters/${model.filterId}/autoAssignDS`, send('POST', body)), 200, 'attach');
      }),
  );
  const detach = fc.constant(
    new Step(
      'detachFilter',
      async (model, t) => {
        const response = await t.request(`/rest/v1/targetfilters/${model.filterId}/autoAssignDS`, { method: 'DELETE', headers: AUTH });
        await expectStatus(response, 204, 'detach');
      },
      (model) => model.filterId !== undefined,
    ),
  );

  return [
    addDevice,
    sweep,
    assign,
    assign,
    cancel,
    cancel,
    escalate,
    autoConfirm,
    createRollout,
    operate,
    operate,
    operate,
    operate,
    operate,
    reschedule,
    retry,
    deleteRollout,
    tick,
    tick,
    tick,
    advance,
    attach,
    detach,
  ];
}

let serial = 0;

/** The group `triggerNextGroup` starts: the lowest scheduled one (decision 102). */
function nextScheduled(rollout: RolloutView | undefined): number | undefined {
  return rollout?.groups.filter((group) => group.status === 'scheduled').sort((a, b) => a.position - b.position)[0]?.id;
}

async function expectRunning(t: TestApp, group: number): Promise<void> {
  expect(await t.db('rollout_groups').where('id', group).first('status'), `group ${group} after triggerNextGroup`).toEqual({ status: 'running' });
}

/** Stop and DELETE ask every active action of the rollout to cancel (README "Rollout lifecycle", decision 4). */
async function expectCancelsAsked(t: TestApp, rollout: number): Promise<void> {
  const active = (await t.db('actions').where({ rollout_id: rollout, active: true }).pluck('status')) as string[];
  expect(
    active.filter((status) => status !== 'canceling'),
    `rollout ${rollout}: active actions not canceling`,
  ).toEqual([]);
}
