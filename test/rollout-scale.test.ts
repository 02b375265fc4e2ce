import type { Knex } from 'knex';
import { pino } from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../src/db/transaction.js';
import { DEPLOY_CHUNK } from '../src/db/chunks.js';
import { changeBy, lockedRollout, type RolloutContext } from '../src/rollouts/rollout-context.js';
import { beginRollout } from '../src/rollouts/rollout-steps.js';
import { DATABASE_KINDS } from './support/databases.js';
import { createSet } from './support/deployment-fixtures.js';
import { counts, createRollout, evaluate, groups, operateOk, rollout } from './support/rollout-fixtures.js';
import { createTargets, idOf } from './support/target-fixtures.js';
import { useTestApp } from './support/use-test-app.js';

/** a group of this many targets takes two rounds of actions */
const GROUP = DEPLOY_CHUNK + 50;

// Decision 187: a starting group's targets get their actions in transactions of DEPLOY_CHUNK targets each.
describe.each(DATABASE_KINDS)('rollout groups deployed round by round on %s', (kind) => {
  let set: number;
  let serial = 0;
  const t = useTestApp(kind);
  beforeAll(async () => {
    set = await createSet(t);
  });

  /** A rollout in two groups of {@link GROUP} targets each, created through the API. */
  const twoGroups = async (successThreshold = 100) => {
    const group = `scale-${kind}-${++serial}`;
    const targets = Array.from({ length: 2 * GROUP }, (_, i) => ({ controllerId: `${group}-${i}`, group }));
    await createTargets(t, targets);
    return idOf(await createRollout(t, { set, filter: `group==${group}`, groups: 2, successThreshold }));
  };

  /**
   * Runs the start's first transaction alone: what a process that stopped right after it leaves behind. The
   * rounds that follow its commit (decision 261) find no database.
   */
  const startThenStop = async (id: number) => {
    const stopped = { transaction: () => Promise.reject(new Error('the process stopped')) } as unknown as Knex;
    const ctx: RolloutContext = { db: stopped, clock: t.clock, config: t.config, logger: pino({ level: 'silent' }), warnedTargets: new Set() };
    const started = inTransaction(t.db, async (trx) => {
      expect(await beginRollout(trx, ctx, await lockedRollout(trx, id), 'started', changeBy(ctx, 'admin'))).toBe(true);
    });
    await expect(started).rejects.toThrow('the process stopped');
  };

  it('a start answers once every target of the first group has its action', async () => {
    const id = await twoGroups();
    await operateOk(t, id, 'start');
    expect(counts(await rollout(t, id))).toEqual({ running: GROUP, scheduled: GROUP });
  });

  it('the evaluator completes a group left half-deployed, counting its waiting targets as scheduled, and judges it only then', async () => {
    const id = await twoGroups(0);
    await startThenStop(id);
    expect((await groups(t, id)).map((group) => group['status'])).toEqual(['running', 'scheduled']);
    expect(counts(await rollout(t, id))).toEqual({ running: DEPLOY_CHUNK, scheduled: 2 * GROUP - DEPLOY_CHUNK });
    // a success threshold of 0 would finish the group at once: it waits for its last targets
    await evaluate(t);
    expect((await groups(t, id)).map((group) => group['status'])).toEqual(['running', 'scheduled']);
    expect(counts(await rollout(t, id))).toEqual({ running: GROUP, scheduled: GROUP });
    await evaluate(t);
    expect((await groups(t, id)).map((group) => group['status'])).toEqual(['finished', 'running']);
    expect(counts(await rollout(t, id))).toEqual({ running: 2 * GROUP });
  });

  it('a rollout stopped while a group is deploying gives no further actions', async () => {
    const id = await twoGroups();
    await startThenStop(id);
    await operateOk(t, id, 'stop');
    await evaluate(t);
    await evaluate(t);
    expect((await groups(t, id)).map((group) => group['status'])).toEqual(['stopped', 'stopped']);
    // the issued actions are asked to cancel (canceling counts as running); the others never come
    expect(await rollout(t, id)).toMatchObject({ status: 'stopping' });
    expect(counts(await rollout(t, id))).toEqual({ running: DEPLOY_CHUNK, notstarted: 2 * GROUP - DEPLOY_CHUNK });
  });
});
