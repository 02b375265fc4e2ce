import { BaseModel } from '../db/base-model.js';

/** A row of `distribution_sets`, for writes; reads go through `distributionSetQuery`, which adds derived states. */
export class DistributionSetModel extends BaseModel {
  static override tableName = 'distribution_sets';
  static override booleanProperties = ['requiredMigrationStep', 'valid'];

  id!: number;
  typeId!: number;
  name!: string;
  version!: string;
  description!: string | null;
  requiredMigrationStep!: boolean;
  valid!: boolean;
  createdAt!: number;
  createdBy!: string;
  lastModifiedAt!: number;
  lastModifiedBy!: string;
}
