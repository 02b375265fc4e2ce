import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { created, modified } from '../db/audit.js';
import type { ListRequest, Page } from '../db/page.js';
import { chunks } from '../db/chunks.js';
import { inTransaction } from '../db/transaction.js';
import { assertSetExists } from '../distribution-sets/distribution-set.js';
import { alreadyExists, DomainError, ErrorCode, notFound } from '../errors.js';
import { recordEvents, type OutboxEvent } from '../events/outbox.js';
import { TARGET_TAGS } from '../tags/tag-kind.js';
import { createTagStore } from '../tags/tag-store.js';
import { pollStatusOf } from './poll-status.js';
import { parsePollingInterval, type PollingInterval } from '../polling-interval.js';
import { pollingOverrideRefresher } from './polling-overrides.js';
import { ipAddressOf } from './target-address.js';
import type { NewTarget, Target, TargetChange, TargetDetails } from './target-model.js';
import { targetStore as sql, type TargetListScope, type TargetRow } from './target-store.js';

export interface TargetService {
  /**
   * Creates targets, all or nothing, with updateStatus `unknown`; name defaults to the controllerId, the
   * security token to 16 random bytes in hex.
   * @throws DomainError entityAlreadyExists (controllerId taken or given twice), entityNotFound (target type),
   *   constraintViolation (an address without an IP address)
   */
  create(targets: readonly NewTarget[], actor: string): Promise<Target[]>;
  /** @throws DomainError rsqlParamSyntax, rsqlInvalidField */
  list(query: ListRequest): Promise<Page<TargetDetails>>;
  /** The targets carrying a tag. @throws DomainError entityNotFound (tag), rsqlParamSyntax, rsqlInvalidField */
  listByTag(tagId: number, query: ListRequest): Promise<Page<TargetDetails>>;
  /**
   * The targets whose ids `targetIds` (a subquery) selects, e.g. a rollout group's; `total`, when the caller
   * knows how many it selects, is the unfiltered list's total. @throws DomainError rsql*
   */
  listIn(targetIds: Knex.QueryBuilder, query: ListRequest, total?: number): Promise<Page<TargetDetails>>;
  /**
   * The targets with the set as their assigned or their installed set.
   * @throws DomainError entityNotFound (set), rsqlParamSyntax, rsqlInvalidField
   */
  listWithSet(setId: number, relation: 'assigned' | 'installed', query: ListRequest): Promise<Page<TargetDetails>>;
  /** @throws DomainError entityNotFound */
  get(controllerId: string): Promise<TargetDetails>;
  /**
   * Changes the given fields. A group can be set or moved, never cleared.
   * @throws DomainError entityNotFound (target or target type), constraintViolation (empty group, address)
   */
  update(controllerId: string, change: TargetChange, actor: string): Promise<Target>;
  /** Deletes the target with its attributes, metadata, tag assignments and actions. @throws DomainError entityNotFound */
  remove(controllerId: string): Promise<void>;
  /** The attributes the device reported. @throws DomainError entityNotFound */
  attributes(controllerId: string): Promise<Record<string, string | null>>;
  /** @throws DomainError entityNotFound (target or target type) */
  assignType(controllerId: string, targetTypeId: number, actor: string): Promise<void>;
  /** @throws DomainError entityNotFound */
  unassignType(controllerId: string, actor: string): Promise<void>;
  /** The internal id of a target, for its metadata. @throws DomainError entityNotFound */
  idOf(controllerId: string): Promise<number>;
  /** Folds the appended changes of the per-status target counts (PostgreSQL, decision 250); a scheduled job. */
  foldCounts(): Promise<void>;
}

/** a controllerId may be longer than a name, so a name defaulted from it is cut */
const MAX_NAME_LENGTH = 128;

const tags = createTagStore(TARGET_TAGS);

/** The management side of targets; the device side (polls, attributes, feedback) lives in ddi/. */
/**
 * @param pendingPollTime a poll time the device side holds in memory and has not written yet
 *   (polls are persisted in batches); reads show it, so a target never looks staler than it is
 */
export function createTargetService(
  db: Knex,
  clock: Clock,
  config: Config,
  pendingPollTime: (targetId: number) => number | undefined = () => undefined,
): TargetService {
  const defaultInterval = parsePollingInterval(config.ddi.pollingInterval) as PollingInterval;
  const intervalMsOf = (override: string | null) => ((override === null ? undefined : parsePollingInterval(override)) ?? defaultInterval).seconds * 1000;
  const refreshOverrides = pollingOverrideRefresher(config.ddi.pollingOverrides);

  // Every read of lastControllerRequestAt (and the poll status derived from it) passes here, so a poll
  // time kept outside the row has exactly one place to be merged in.
  const toTarget = (model: TargetRow): Target => {
    const pending = pendingPollTime(model.id);
    const lastControllerRequestAt =
      pending !== undefined && (model.lastControllerRequestAt === null || pending > model.lastControllerRequestAt) ? pending : model.lastControllerRequestAt;
    return {
      id: model.id,
      controllerId: model.controllerId,
      name: model.name,
      description: model.description,
      securityToken: model.securityToken,
      requestAttributes: model.requestAttributes,
      group: model.groupName,
      updateStatus: model.updateStatus,
      address: model.address,
      lastControllerRequestAt,
      pollStatus: lastControllerRequestAt === null ? null : pollStatusOf(lastControllerRequestAt, intervalMsOf(model.pollingOverride), clock()),
      installedAt: model.installedAt,
      targetType: model.targetTypeId === null ? null : { id: model.targetTypeId, name: model.targetTypeName ?? '' },
      autoConfirmActive: model.autoConfirmActive,
      createdAt: model.createdAt,
      createdBy: model.createdBy,
      lastModifiedAt: model.lastModifiedAt,
      lastModifiedBy: model.lastModifiedBy,
    };
  };
  const details = async (models: readonly TargetRow[]): Promise<TargetDetails[]> => {
    const { sets, tags } = await sql.embeddings(db, models);
    const setOf = (id: number | null) => (id === null ? null : (sets.get(id) ?? null));
    return models.map((model) => ({
      ...toTarget(model),
      assignedDs: setOf(model.assignedDistributionSetId),
      installedDs: setOf(model.installedDistributionSetId),
      tags: tags.get(model.id) ?? [],
    }));
  };
  const page = async ({ page: request, q }: ListRequest, scope?: TargetListScope) => {
    const { rows, total } = await sql.page(db, request, q, scope);
    return { rows: await details(rows), total };
  };
  const idOf = async (trx: Knex, controllerId: string) => {
    const id = await sql.idOf(trx, controllerId);
    if (id === undefined) throw notFound('Target', controllerId);
    return id;
  };
  const checkTargetTypes = async (trx: Knex, ids: readonly (number | undefined)[]) => {
    const wanted = [...new Set(ids)].filter((id): id is number => id !== undefined);
    if (wanted.length === 0) return;
    const missing = await sql.missingTypeId(trx, wanted);
    if (missing !== undefined) {
      throw notFound('TargetType', missing);
    }
  };

  return {
    foldCounts: () => sql.foldCounts(db),
    create(targets, actor) {
      return inTransaction(db, async (trx) => {
        const ids = targets.map((target) => target.controllerId);
        const twice = ids.find((id, index) => ids.indexOf(id) !== index);
        const taken = twice ?? (await sql.takenControllerId(trx, ids));
        if (taken !== undefined) {
          throw alreadyExists('Target', { controllerId: taken });
        }
        await checkTargetTypes(
          trx,
          targets.map((target) => target.targetTypeId),
        );
        const now = clock();
        for (const target of targets) {
          const row = {
            controllerId: target.controllerId,
            name: target.name ?? target.controllerId.slice(0, MAX_NAME_LENGTH),
            description: target.description ?? null,
            securityToken: target.securityToken ?? randomBytes(16).toString('hex'),
            requestAttributes: target.requestAttributes ?? true,
            groupName: target.group ?? null,
            address: target.address === undefined ? null : ipAddress(target.address),
            targetTypeId: target.targetTypeId ?? null,
            autoConfirmActive: config.ddi.autoConfirmDefault,
            autoConfirmActivatedAt: config.ddi.autoConfirmDefault ? now : null,
          };
          await sql.insert(trx, row, created(actor, now));
        }
        for (const chunk of chunks(ids)) await refreshOverrides(trx, sql.idQuery(trx, chunk));
        const models = await sql.byControllerIds(trx, ids);
        const events = ids.map((controllerId): OutboxEvent => ({ type: 'target.created', data: { controllerId, createdBy: actor } }));
        await recordEvents(trx, events, now);
        const byControllerId = new Map(models.map((model) => [model.controllerId, model]));
        return ids.map((id) => toTarget(byControllerId.get(id) as TargetRow));
      });
    },
    list: (query) => page(query),
    async listByTag(tagId, query) {
      if (!(await tags.find(db, tagId))) {
        throw notFound('TargetTag', tagId);
      }
      return page(query, { ids: tags.ownerIdQuery(db, tagId) });
    },
    listIn: (targetIds, query, total) => page(query, { ids: targetIds, total }),
    async listWithSet(setId, relation, query) {
      await assertSetExists(db, setId);
      return page(query, { distributionSetId: setId, relation });
    },
    async get(controllerId) {
      const model = await sql.byControllerId(db, controllerId);
      if (!model) throw notFound('Target', controllerId);
      return (await details([model]))[0] as TargetDetails;
    },
    update(controllerId, change, actor) {
      return inTransaction(db, async (trx) => {
        const id = await idOf(trx, controllerId);
        if (change.group === '') {
          throw new DomainError(ErrorCode.constraintViolation, 'The group of a target can be moved but not cleared');
        }
        await checkTargetTypes(trx, [change.targetTypeId]);
        const { name, description, securityToken, requestAttributes, group: groupName, targetTypeId } = change;
        const address = change.address === undefined ? undefined : ipAddress(change.address);
        await sql.update(trx, id, { name, description, securityToken, requestAttributes, groupName, address, targetTypeId }, modified(actor, clock()));
        await refreshOverrides(trx, [id]);
        return toTarget((await sql.byControllerId(trx, controllerId)) as TargetRow);
      });
    },
    async remove(controllerId) {
      // the target's row, then (cascading) its actions: decision 40's order
      if (!(await inTransaction(db, (trx) => sql.delete(trx, controllerId)))) throw notFound('Target', controllerId);
    },
    async attributes(controllerId) {
      const rows = await sql.attributes(db, await idOf(db, controllerId));
      return Object.fromEntries(rows.map(({ key, value }) => [key, value]));
    },
    assignType(controllerId, targetTypeId, actor) {
      return inTransaction(db, async (trx) => {
        const id = await idOf(trx, controllerId);
        await checkTargetTypes(trx, [targetTypeId]);
        await sql.update(trx, id, { targetTypeId }, modified(actor, clock()));
        await refreshOverrides(trx, [id]);
      });
    },
    unassignType(controllerId, actor) {
      return inTransaction(db, async (trx) => {
        const id = await idOf(trx, controllerId);
        await sql.update(trx, id, { targetTypeId: null }, modified(actor, clock()));
        await refreshOverrides(trx, [id]);
      });
    },
    idOf: (controllerId) => idOf(db, controllerId),
  };
}

/** The target record keeps plain IP addresses; an operator may give one bare or as hawkBit's URI. */
function ipAddress(address: string): string {
  const ip = ipAddressOf(address);
  if (ip === undefined) {
    throw new DomainError(ErrorCode.constraintViolation, `The address '${address}' is neither an IP address nor a URI with one`);
  }
  return ip;
}
