import type { Knex } from 'knex';
import type { Clock } from '../clock.js';
import { dialectOf } from '../db/database.js';
import { inTransaction } from '../db/transaction.js';
import { DomainError, ErrorCode } from '../errors.js';
import { applyActionEvents, lockedActionRefs } from './action-store.js';

/** A target's auto-confirm state (hawkBit's MgmtTargetResource autoConfirm endpoints and ConfirmationManagement). */
export interface AutoConfirmState {
  readonly active: boolean;
  readonly initiator?: string;
  readonly remark?: string;
  readonly activatedAt?: number;
}

export interface AutoConfirmService {
  /** @throws DomainError entityNotFound */
  get(controllerId: string): Promise<AutoConfirmState>;
  /**
   * Turns auto-confirm on and releases every action of the target that waits for confirmation
   * (`autoConfirmActivated` → running), in one transaction.
   * @throws DomainError entityNotFound; autoConfirmAlreadyActive (409)
   */
  activate(controllerId: string, details: { initiator?: string; remark?: string }, actor: string): Promise<void>;
  /** Turns auto-confirm off; actions already released stay running. @throws DomainError entityNotFound */
  deactivate(controllerId: string, actor: string): Promise<void>;
}

interface TargetRow {
  id: number;
  auto_confirm_active: boolean | number;
  auto_confirm_initiator: string | null;
  auto_confirm_remark: string | null;
  auto_confirm_activated_at: number | string | null;
}

export function createAutoConfirmService(db: Knex, clock: Clock): AutoConfirmService {
  const target = async (trx: Knex, controllerId: string, lock = false) => {
    const query = trx('targets').where('controller_id', controllerId);
    // FOR NO KEY UPDATE, as row-locks.ts locks targets (decision 40)
    if (lock && dialectOf(db) === 'postgres') query.forNoKeyUpdate();
    const row = await query.first<TargetRow | undefined>(
      'id',
      'auto_confirm_active',
      'auto_confirm_initiator',
      'auto_confirm_remark',
      'auto_confirm_activated_at',
    );
    if (!row) throw new DomainError(ErrorCode.entityNotFound, `Target with given identifier {${controllerId}} does not exist.`);
    return row;
  };

  return {
    async get(controllerId) {
      const row = await target(db, controllerId);
      if (!row.auto_confirm_active) return { active: false };
      return {
        active: true,
        ...(row.auto_confirm_initiator === null ? {} : { initiator: row.auto_confirm_initiator }),
        ...(row.auto_confirm_remark === null ? {} : { remark: row.auto_confirm_remark }),
        ...(row.auto_confirm_activated_at === null ? {} : { activatedAt: Number(row.auto_confirm_activated_at) }),
      };
    },
    async activate(controllerId, { initiator, remark }, actor) {
      await inTransaction(db, async (trx) => {
        const row = await target(trx, controllerId, true);
        if (row.auto_confirm_active) {
          throw new DomainError(ErrorCode.autoConfirmAlreadyActive, `Auto-confirmation is already active for target {${controllerId}}.`);
        }
        const now = clock();
        await trx('targets')
          .where('id', row.id)
          .update({
            auto_confirm_active: true,
            auto_confirm_initiator: initiator ?? null,
            auto_confirm_remark: remark ?? null,
            auto_confirm_activated_at: now,
            last_modified_at: now,
            last_modified_by: actor,
          });
        const waiting = await lockedActionRefs(trx, trx('actions').where({ target_id: row.id, status: 'wait_for_confirmation' }));
        const message = `Assignment automatically confirmed by initiator '${initiator ?? actor}'.`;
        await applyActionEvents(
          trx,
          waiting.map((action) => ({ action, event: 'autoConfirmActivated' as const })),
          { now, actor, messages: [message] },
        );
      });
    },
    async deactivate(controllerId, actor) {
      const row = await target(db, controllerId);
      await db('targets').where('id', row.id).update({
        auto_confirm_active: false,
        auto_confirm_initiator: null,
        auto_confirm_remark: null,
        auto_confirm_activated_at: null,
        last_modified_at: clock(),
        last_modified_by: actor,
      });
    },
  };
}
