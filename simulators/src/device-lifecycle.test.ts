import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEVICE_STATES, DEVICE_TRANSITIONS, nextDeviceState, WAKE_DELAY, type DeviceState } from './device-lifecycle.js';

const edges = (): string[] =>
  Object.entries(DEVICE_TRANSITIONS).flatMap(([from, row]) => Object.entries(row).map(([event, to]) => `${from} --> ${to} : ${event}`));

const reachableFrom = (start: DeviceState): Set<DeviceState> => {
  const seen = new Set<DeviceState>([start]);
  const queue = [start];
  for (let state = queue.shift(); state !== undefined; state = queue.shift()) {
    for (const next of Object.values(DEVICE_TRANSITIONS[state])) {
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return seen;
};

describe('device state table', () => {
  it('reaches every state but offline from idle, and idle again from each', () => {
    const online = DEVICE_STATES.filter((state) => state !== 'offline');
    expect([...reachableFrom('idle')].sort()).toEqual([...online].sort());
    for (const state of online) expect(reachableFrom(state).has('idle'), state).toBe(true);
    expect(reachableFrom('offline')).toEqual(new Set(['offline']));
  });

  it('goes back to idle, to poll again later, when any request of a state fails', () => {
    for (const state of DEVICE_STATES.filter((s) => s !== 'offline' && s !== 'idle')) {
      expect(nextDeviceState(state, 'requestFailed'), state).toBe('idle');
    }
  });

  it('follows the poll to the work each link asks for', () => {
    expect(nextDeviceState('polling', 'nothingToDo')).toBe('idle');
    expect(nextDeviceState('polling', 'attributesRequested')).toBe('uploadingAttributes');
    expect(nextDeviceState('polling', 'confirmationRequested')).toBe('confirming');
    expect(nextDeviceState('polling', 'deploymentOffered')).toBe('fetchingDeployment');
    expect(nextDeviceState('polling', 'cancelRequested')).toBe('cancelling');
    expect(nextDeviceState('confirming', 'confirmed')).toBe('polling');
    expect(nextDeviceState('downloading', 'downloadVerified')).toBe('installing');
    expect(nextDeviceState('downloading', 'verificationFailed')).toBe('idle');
  });

  it('refuses an event its state does not list', () => {
    expect(() => nextDeviceState('idle', 'installSucceeded')).toThrow('no transition from idle on installSucceeded');
    expect(() => nextDeviceState('offline', 'woke')).toThrow();
  });

  it('waits only while idle (the poll sleep) and before reporting an installation', () => {
    expect(Object.entries(WAKE_DELAY).filter(([, delay]) => delay !== 'now')).toEqual([
      ['idle', 'sleep'],
      ['installing', 'install'],
    ]);
  });

  it('is the diagram of docs/simulator.md, edge for edge', () => {
    const page = readFileSync(new URL('../../docs/simulator.md', import.meta.url), 'utf8');
    const diagram = /```mermaid\nstateDiagram-v2\n([\s\S]*?)```/.exec(page)?.[1];
    if (diagram === undefined) throw new Error('docs/simulator.md: no stateDiagram-v2');
    const lines = diagram
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '');
    expect(lines.sort()).toEqual(edges().sort());
  });
});
