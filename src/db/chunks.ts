// Every chunk limit: how many rows or targets one statement, round or transaction takes at most, each with its
// reason. Work cut into chunks names its limit here, not in its own file (test/architecture.test.ts; decision 260).

/** `IN (…)` lists: below SQLite's (32,766) and PostgreSQL's (65,535) bound-parameter limits. */
export const IN_LIST_CHUNK = 1000;

/** Rows per action INSERT: SQLite's most, as knex inserts them as one compound SELECT; 7,500 bound variables. */
export const ACTION_INSERT_CHUNK = 500;

/**
 * Actions moved per round of the action writer's statements (`moveActions`): bound as one JSON array, so no
 * parameter limit applies; on SQLite each statement of a round runs without a break.
 */
export const ACTION_MOVE_CHUNK = 500;

/** Rollout group members per INSERT: about 10 ms on SQLite, which runs it without a break. */
export const GROUP_MEMBER_INSERT_CHUNK = 2000;

/** Targets looked up, locked and deployed per round of one assignment, within its one transaction. */
export const ASSIGNMENT_CHUNK = 500;

/** Targets an auto-assignment run assigns per transaction, so that no transaction holds the database for long. */
export const AUTO_ASSIGNMENT_CHUNK = 500;

/** Poll times written per statement: a longer one stalls SQLite. */
export const POLL_FLUSH_CHUNK = 500;

/**
 * Rollout targets locked and deployed per round: on SQLite a round runs without a break (about 25 ms for 200
 * targets on the benchmark's machine), so that no round holds the event loop for long (decision 187).
 */
export const DEPLOY_CHUNK = 200;

/** `values` in slices of at most `size` ({@link IN_LIST_CHUNK} unless given), for one `IN (…)` or INSERT each. */
export const chunks = <T>(values: readonly T[], size = IN_LIST_CHUNK): T[][] =>
  Array.from({ length: Math.ceil(values.length / size) }, (_, index) => values.slice(index * size, (index + 1) * size));
