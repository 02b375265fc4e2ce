import type { Audit } from '../db/audit.js';
import { BaseModel } from '../db/base-model.js';

/** A software module's own row; lists read it with its type through `softwareModuleQuery`. */
export class SoftwareModuleModel extends BaseModel {
  static override tableName = 'software_modules';

  id!: number;
  typeId!: number;
  name!: string;
  version!: string;
  vendor!: string | null;
  description!: string | null;
  createdAt!: number;
  createdBy!: string;
  lastModifiedAt!: number;
  lastModifiedBy!: string;
}

/** A file of a software module; its bytes live in the artifact store under `sha256`. */
export interface Artifact extends Audit {
  readonly id: number;
  readonly softwareModuleId: number;
  readonly providedFilename: string;
  /** bytes */
  readonly size: number;
  readonly sha1: string;
  readonly md5: string;
  readonly sha256: string;
}

export class ArtifactModel extends BaseModel implements Artifact {
  static override tableName = 'artifacts';

  id!: number;
  softwareModuleId!: number;
  providedFilename!: string;
  size!: number;
  sha1!: string;
  md5!: string;
  sha256!: string;
  createdAt!: number;
  createdBy!: string;
  lastModifiedAt!: number;
  lastModifiedBy!: string;
}

/** A new software module: `type` is a module type key. */
export interface SoftwareModuleInput {
  readonly name: string;
  readonly version: string;
  readonly type: string;
  readonly vendor?: string;
  readonly description?: string;
}

/** The fields a module may change; absent ones keep their value. */
export interface SoftwareModuleChange {
  readonly vendor?: string;
  readonly description?: string;
}
