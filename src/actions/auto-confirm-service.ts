import type { Knex } from 'knex';
import type { Clock } from '../clock.js';
import { modified } from '../db/audit.js';
import { inTransaction } from '../db/transaction.js';
import { DomainError, ErrorCode, notFound } from '../errors.js';
import { targetStore } from '../targets/target-store.js';
import { actionStore } from './action-store.js';

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

export function createAutoConfirmService(db: Knex, clock: Clock): AutoConfirmService {
  const target = async (trx: Knex, controllerId: string, lock = false) => {
    const found = await targetStore.autoConfirmOf(trx, controllerId, lock);
    if (!found) throw notFound('Target', controllerId);
    return found;
  };

  return {
    async get(controllerId) {
      const { autoConfirm } = await target(db, controllerId);
      if (!autoConfirm) return { active: false };
      return {
        active: true,
        ...(autoConfirm.initiator === null ? {} : { initiator: autoConfirm.initiator }),
        ...(autoConfirm.remark === null ? {} : { remark: autoConfirm.remark }),
        ...(autoConfirm.activatedAt === null ? {} : { activatedAt: Number(autoConfirm.activatedAt) }),
      };
    },
    async activate(controllerId, { initiator, remark }, actor) {
      await inTransaction(db, async (trx) => {
        const { id, autoConfirm } = await target(trx, controllerId, true);
        if (autoConfirm) {
          throw new DomainError(ErrorCode.autoConfirmAlreadyActive, `Auto-confirmation is already active for target {${controllerId}}.`);
        }
        const now = clock();
        await targetStore.setAutoConfirm(trx, id, { initiator: initiator ?? null, remark: remark ?? null, activatedAt: now }, modified(actor, now));
        const waiting = await actionStore.lockedActionsInStatus(trx, id, 'wait_for_confirmation');
        const message = `Assignment automatically confirmed by initiator '${initiator ?? actor}'.`;
        await actionStore.moveActions(
          trx,
          waiting.map((action) => ({ action, event: 'autoConfirmActivated' as const })),
          { now, actor, messages: [message] },
        );
      });
    },
    async deactivate(controllerId, actor) {
      const { id } = await target(db, controllerId);
      await targetStore.setAutoConfirm(db, id, null, modified(actor, clock()));
    },
  };
}
