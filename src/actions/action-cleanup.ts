import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Actions deleted per transaction, so that a large first cleanup never holds the database for long. */
export const CLEANUP_BATCH = 1000;

/** hawkBit's automatic action cleanup (`action.cleanup.auto.*`), run by the scheduler. */
export interface ActionCleanup {
  /**
   * Deletes closed actions whose status is one of `[cleanup] statuses` and that were last modified more
   * than `[cleanup] expiry_days` ago, with their status entries, in batches of {@link CLEANUP_BATCH}, and
   * logs how many went. Active actions are never deleted, nor the one behind a target's installedBase.
   * @returns how many actions were deleted
   */
  run(): Promise<number>;
}

/** The cleanup over `[cleanup]` settings; `run` ignores `enabled`, which only decides whether it is scheduled. */
export function createActionCleanup(db: Knex, clock: Clock, settings: Config['cleanup'], logger: Logger): ActionCleanup {
  const nextBatch = (trx: Knex, cutoff: number) =>
    trx('actions as a')
      .where('a.active', false)
      .whereIn('a.status', settings.statuses)
      .where('a.last_modified_at', '<', cutoff)
      // hawkBit deletes by status and age alone, so cleaning `finished` there also drops the action that
      // installed a target's current set: its poll loses installedBase and GET installedBase/{id} turns 404.
      // We keep that one action per target (the newest finished one of the installed set, which the poll
      // links to), and with it the record of what the device runs.
      .whereNot((installed) => {
        installed
          .where('a.status', 'finished')
          .whereExists((target) => {
            target
              .select(trx.raw('1'))
              .from('targets as t')
              .whereRaw('t.id = a.target_id and t.installed_distribution_set_id = a.distribution_set_id');
          })
          .whereNotExists((newer) => {
            newer
              .select(trx.raw('1'))
              .from('actions as n')
              .whereRaw('n.target_id = a.target_id and n.distribution_set_id = a.distribution_set_id')
              .where('n.status', 'finished')
              .whereRaw('n.id > a.id');
          });
      })
      .orderBy('a.id')
      .limit(CLEANUP_BATCH)
      .pluck<number[]>('a.id');

  return {
    async run() {
      if (settings.statuses.length === 0) return 0;
      const cutoff = clock() - settings.expiryDays * DAY_MS;
      let deleted = 0;
      for (;;) {
        const count = await db.transaction(async (trx): Promise<number> => {
          const ids = await nextBatch(trx, cutoff);
          if (ids.length === 0) return 0;
          await trx('action_status').whereIn('action_id', ids).delete();
          return trx('actions').whereIn('id', ids).delete();
        });
        deleted += count;
        if (count < CLEANUP_BATCH) break;
        // With SQLite every query blocks the process; let requests in between batches.
        await yieldToEventLoop();
      }
      const fields = { deleted, statuses: settings.statuses, expiryDays: settings.expiryDays };
      if (deleted > 0) logger.info(fields, 'action cleanup deleted old closed actions');
      else logger.debug(fields, 'action cleanup found nothing to delete');
      return deleted;
    },
  };
}
