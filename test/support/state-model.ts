import type fc from 'fast-check';
import { expect } from 'vitest';
import type { DdiDevice } from './ddi-client.js';
import { checkInvariants } from './state-invariants.js';
import { readSnapshot, type ActionView, type Snapshot } from './state-snapshot.js';
import type { TestApp } from './test-app.js';

/**
 * What one run of the state-machine property knows: its devices and sets, the rollouts and the filter it
 * made (devices may join during the run), and the state it observed after the last step (the model the commands' preconditions and expected
 * answers are computed from).
 */
export interface RunModel {
  readonly devices: DdiDevice[];
  readonly sets: readonly number[];
  /** FIQL matching exactly the run's devices */
  readonly filter: string;
  readonly rollouts: number[];
  readonly deleted: Set<number>;
  filterId: number | undefined;
  snapshot: Snapshot;
}

export type Pick = 'newest' | 'oldest';

/** The device's actions (oldest first) in the model. */
export function actionsOf(model: RunModel, device: number): ActionView[] {
  const target = model.snapshot.targets.get(model.devices[device]?.controllerId ?? '');
  return [...model.snapshot.actions.values()].filter((action) => action.targetId === target?.id);
}

/** The device's newest or oldest action in the model. */
export const pickAction = (model: RunModel, device: number, pick: Pick) => (pick === 'newest' ? actionsOf(model, device).at(-1) : actionsOf(model, device)[0]);

/** Reads the state after a step, checks every invariant against the state before it, and keeps it. */
export async function observe(t: TestApp, model: RunModel): Promise<void> {
  const after = await readSnapshot(
    t,
    model.devices.map((device) => device.controllerId),
    model.rollouts,
  );
  checkInvariants(model.snapshot, after, model.deleted);
  model.snapshot = after;
}

/** Asserts an answer's status with its body in the message. */
export async function expectStatus(response: Response, expected: number, what: string): Promise<void> {
  expect(response.status, `${what}: ${await response.clone().text()}`).toBe(expected);
}

/** One command of the run: a precondition on the model, a request with its expected answer, then {@link observe}. */
export class Step implements fc.AsyncCommand<RunModel, TestApp> {
  constructor(
    private readonly label: string,
    private readonly act: (model: RunModel, t: TestApp) => Promise<void>,
    private readonly precondition: (model: Readonly<RunModel>) => boolean = () => true,
    /** a check of the state observed before and after the step, beyond the invariants every step keeps */
    private readonly settled?: (before: Snapshot, after: Snapshot) => void,
  ) {}

  check(model: Readonly<RunModel>): boolean {
    return this.precondition(model);
  }

  async run(model: RunModel, t: TestApp): Promise<void> {
    const before = model.snapshot;
    await this.act(model, t);
    await observe(t, model);
    this.settled?.(before, model.snapshot);
  }

  toString(): string {
    return this.label;
  }
}
