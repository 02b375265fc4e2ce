import { shuffle, type Random } from './prng.js';

/**
 * What one simulated device does, fixed for the whole run. Every device has exactly one behaviour; the mix
 * gives each non-default behaviour's share of the fleet and the rest `succeed`.
 * - succeed: installs and reports success; confirms when asked
 * - fail: downloads and verifies, then reports the installation failed (closed/failure)
 * - slow: as succeed, downloading at the fleet's slow rate
 * - offline: never polls
 * - deny: denies each confirmation request once, then leaves the action waiting
 * - ignoreConfirmation: never follows a confirmationBase link (as SWUpdate 2022.12)
 */
export const BEHAVIOURS = ['succeed', 'fail', 'slow', 'offline', 'deny', 'ignoreConfirmation'] as const;
export type Behaviour = (typeof BEHAVIOURS)[number];

/** Shares of the fleet, each in [0, 1], summing to at most 1. */
export type BehaviourMix = Readonly<Partial<Record<Exclude<Behaviour, 'succeed'>, number>>>;

/**
 * Behaviours for `count` devices: exactly `round(share × count)` devices per behaviour (so a test can
 * count on them), placed by a seeded shuffle.
 */
export function assignBehaviours(count: number, mix: BehaviourMix, random: Random): Behaviour[] {
  const behaviours: Behaviour[] = [];
  for (const behaviour of BEHAVIOURS) {
    if (behaviour === 'succeed') continue;
    const share = Math.round((mix[behaviour] ?? 0) * count);
    for (let i = 0; i < share && behaviours.length < count; i++) behaviours.push(behaviour);
  }
  while (behaviours.length < count) behaviours.push('succeed');
  return shuffle(behaviours, random);
}

/** How many devices have each behaviour. */
export function countBehaviours(behaviours: readonly Behaviour[]): Record<Behaviour, number> {
  const counts = Object.fromEntries(BEHAVIOURS.map((behaviour) => [behaviour, 0])) as Record<Behaviour, number>;
  for (const behaviour of behaviours) counts[behaviour]++;
  return counts;
}
