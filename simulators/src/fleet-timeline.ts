import type { Device } from './device.js';

/**
 * What the report's timeline counts devices by: not started yet (ramp-up), offline (by behaviour or churn),
 * idle before closing an action, at work (a poll or another DDI call), downloading, installing, and idle
 * after closing one.
 */
export const TIMELINE_STATES = ['waiting', 'offline', 'idle', 'working', 'downloading', 'installing', 'closed'] as const;
export type TimelineState = (typeof TIMELINE_STATES)[number];

export interface TimelineSample {
  /** ms from the fleet's start */
  readonly atMs: number;
  readonly phase: string;
  readonly states: Readonly<Record<TimelineState, number>>;
}

export function timelineState(device: Device): TimelineState {
  if (device.state === 'offline' || device.offlineUntil !== undefined) return 'offline';
  if (!device.started) return 'waiting';
  if (device.state === 'downloading') return 'downloading';
  if (device.state === 'installing') return 'installing';
  if (device.state === 'idle') return device.closedActions > 0 ? 'closed' : 'idle';
  return 'working';
}

/** The fleet counted by timeline state. */
export function sampleStates(devices: readonly Device[]): Record<TimelineState, number> {
  const states = Object.fromEntries(TIMELINE_STATES.map((state) => [state, 0])) as Record<TimelineState, number>;
  for (const device of devices) states[timelineState(device)]++;
  return states;
}
