import type { Knex } from 'knex';
import type { Audit } from '../db/audit.js';
import { DomainError, ErrorCode, notFound } from '../errors.js';
import type { SoftwareModuleRow } from '../software-modules/software-module-store.js';
import { distributionSetStore } from './distribution-set-store.js';

/** A module as a set embeds it; `locked` once any set holding it is referenced by actions or rollouts. */
export interface DistributionSetModule extends SoftwareModuleRow {
  readonly locked: boolean;
}

/** A distribution set with its type, its modules and the states derived from them. */
export interface DistributionSet extends Audit {
  readonly id: number;
  readonly name: string;
  readonly version: string;
  readonly description: string | null;
  readonly typeId: number;
  readonly typeKey: string;
  readonly typeName: string;
  readonly requiredMigrationStep: boolean;
  /** false once invalidated: no longer drawn onto devices */
  readonly valid: boolean;
  /** holds at least one module of every mandatory module type of its type */
  readonly complete: boolean;
  /** referenced by actions or rollouts: its modules can no longer change */
  readonly locked: boolean;
  /** soft-deleted: hidden from lists, refused for new assignments (decision 213) */
  readonly deleted: boolean;
  readonly modules: readonly DistributionSetModule[];
}

export interface NewDistributionSet {
  readonly name: string;
  readonly version: string;
  /** distribution-set type key */
  readonly type: string;
  readonly description?: string | null;
  readonly requiredMigrationStep?: boolean;
  readonly moduleIds?: readonly number[];
}

/** Fields to change; undefined or null keeps the current value. */
export interface DistributionSetChange {
  readonly name?: string | null;
  readonly version?: string | null;
  readonly description?: string | null;
  readonly requiredMigrationStep?: boolean | null;
}

export const setDeleted = (id: number): DomainError => new DomainError(ErrorCode.deleted, `DistributionSet with given identifier {${id}} is soft-deleted!`);

/** @throws DomainError deleted when the set is soft-deleted (hawkBit's DeletedException) */
export function assertNotDeleted(set: { readonly id: number; readonly deleted: boolean }): void {
  if (set.deleted) throw setDeleted(set.id);
}

/** @throws DomainError entityNotFound unless the set exists */
export async function assertSetExists(db: Knex, id: number): Promise<void> {
  if (!(await distributionSetStore.exists(db, id))) throw notFound('DistributionSet', id);
}
