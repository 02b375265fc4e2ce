import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { DELETE_BATCH, deleteInBatches } from '../db/batch-delete.js';
import { actionHistoryStore as sql } from './action-history-store.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** hawkBit's automatic action cleanup (`action.cleanup.auto.*`), run by the scheduler. */
export interface ActionCleanup {
  /**
   * Deletes closed actions whose status is one of `[cleanup] statuses` and that were last modified more
   * than `[cleanup] expiry_days` ago, with their status entries, in batches of {@link DELETE_BATCH}, and
   * logs how many went. Active actions are never deleted, nor the one behind a target's installedBase.
   * @returns how many actions were deleted
   */
  run(): Promise<number>;
}

/** The cleanup over `[cleanup]` settings; `run` ignores `enabled`, which only decides whether it is scheduled. */
export function createActionCleanup(db: Knex, clock: Clock, settings: Config['cleanup'], logger: Logger): ActionCleanup {
  return {
    async run() {
      if (settings.statuses.length === 0) return 0;
      const cutoff = clock() - settings.expiryDays * DAY_MS;
      const deleted = await deleteInBatches(db, async (trx) => {
        const ids = await sql.cleanupBatch(trx, settings.statuses, cutoff, DELETE_BATCH);
        return ids.length === 0 ? 0 : sql.delete(trx, ids);
      });
      const fields = { deleted, statuses: settings.statuses, expiryDays: settings.expiryDays };
      if (deleted > 0) logger.info(fields, 'action cleanup deleted old closed actions');
      else logger.debug(fields, 'action cleanup found nothing to delete');
      return deleted;
    },
  };
}
