import fc from 'fast-check';
import { beforeAll, describe, it } from 'vitest';
import { DATABASE_KINDS } from './support/databases.js';
import { createSet } from './support/deployment-fixtures.js';
import { deviceCommands } from './support/device-commands.js';
import { operatorCommands } from './support/operator-commands.js';
import { fleet } from './support/rollout-fixtures.js';
import { EMPTY_SNAPSHOT } from './support/state-snapshot.js';
import { observe, type RunModel } from './support/state-model.js';
import { AUTH } from './support/target-fixtures.js';
import { useTestApp } from './support/use-test-app.js';
import { createWebhook } from './support/webhook-fixtures.js';

/**
 * Model-based property (issue 7, item 2): random sequences of operator commands and device actions against
 * the app over HTTP, every invariant checked after every step (support/state-invariants.ts). CI runs a fixed
 * seed and budget; FALCONET_PROPERTY_RUNS, FALCONET_PROPERTY_COMMANDS and FALCONET_PROPERTY_SEED run it
 * longer or elsewhere locally.
 */
const RUNS = Number(process.env['FALCONET_PROPERTY_RUNS'] ?? 40);
const COMMANDS = Number(process.env['FALCONET_PROPERTY_COMMANDS'] ?? 60);
const SEED = Number(process.env['FALCONET_PROPERTY_SEED'] ?? 20261121);
/** devices at the start of a run, and at most (the rest join through `addDevice`) */
const DEVICES = 2;
const MAX_DEVICES = 4;
const SETS = 2;

/**
 * With both gates on, confirmations and approvals are in play; with them off, rollouts run (and finish, and
 * are retried, and have their next group triggered) in far fewer steps.
 */
/** The run's webhook points at a closed port of this machine. */
const LOCAL_WEBHOOKS = { 'webhooks.allow_private_destinations': true } as const;
const GATES = [
  ['gates on', { 'ddi.confirmation_flow': true, rollout_approval_enabled: true, ...LOCAL_WEBHOOKS }],
  ['gates off', LOCAL_WEBHOOKS],
] as const;

describe.each(DATABASE_KINDS.flatMap((kind) => GATES.map(([name, gates]) => [kind, name, gates] as const)))(
  'state machines on %s, %s (property)',
  (kind, _name, gates) => {
    let sets: number[];
    let webhookId: number | undefined;
    const t = useTestApp(kind, gates);
    beforeAll(async () => {
      sets = [];
      for (let i = 0; i < SETS; i++) sets.push(await createSet(t));
    });

    /**
     * A run's own devices (so earlier runs do not interfere), an empty observed state, and a webhook
     * subscription whose outbox the invariants read (never dispatched: the scheduler is off).
     */
    async function setup(): Promise<RunModel> {
      const { filter, devices } = await fleet(t, DEVICES);
      webhookId = (await createWebhook(t, { name: 'property', url: 'http://127.0.0.1:9/', eventTypes: ['action.created', 'action.statusChanged'] })).id;
      const model: RunModel = { devices, sets, filter, rollouts: [], deleted: new Set(), filterId: undefined, snapshot: EMPTY_SNAPSHOT };
      await observe(t, model);
      return model;
    }

    /** Leaves nothing behind that a later run's evaluator ticks or auto-assignment sweeps would see. */
    async function teardown(model: RunModel): Promise<void> {
      for (const id of model.rollouts) await t.request(`/rest/v1/rollouts/${id}`, { method: 'DELETE', headers: AUTH });
      if (model.filterId !== undefined) await t.request(`/rest/v1/targetfilters/${model.filterId}`, { method: 'DELETE', headers: AUTH });
      await t.request(`/rest/v1/webhooks/${String(webhookId)}`, { method: 'DELETE', headers: AUTH });
    }

    it('operator commands and device actions keep every invariant', async () => {
      const commands = fc.commands([...operatorCommands(MAX_DEVICES, SETS), ...deviceCommands(MAX_DEVICES)], { maxCommands: COMMANDS, size: 'max' });
      await fc.assert(
        fc.asyncProperty(commands, async (steps) => {
          const model = await setup();
          try {
            await fc.asyncModelRun(() => ({ model, real: t }), steps);
          } finally {
            await teardown(model);
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: process.env['FALCONET_PROPERTY_SHRINK'] === undefined },
      );
    }, 600_000);
  },
);
