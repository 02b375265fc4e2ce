import fc from 'fast-check';
import { expect } from 'vitest';
import { isActive } from '../../src/actions/action-lifecycle.js';
import { ROLLOUT_TRANSITIONS, type RolloutEvent } from '../../src/rollouts/rollout-lifecycle.js';
import { createDevice } from './ddi-client.js';
import { rolloutBody } from './rollout-fixtures.js';
import { expectStatus, pickAction, Step, type RunModel } from './state-model.js';
import { AUTH, errorOf, send, type Json } from './target-fixtures.js';
import type { TestApp } from './test-app.js';

/**
 * The operator's commands of the state-machine property, each with the answer the model expects: assign,
 * cancel, force-cancel, force escalation, auto-confirm on/off, rollout create/start/pause/resume/stop/
 * approve/deny/delete, the evaluator's tick, the clock, a target filter's auto-assignment on/off and its
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
      new Step(`assign(${d}, set ${s}, ${type})`, async (model, t) => {
        const body = { id: model.sets[s], type, ...(type === 'timeforced' ? { forcetime: t.clock() + lead } : {}) };
        await expectStatus(await t.request(`${targetPath(model, d)}/assignedDS`, send('POST', body)), 200, 'assign');
      }, present(d)),
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
      new Step(`autoConfirm(${d}, ${on ? 'on' : 'off'})`, async (model, t) => {
        const already = model.snapshot.targets.get(model.devices[d]?.controllerId ?? '')?.autoConfirm === true;
        const response = await t.request(`${targetPath(model, d)}/autoConfirm/${on ? 'activate' : 'deactivate'}`, send('POST'));
        await expectStatus(response, on && already ? 409 : 204, 'autoConfirm');
      }, present(d)),
  );

  const createRollout = fc
    .record({ groups: fc.integer({ min: 1, max: 3 }), s: set, type: actionType, success: fc.constantFrom(0, 50, 100), error: fc.option(fc.constantFrom(0, 50)), dynamic: fc.boolean() })
    .map(
      ({ groups, s, type, success, error, dynamic }) =>
        new Step(`createRollout(${groups} groups, set ${s}, ${type}, success ${success}, error ${error}${dynamic ? ', dynamic' : ''})`, async (model, t) => {
          const body = rolloutBody({ set: model.sets[s] as number, filter: model.filter, groups, type, successThreshold: success, dynamic, ...(error === null ? {} : { errorThreshold: error }) });
          const response = await t.request('/rest/v1/rollouts', send('POST', body));
          await expectStatus(response, 201, 'create rollout');
          model.rollouts.push(((await response.json()) as Json)['id'] as number);
        }),
    );

  const OPERATIONS: Readonly<Record<string, RolloutEvent>> = { start: 'started', pause: 'paused', resume: 'resumed', stop: 'stopRequested', approve: 'approved', deny: 'denied' };
  const operate = fc.record({ index: fc.nat(3), op: fc.constantFrom(...Object.keys(OPERATIONS)) }).map(
    ({ index, op }) =>
      new Step(
        `rollout(${index}).${op}`,
        async (model, t) => {
          const id = rolloutAt(model, index);
          const status = model.snapshot.rollouts.get(id)?.status;
          const row: Readonly<Record<string, unknown>> = ROLLOUT_TRANSITIONS[OPERATIONS[op] as RolloutEvent];
          const expected = status === undefined ? 404 : row[status] === undefined ? 400 : 204;
          const response = await t.request(`/rest/v1/rollouts/${id}/${op}`, send('POST'));
          await expectStatus(response, expected, `${op} in ${status ?? 'deleted'}`);
          if (expected === 400) expect((await errorOf(response)).errorCode).toBe('hawkbit.server.error.rollout.illegalState');
          if (expected === 204 && op === 'stop') await expectCancelsAsked(t, id);
        },
        hasRollout,
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
          expect(statuses.filter((status) => status !== 'canceling'), `rollout ${id}: deleted, actions not canceling`).toEqual([]);
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
  const tick = fc.constant(new Step('tick', async (_model, t) => void (await t.services.rolloutEvaluator.tick())));
  const advance = fc.integer({ min: 1_000, max: 120_000 }).map((ms) => new Step(`advance(${ms})`, (_model, t) => Promise.resolve(t.clock.advance(ms))));

  const attach = fc.record({ s: set, type: fc.constantFrom('forced', 'soft'), confirm: fc.boolean() }).map(
    ({ s, type, confirm }) =>
      new Step(`attachFilter(set ${s}, ${type}, confirm ${confirm})`, async (model, t) => {
        model.filterId ??= await createFilter(t, model.filter);
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

  return [addDevice, sweep, assign, assign, cancel, cancel, escalate, autoConfirm, createRollout, operate, operate, operate, operate, operate, deleteRollout, tick, tick, tick, advance, attach, detach];
}

let serial = 0;

/** Stop and DELETE ask every active action of the rollout to cancel (spec "Rollout status"). */
async function expectCancelsAsked(t: TestApp, rollout: number): Promise<void> {
  const active = (await t.db('actions').where({ rollout_id: rollout, active: true }).pluck('status')) as string[];
  expect(active.filter((status) => status !== 'canceling'), `rollout ${rollout}: active actions not canceling`).toEqual([]);
}

async function createFilter(t: TestApp, query: string): Promise<number> {
  const response = await t.request('/rest/v1/targetfilters', send('POST', { name: `property-${++serial}`, query }));
  await expectStatus(response, 201, 'create filter');
  return ((await response.json()) as Json)['id'] as number;
}
