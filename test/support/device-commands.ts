import fc from 'fast-check';
import { expect } from 'vitest';
import { DDI_CONFIRMATIONS, DDI_EXECUTIONS, DDI_FINISHED_RESULTS } from '../../src/actions/ddi-feedback.js';
import { actionsOf, expectStatus, pickAction, Step, type Pick, type RunModel } from './state-model.js';

/** The link a poll offers for the target's active action, by its status (README "Device API"). */
const LINK_OF: Readonly<Record<string, string>> = {
  wait_for_confirmation: 'confirmationBase',
  running: 'deploymentBase',
  canceling: 'cancelAction',
};

/**
 * The device's commands of the state-machine property, each with the answer the model expects: poll,
 * deploymentBase fetch, deployment feedback of every execution and result, cancel feedback, confirmation
 * (confirmed or denied, which revokes a running action's confirmation with the flow on) and configData. Feedback goes to the newest action, or to the oldest one (often
 * closed) to check the refusals. `install` is the common case, a device with a running deployment closing
 * it with success or failure, so that rollouts finish (and have failed targets to retry) within a run's few
 * dozen steps.
 */
export function deviceCommands(devices: number): fc.Arbitrary<Step>[] {
  const device = fc.nat(devices - 1);
  const pick = fc.constantFrom<Pick>('newest', 'newest', 'newest', 'oldest');
  const status = fc.record({ execution: fc.constantFrom(...DDI_EXECUTIONS), finished: fc.constantFrom(...DDI_FINISHED_RESULTS) });
  const hasAction = (d: number, p: Pick) => (model: Readonly<RunModel>) => pickAction(model, d, p) !== undefined;
  const present = (d: number) => (model: Readonly<RunModel>) => d < model.devices.length;

  const poll = device.map(
    (d) =>
      new Step(
        `poll(${d})`,
        async (model) => {
          const links = (await model.devices[d]!.poll())._links ?? {};
          const active = actionsOf(model, d).find((action) => action.active);
          const offered = Object.keys(links).filter((rel) => Object.values(LINK_OF).includes(rel));
          expect(offered, `poll with ${active?.status ?? 'no active action'}`).toEqual(active ? [LINK_OF[active.status]] : []);
          if (active) expect(links[LINK_OF[active.status] as string]?.href).toContain(`/${active.id}`);
          const installed = actionsOf(model, d)
            .filter((action) => action.status === 'finished')
            .at(-1);
          expect(links['installedBase']?.href, 'installedBase: the newest finished action').toBe(
            installed === undefined ? undefined : `${model.devices[d]!.base}/installedBase/${installed.id}`,
          );
        },
        present(d),
      ),
  );

  const fetch = fc.record({ d: device, p: pick }).map(
    ({ d, p }) =>
      new Step(
        `fetch(${d}, ${p})`,
        async (model) => {
          const action = pickAction(model, d, p)!;
          const hidden = ['wait_for_confirmation', 'canceling', 'canceled'].includes(action.status);
          await expectStatus(await model.devices[d]!.get(`/deploymentBase/${action.id}`), hidden ? 404 : 200, `deploymentBase of ${action.status}`);
        },
        hasAction(d, p),
      ),
  );

  const feedback = fc.record({ d: device, p: pick, s: status }).map(
    ({ d, p, s }) =>
      new Step(
        `feedback(${d}, ${p}, ${s.execution}/${s.finished})`,
        async (model) => {
          const action = pickAction(model, d, p)!;
          const expected = !action.active ? 410 : action.status === 'wait_for_confirmation' ? 404 : 200;
          await expectStatus(await model.devices[d]!.feedback(action.id, s.execution, s.finished), expected, `feedback on ${action.status}`);
        },
        hasAction(d, p),
      ),
  );

  /** The devices whose newest action is running, the ones with something to install. */
  const installing = (model: Readonly<RunModel>) => model.devices.map((_, d) => d).filter((d) => pickAction(model, d, 'newest')?.status === 'running');
  const install = fc.record({ d: device, finished: fc.constantFrom('success', 'failure') }).map(
    ({ d, finished }) =>
      new Step(
        `install(${d}, ${finished})`,
        async (model) => {
          const busy = installing(model);
          const chosen = busy.includes(d) ? d : (busy[d % busy.length] as number);
          const action = pickAction(model, chosen, 'newest')!;
          await expectStatus(await model.devices[chosen]!.feedback(action.id, 'closed', finished), 200, `closing feedback on ${action.status}`);
        },
        (model) => installing(model).length > 0,
      ),
  );

  const cancelFeedback = fc.record({ d: device, p: pick, s: status }).map(
    ({ d, p, s }) =>
      new Step(
        `cancelFeedback(${d}, ${p}, ${s.execution}/${s.finished})`,
        async (model) => {
          const action = pickAction(model, d, p)!;
          const expected = !action.active ? 410 : action.status === 'canceling' ? 200 : 405;
          await expectStatus(await model.devices[d]!.cancelFeedback(action.id, s.execution, s.finished), expected, `cancel feedback on ${action.status}`);
        },
        hasAction(d, p),
      ),
  );

  const confirmation = fc.record({ d: device, p: pick, c: fc.constantFrom(...DDI_CONFIRMATIONS) }).map(
    ({ d, p, c }) =>
      new Step(
        `confirmation(${d}, ${p}, ${c})`,
        async (model, t) => {
          const action = pickAction(model, d, p)!;
          // decision 201: with the flow on, a device revokes the confirmation of a running action
          const revokes = c === 'denied' && action.status === 'running' && t.config.ddi.confirmationFlow;
          const expected = !action.active ? 410 : action.status === 'wait_for_confirmation' || revokes ? 200 : 404;
          const response = await model.devices[d]!.post(`/confirmationBase/${action.id}/feedback`, { confirmation: c });
          await expectStatus(response, expected, `confirmation on ${action.status}`);
        },
        hasAction(d, p),
      ),
  );

  const configData = fc.record({ d: device, value: fc.constantFrom('a', 'b') }).map(
    ({ d, value }) =>
      new Step(
        `configData(${d}, ${value})`,
        async (model) => {
          const response = await model.devices[d]!.post('/configData', { data: { hw: value } });
          await expectStatus(response, 200, 'configData');
        },
        present(d),
      ),
  );

  return [poll, fetch, feedback, feedback, install, install, cancelFeedback, cancelFeedback, confirmation, confirmation, configData];
}
