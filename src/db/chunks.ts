// Every chunk limit: how many rows or targets one statement, round or transaction takes at most, each with its
// reason. Work cut into chunks names its limit here, not in its own file (test/architecture.test.ts; decision 260).

/** `IN (…)` lists: below SQLite's (32,766) and PostgreSQL's (65,535) bound-parameter limits. */
export const IN_LIST_CHUNK = 1000;

/**
 * Actions created or moved per round of the action writer's statements (`createActions`, `moveActions`): bound
 * as one JSON array, so no parameter limit applies. On SQLite each round runs without a break for the event
 * loop and the writer breaks between rounds (decision 266); on PostgreSQL a round is five round trips, and a
 * bigger one saves them.
 */
export const ACTION_MOVE_CHUNK: Readonly<Record<'sqlite' | 'postgres', number>> = { sqlite: 200, postgres: 5000 };

/**
 * Rollout group members per INSERT, or target ids a member INSERT … SELECT reads on SQLite (decision 252):
 * about 10 ms there, where it runs without a break.
 */
export const GROUP_MEMBER_INSERT_CHUNK = 2000;

/**
 * Targets looked up, locked and deployed per round of one assignment, within its one transaction: on SQLite
 * a round runs without a break for the event loop and the assignment breaks between rounds; on PostgreSQL
 * a round is about a dozen round trips, and a bigger one saves them (decision 266).
 */
export const ASSIGNMENT_CHUNK: Readonly<Record<'sqlite' | 'postgres', number>> = { sqlite: 200, postgres: 5000 };

/**
 * Actions deleted with their status entries per statement pair (an operator's purge, `DELETE
 * /rest/v1/actions…`, or a cleanup batch), within the caller's transaction: on SQLite a slice runs without a
 * break for the event loop, and the deletion breaks between slices; on PostgreSQL the ids are one array
 * parameter, so one pair deletes them all (decision 266).
 */
export const PURGE_SLICE: Readonly<Record<'sqlite' | 'postgres', number>> = { sqlite: 1000, postgres: Infinity };

/** Targets an auto-assignment run assigns per transaction, so that no transaction holds the database for long. */
export const AUTO_ASSIGNMENT_CHUNK = 500;

/** Poll times written per statement: a longer one stalls SQLite. */
export const POLL_FLUSH_CHUNK = 500;

/**
 * Rollout targets locked and deployed in the transaction that starts a group: on SQLite it runs without a
 * break (about 25 ms for 200 targets on the benchmark's machine), so that it holds the event loop briefly;
 * a group of at most this many targets starts whole in it (decision 187).
 */
export const DEPLOY_CHUNK = 200;

/**
 * Rollout targets deployed per round after a group's start, each round a transaction of its own (decisions
 * 187, 252): on SQLite a round holds the only connection, so the polls wait for its end, and it breaks for
 * the event loop between its statements; on PostgreSQL it holds its targets' rows alone, and a bigger round
 * saves the round trips of 24 statements per 200 targets.
 */
export const DEPLOY_ROUND: Readonly<Record<'sqlite' | 'postgres', number>> = { sqlite: 500, postgres: 5000 };

/** `values` in slices of at most `size` ({@link IN_LIST_CHUNK} unless given), for one `IN (…)` or INSERT each. */
export const chunks = <T>(values: readonly T[], size = IN_LIST_CHUNK): T[][] =>
  Array.from({ length: Math.ceil(values.length / size) }, (_, index) => values.slice(index * size, (index + 1) * size));
