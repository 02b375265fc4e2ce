import { expect } from 'vitest';
import { ACTION_TRANSITIONS, isActive, type ActionStatus } from '../../src/actions/action-lifecycle.js';
import { GROUP_TRANSITIONS, ROLLOUT_TRANSITIONS } from '../../src/rollouts/rollout-lifecycle.js';
import type { ActionView, GroupView, RolloutView, Snapshot, TargetView } from './state-snapshot.js';

type Cell = string | Readonly<Record<string, string>>;
type Edges = ReadonlyMap<string, ReadonlySet<string>>;

/** The graph of a transition table: every `from` to every `to` some event (and any guard branch) allows. */
function edgesOf(table: Readonly<Record<string, Readonly<Record<string, Cell>>>>): Edges {
  const edges = new Map<string, Set<string>>();
  for (const row of Object.values(table)) {
    for (const [from, cell] of Object.entries(row)) {
      const targets = typeof cell === 'string' ? [cell] : Object.values(cell);
      for (const to of targets) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  return edges;
}

const ACTION_EDGES = edgesOf(ACTION_TRANSITIONS);
const ROLLOUT_EDGES = edgesOf(ROLLOUT_TRANSITIONS);
const GROUP_EDGES = edgesOf(GROUP_TRANSITIONS);

/** Longer than any path without a cycle in the rollout and group tables. */
const ANY_PATH = 10;

/** True when the table leads from `from` to `to` in one to `steps` moves. */
function reachable(edges: Edges, from: string, to: string, steps: number): boolean {
  let frontier = new Set([from]);
  for (let i = 0; i < steps; i++) {
    frontier = new Set([...frontier].flatMap((state) => [...(edges.get(state) ?? [])]));
    if (frontier.has(to)) return true;
  }
  return false;
}

/**
 * Actions: one status move per step at most (closed ones never move; a new one may be superseded in the
 * step that created it), each an edge of ACTION_TRANSITIONS and recorded by a new status entry; entries only appended, in time order; at most one active action per
 * target; the management API agrees with the database.
 */
function checkActions(before: Snapshot, after: Snapshot): void {
  for (const id of before.actions.keys()) expect(after.actions.has(id), `action ${id} vanished`).toBe(true);
  const activePerTarget = new Map<number, number>();
  for (const action of after.actions.values()) {
    const label = `action ${action.id} (${action.status})`;
    expect(action.active, `${label}: active column`).toBe(isActive(action.status));
    expect(action.api, `${label}: management view`).toEqual({ status: action.active ? 'pending' : 'finished', detailStatus: action.status });
    if (action.active) activePerTarget.set(action.targetId, (activePerTarget.get(action.targetId) ?? 0) + 1);
    const reported = action.entries.map((entry) => entry.reportedAt);
    expect(reported, `${label}: entries in time order`).toEqual([...reported].sort((a, b) => a - b));
    const previous = before.actions.get(action.id);
    checkEvents(label, action, previous);
    if (previous === undefined) {
      // one tick may start two rollouts over a target (both due to their startAt): the later one supersedes
      // the action the earlier one has just created
      expect(reachable(ACTION_EDGES, 'none', action.status, 2), `${label}: born in that status`).toBe(true);
      expect(action.entries.length, `${label}: born without an entry`).toBeGreaterThan(0);
      continue;
    }
    expect(action.entries.slice(0, previous.entries.length), `${label}: entries rewritten`).toEqual(previous.entries);
    if (previous.status === action.status) continue;
    expect(reachable(ACTION_EDGES, previous.status, action.status, 1), `${label}: ${previous.status} -> ${action.status} is no edge`).toBe(true);
    expect(action.entries.length, `${label}: moved from ${previous.status} without an entry`).toBeGreaterThan(previous.entries.length);
  }
  for (const [target, count] of activePerTarget) expect(count, `target ${target}: active actions`).toBe(1);
}

/**
 * Webhook events (decision 150): an action's events are `action.created` with its first status, then one
 * `action.statusChanged` per move, chained from → to and ending at its status; a step adds exactly one for
 * a move and none otherwise.
 */
function checkEvents(label: string, action: ActionView, previous: ActionView | undefined): void {
  const [created, ...changes] = action.events;
  expect(created?.type, `${label}: action.created first`).toBe('action.created');
  let status = created?.to;
  for (const change of changes) {
    expect(change, `${label}: events chained`).toEqual({ type: 'action.statusChanged', from: status, to: change.to });
    status = change.to;
  }
  expect(status, `${label}: the last event names its status`).toBe(action.status);
  if (previous === undefined) return;
  expect(action.events.slice(0, previous.events.length), `${label}: events rewritten`).toEqual(previous.events);
  const moved = previous.status === action.status ? 0 : 1;
  expect(action.events.length - previous.events.length, `${label}: events for ${previous.status} -> ${action.status}`).toBe(moved);
}

const movedTo = (before: Snapshot, action: ActionView, status: ActionStatus) => action.status === status && before.actions.get(action.id)?.status !== status;

/** The updateStatus the target's newest action implies (README "Action lifecycle"). */
function expectedUpdateStatus(target: TargetView, newest: ActionView | undefined): readonly string[] {
  if (newest === undefined) return ['unknown', 'registered'];
  if (newest.active) return ['pending'];
  const closed: Record<string, string> = { finished: 'in_sync', downloaded: 'in_sync', error: 'error' };
  return [closed[newest.status] ?? (target.installed === undefined ? 'registered' : 'in_sync')];
}

/** Targets: updateStatus follows the newest action, assignedDS is the active action's set, installedDS moves only on success. */
function checkTargets(before: Snapshot, after: Snapshot): void {
  for (const target of after.targets.values()) {
    const actions = [...after.actions.values()].filter((action) => action.targetId === target.id);
    const newest = actions.at(-1);
    const label = `target ${target.controllerId}`;
    expect(expectedUpdateStatus(target, newest), `${label}: updateStatus after ${newest?.status ?? 'no action'}`).toContain(target.updateStatus);
    const active = actions.find((action) => action.active);
    if (active) expect(target.assigned, `${label}: assignedDS`).toBe(active.set);
    const installed = actions.filter((action) => movedTo(before, action, 'finished'));
    const previous = before.targets.get(target.controllerId);
    if (installed.length > 0) expect(target.installed, `${label}: installedDS after success`).toBe(installed.at(-1)?.set);
    else if (previous) expect(target.installed, `${label}: installedDS changed without a success`).toBe(previous.installed);
  }
}

const COUNT_OF: Readonly<Record<ActionStatus, string>> = {
  wait_for_confirmation: 'running',
  running: 'running',
  canceling: 'running',
  finished: 'finished',
  downloaded: 'finished',
  error: 'error',
  canceled: 'cancelled',
};

function sumOf(counts: readonly Readonly<Record<string, number>>[]): Record<string, number> {
  const sum: Record<string, number> = {};
  for (const one of counts) for (const [key, n] of Object.entries(one)) sum[key] = (sum[key] ?? 0) + n;
  return sum;
}

/** A rollout's counts: its groups' sums, each group's counts its targets' action statuses (README "Rollout lifecycle"). */
function checkCounts(rollout: RolloutView): void {
  const label = `rollout ${rollout.id} (${rollout.status})`;
  expect(rollout.counts, `${label}: counts`).toEqual(sumOf(rollout.groups.map((group) => group.counts)));
  expect(rollout.totalTargets, `${label}: totalTargets`).toBe(rollout.groups.reduce((sum, group) => sum + group.totalTargets, 0));
  for (const group of rollout.groups) {
    const own = rollout.members.filter((member) => member.groupId === group.id);
    const zero = Object.fromEntries(Object.keys(group.counts).map((key) => [key, 0]));
    const keys = own.map((member) => (member.status === null ? (group.status === 'scheduled' ? 'scheduled' : 'notstarted') : COUNT_OF[member.status]));
    expect(group.counts, `${label}: group ${group.id} (${group.status}) counts`).toEqual(sumOf([zero, ...keys.map((key) => ({ [key]: 1 }))]));
    expect(group.totalTargets, `${label}: group ${group.id} totalTargets`).toBe(own.length);
  }
  const targets = rollout.members.map((member) => member.targetId);
  expect(new Set(targets).size, `${label}: a target in two groups`).toBe(targets.length);
  const inFlight = rollout.members.filter((member) => member.status !== null && isActive(member.status));
  if (rollout.status === 'stopped') expect(inFlight, `${label}: active actions`).toEqual([]);
  if (['ready', 'waiting_for_approval', 'approval_denied'].includes(rollout.status)) {
    expect(
      rollout.members.filter((member) => member.status !== null),
      `${label}: actions before the start`,
    ).toEqual([]);
  }
  if (rollout.status === 'finished') {
    expect(
      rollout.groups.filter((group) => ['scheduled', 'running'].includes(group.status)),
      `${label}: groups left`,
    ).toEqual([]);
  }
}

/** Decision 200: no action of the group in flight or still to come. */
const closed = (group: GroupView) => group.counts['running'] === 0 && group.counts['scheduled'] === 0;

/** A group's reason to finish: its success threshold met, or every action closed (decision 200). */
const mayFinish = (group: GroupView) =>
  group.capacity === 0 || (group.counts['finished'] ?? 0) * 100 >= group.successThreshold * group.capacity || closed(group);

/**
 * After an evaluation, no running rollout keeps a group running that has soaked and whose actions have all
 * closed (decision 200). A dynamic rollout's trailing group takes more targets and is never complete; one
 * that was trailing when the tick began is judged as such, even if the tick's absorbing opened a group
 * behind it (it completes at the next tick, as in hawkBit, whose executor returns after opening a group).
 */
export function checkEvaluated(before: Snapshot, after: Snapshot): void {
  for (const rollout of after.rollouts.values()) {
    if (rollout.status !== 'running') continue;
    const lastBefore = Math.max(...(before.rollouts.get(rollout.id) ?? rollout).groups.map((group) => group.position));
    for (const group of rollout.groups) {
      if (group.status !== 'running' || (group.dynamic && group.position >= lastBefore) || !closed(group)) continue;
      const soaked = group.soakTime === null || group.startedAt === null || after.now - group.startedAt >= group.soakTime;
      expect(soaked, `rollout ${rollout.id} group ${group.id} (position ${group.position}): every action closed, soaked, still running`).toBe(false);
    }
  }
}

/**
 * Rollouts and groups: each status change a path of the tables (one step may make several moves: `start` and
 * `resume` evaluate at once, so a group with a 0 % success threshold goes from ready through scheduled and
 * running to finished, and the next group starts); a rollout disappears only when deleted; a group finishes
 * only after its soak time, and only with its success threshold met or every action closed (decision 200);
 * counts as {@link checkCounts}.
 */
function checkRollouts(before: Snapshot, after: Snapshot, deleted: ReadonlySet<number>): void {
  for (const id of before.rollouts.keys()) expect(after.rollouts.has(id) || deleted.has(id), `rollout ${id} vanished`).toBe(true);
  for (const rollout of after.rollouts.values()) {
    const previous = before.rollouts.get(rollout.id);
    const from = previous?.status ?? 'none';
    if (from !== rollout.status) {
      expect(reachable(ROLLOUT_EDGES, from, rollout.status, ANY_PATH), `rollout ${rollout.id}: ${from} -> ${rollout.status}`).toBe(true);
    }
    for (const group of rollout.groups) {
      const was = previous?.groups.find((old) => old.id === group.id)?.status ?? 'none';
      if (was !== group.status) {
        expect(reachable(GROUP_EDGES, was, group.status, ANY_PATH), `rollout ${rollout.id} group ${group.id}: ${was} -> ${group.status}`).toBe(true);
      }
      if (group.status === 'finished' && was !== 'finished') {
        expect(mayFinish(group), `rollout ${rollout.id} group ${group.id}: finished below its threshold with actions open`).toBe(true);
      }
      // decision 104: a group succeeds only once it has run for its soak time
      if (group.status === 'finished' && was !== 'finished' && group.soakTime !== null) {
        expect(group.startedAt, `rollout ${rollout.id} group ${group.id}: finished without having started`).not.toBeNull();
        expect(after.now - (group.startedAt as number), `rollout ${rollout.id} group ${group.id}: finished before its soak time`).toBeGreaterThanOrEqual(
          group.soakTime,
        );
      }
    }
    for (const group of previous?.groups ?? [])
      expect(
        rollout.groups.some((now) => now.id === group.id),
        `group ${group.id} vanished`,
      ).toBe(true);
    checkCounts(rollout);
  }
}

/** Every invariant between two consecutive snapshots (`before` is empty at the start of a run). */
export function checkInvariants(before: Snapshot, after: Snapshot, deletedRollouts: ReadonlySet<number>): void {
  checkActions(before, after);
  checkTargets(before, after);
  checkRollouts(before, after, deletedRollouts);
  expect(after.statusCounts.kept, 'targets per update status: the kept counts (decision 250)').toEqual(after.statusCounts.counted);
  expect(after.actionCounts.kept, 'actions per status and activity: the kept counts (decision 251)').toEqual(after.actionCounts.counted);
}
