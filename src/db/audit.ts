/** hawkBit's audit fields: who created and last changed an entity, and when (epoch milliseconds). */
export interface Audit {
  readonly createdAt: number;
  readonly createdBy: string;
  readonly lastModifiedAt: number;
  readonly lastModifiedBy: string;
}

/** Audit values for a new entity. */
export const created = (actor: string, now: number): Audit => ({
  createdAt: now,
  createdBy: actor,
  lastModifiedAt: now,
  lastModifiedBy: actor,
});

/** Audit values for a change. */
export const modified = (actor: string, now: number): Pick<Audit, 'lastModifiedAt' | 'lastModifiedBy'> => ({
  lastModifiedAt: now,
  lastModifiedBy: actor,
});

/** The audit columns of a row: all four for a new entity ({@link created}), the last-modified pair for a change ({@link modified}). */
export const auditColumns = (audit: Partial<Audit> & Pick<Audit, 'lastModifiedAt' | 'lastModifiedBy'>) => ({
  ...(audit.createdAt !== undefined && { created_at: audit.createdAt, created_by: audit.createdBy }),
  last_modified_at: audit.lastModifiedAt,
  last_modified_by: audit.lastModifiedBy,
});

/** The audit fields of an entity, for its JSON. */
export const auditOf = ({ createdAt, createdBy, lastModifiedAt, lastModifiedBy }: Audit): Audit => ({
  createdAt,
  createdBy,
  lastModifiedAt,
  lastModifiedBy,
});
