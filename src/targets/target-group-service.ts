import type { Knex } from 'knex';
import type { Clock } from '../clock.js';
import { modified } from '../db/audit.js';
import { chunks } from '../db/chunks.js';
import { idsByKey } from '../db/ids-by-key.js';
import type { ListRequest, Page } from '../db/page.js';
import { lockTargets, lockTargetsOf } from '../db/row-locks.js';
import { inTransaction } from '../db/transaction.js';
import { TARGETS_BY_CONTROLLER_ID } from '../tags/tag-kind.js';
import type { RefreshPollingOverrides } from './polling-overrides.js';
import type { TargetDetails } from './target-model.js';
import type { TargetService } from './target-service.js';
import { targetStore as sql } from './target-store.js';

/**
 * hawkBit 1.1's target groups, as far as decision 93 allows: a group is set or moved, never
 * cleared, and the groups are never listed. Groups compare case-insensitively, as in hawkBit; a `/` in a
 * group is an ordinary character except where a list asks for subgroups.
 */
export interface TargetGroupService {
  /**
   * The targets of `group` (and, with `subgroups`, of every group under `group/`) that `q` matches.
   * @throws DomainError sortParamSyntax, sortInvalidField, rsqlParamSyntax, rsqlInvalidField
   */
  list(group: string, subgroups: boolean, query: ListRequest): Promise<Page<TargetDetails>>;
  /** Moves the targets into `group`, all or nothing. @throws DomainError entityNotFound naming every unknown controllerId */
  assign(group: string, controllerIds: readonly string[], actor: string): Promise<void>;
  /** Moves every target `q` matches into `group`. @throws DomainError rsqlParamSyntax, rsqlInvalidField */
  assignMatching(group: string, q: string, actor: string): Promise<void>;
}

/** @param regrouped recomputes the polling overrides of moved targets (decision 110) */
export function createTargetGroupService(db: Knex, clock: Clock, targets: TargetService, regrouped: RefreshPollingOverrides): TargetGroupService {
  return {
    list: (group, subgroups, query) => targets.listIn(sql.groupMemberIdQuery(db, group, subgroups), query),
    // An UPDATE of several rows locks them in whatever order its plan visits them; locked first in id order,
    // they keep decision 40's order with every other writer of several targets.
    assign: (group, controllerIds, actor) =>
      inTransaction(db, async (trx) => {
        const ids = (await idsByKey(trx, TARGETS_BY_CONTROLLER_ID, controllerIds)).sort((a, b) => a - b);
        for (const chunk of chunks(ids)) {
          await lockTargets(trx, chunk);
          await sql.setGroup(trx, chunk, group, modified(actor, clock()));
          await regrouped(trx, chunk);
        }
      }),
    assignMatching: (group, q, actor) =>
      inTransaction(db, async (trx) => {
        const matching = () => sql.matchingIdQuery(trx, q);
        await lockTargetsOf(trx, matching());
        const moved = (await matching()) as { id: number }[];
        await sql.setGroup(trx, matching(), group, modified(actor, clock()));
        await regrouped(
          trx,
          moved.map((row) => Number(row.id)),
        );
      }),
  };
}
