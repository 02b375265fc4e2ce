import { describe, expect, it } from 'vitest';
import { deploymentModes } from './deployment-modes.js';
import type { MaintenanceWindow } from './maintenance-window.js';

const at = (iso: string): number => Date.parse(iso);
const NOW = at('2026-03-10T12:00:00Z');
/** Open every day from 03:00 to 04:00 UTC, both ends excluded. */
const NIGHTLY: MaintenanceWindow = { schedule: '0 0 3 * * ?', duration: '01:00:00', timezone: '+00:00' };

describe('deploymentModes: action types (one row per type)', () => {
  it.each([
    ['forced', { download: 'forced', update: 'forced' }],
    ['soft', { download: 'attempt', update: 'attempt' }],
    ['downloadonly', { download: 'forced', update: 'skip' }],
  ] as const)('%s', (actionType, modes) => {
    expect(deploymentModes({ actionType }, NOW)).toStrictEqual(modes);
  });

  it('timeforced: attempt before forceTime, forced from it', () => {
    const forceTime = NOW;
    const timeforced = (now: number) => deploymentModes({ actionType: 'timeforced', forceTime }, now);
    expect(timeforced(forceTime - 1)).toStrictEqual({ download: 'attempt', update: 'attempt' });
    expect(timeforced(forceTime)).toStrictEqual({ download: 'forced', update: 'forced' });
    expect(timeforced(forceTime + 86_400_000)).toStrictEqual({ download: 'forced', update: 'forced' });
  });

  it('timeforced without a forceTime counts it as reached', () => {
    const forced = { download: 'forced', update: 'forced' };
    expect(deploymentModes({ actionType: 'timeforced' }, NOW)).toStrictEqual(forced);
    expect(deploymentModes({ actionType: 'timeforced', forceTime: null }, NOW)).toStrictEqual(forced);
  });

  it('ignores a forceTime on other types', () => {
    const later = NOW + 1000;
    expect(deploymentModes({ actionType: 'forced', forceTime: later }, NOW).download).toBe('forced');
    expect(deploymentModes({ actionType: 'soft', forceTime: NOW - 1000 }, NOW).download).toBe('attempt');
  });

  it('leaves maintenanceWindow out without a window', () => {
    expect(deploymentModes({ actionType: 'forced', maintenanceWindow: null }, NOW)).not.toHaveProperty('maintenanceWindow');
  });
});

describe('deploymentModes: maintenance window', () => {
  const withWindow = (now: number) => deploymentModes({ actionType: 'forced', maintenanceWindow: NIGHTLY }, now);
  const open = { download: 'forced', update: 'forced', maintenanceWindow: 'available' };
  const closed = { download: 'forced', update: 'skip', maintenanceWindow: 'unavailable' };

  it.each([
    ['2026-03-10T02:59:59.999Z', closed],
    ['2026-03-10T03:00:00.000Z', closed],
    ['2026-03-10T03:00:00.001Z', open],
    ['2026-03-10T03:59:59.999Z', open],
    ['2026-03-10T04:00:00.000Z', closed],
    ['2026-03-10T12:00:00.000Z', closed],
  ])('at %s', (iso, modes) => {
    expect(withWindow(at(iso))).toStrictEqual(modes);
  });

  const inside = at('2026-03-10T03:30:00Z');
  const outside = at('2026-03-10T05:00:00Z');

  it.each([
    ['soft', inside, { download: 'attempt', update: 'attempt', maintenanceWindow: 'available' }],
    ['soft', outside, { download: 'attempt', update: 'skip', maintenanceWindow: 'unavailable' }],
    ['downloadonly', inside, { download: 'forced', update: 'skip', maintenanceWindow: 'available' }],
    ['downloadonly', outside, { download: 'forced', update: 'skip', maintenanceWindow: 'unavailable' }],
  ] as const)('%s at %i keeps its download mode', (actionType, now, modes) => {
    expect(deploymentModes({ actionType, maintenanceWindow: NIGHTLY }, now)).toStrictEqual(modes);
  });

  it('timeforced past its forceTime installs only inside the window', () => {
    const forceTime = at('2026-03-10T00:00:00Z');
    const action = { actionType: 'timeforced', forceTime, maintenanceWindow: NIGHTLY } as const;
    expect(deploymentModes(action, inside)).toStrictEqual({
      download: 'forced',
      update: 'forced',
      maintenanceWindow: 'available',
    });
    expect(deploymentModes(action, outside)).toStrictEqual({
      download: 'forced',
      update: 'skip',
      maintenanceWindow: 'unavailable',
    });
  });

  it('reads the window on its own UTC offset', () => {
    const berlin: MaintenanceWindow = { ...NIGHTLY, timezone: '+01:00' };
    const atBerlinNight = at('2026-03-10T02:30:00Z'); // 03:30 at +01:00
    expect(deploymentModes({ actionType: 'forced', maintenanceWindow: berlin }, atBerlinNight).update).toBe('forced');
    expect(deploymentModes({ actionType: 'forced', maintenanceWindow: berlin }, inside).update).toBe('skip');
  });
});
