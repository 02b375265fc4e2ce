import type { Audit } from '../db/audit.js';

/** What the three kinds of type share: a unique key and name, optional description and colour. */
export interface TypeEntity extends Audit {
  readonly id: number;
  readonly key: string;
  readonly name: string;
  readonly description: string | null;
  readonly colour: string | null;
}

/** A kind of software module (os, firmware, runtime, application…). */
export interface SoftwareModuleType extends TypeEntity {
  /** how many modules of this type one distribution set may hold */
  readonly maxAssignments: number;
  /** how many artifacts a module of this type needs to be complete (hawkBit 1.0); 0: none */
  readonly minArtifacts: number;
}

/** Which module types a distribution set must and may hold; the module types live in a link table. */
export type DistributionSetType = TypeEntity;

/** A kind of device; the distribution-set types it can install live in a link table. */
export type TargetType = TypeEntity;

/** The fields a new type is created with; the key of a target type defaults to its name. */
export interface TypeInput {
  readonly key: string;
  readonly name: string;
  readonly description?: string;
  readonly colour?: string;
}

/** A change of description or colour; absent fields stay as they are. */
export interface TypeChange {
  readonly description?: string;
  readonly colour?: string;
}
