/** keeps `IN (…)` lists below SQLite's and PostgreSQL's bound-parameter limits */
const CHUNK = 1000;

/** `values` in slices of at most {@link CHUNK}, for one `IN (…)` each. */
export const chunks = <T>(values: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(values.length / CHUNK) }, (_, index) => values.slice(index * CHUNK, (index + 1) * CHUNK));
