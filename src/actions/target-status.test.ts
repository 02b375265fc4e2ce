import { describe, expect, it } from 'vitest';
import { UPDATE_STATUSES } from '../targets/target-model.js';
import { ACTION_EVENTS } from './action-lifecycle.js';
import { TARGET_EFFECTS, targetStatusAfter } from './target-status.js';

describe('targetStatusAfter', () => {
  it.each([
    ['assigned', 'pending', 'pending'],
    ['assignedOffline', 'in_sync', 'in_sync'],
    ['installSucceeded', 'in_sync', 'in_sync'],
    ['downloadCompleted', 'in_sync', 'in_sync'],
    ['installFailed', 'error', 'error'],
    ['cancelAcknowledged', 'in_sync', 'registered'],
    ['forceCanceled', 'in_sync', 'registered'],
    ['superseded', 'in_sync', 'registered'],
  ] as const)('%s: %s with an installed set, %s without', (event, installed, none) => {
    for (const updateStatus of UPDATE_STATUSES) {
      expect(targetStatusAfter(event, { updateStatus, hasInstalledSet: true })).toBe(installed);
      expect(targetStatusAfter(event, { updateStatus, hasInstalledSet: false })).toBe(none);
    }
  });

  const unchanged = ACTION_EVENTS.filter((event) => !(event in TARGET_EFFECTS));

  it('leaves the status unchanged on the other events', () => {
    expect(unchanged).toEqual(['confirmed', 'denied', 'confirmationRevoked', 'autoConfirmActivated', 'cancelRequested', 'cancelRejected']);
  });

  it.each(unchanged)('%s', (event) => {
    for (const updateStatus of UPDATE_STATUSES) {
      for (const hasInstalledSet of [true, false]) {
        expect(targetStatusAfter(event, { updateStatus, hasInstalledSet })).toBe(updateStatus);
      }
    }
  });
});
