import type { Knex } from 'knex';
import type { AssignmentService } from '../actions/assignment-service.js';
import { notFoundBy } from '../errors.js';
import { deviceStore } from './device-store.js';

/** A device's declaration of the set it runs (hawkBit's `PUT installedBase`, decision 94). */
export interface InstalledVersionService {
  /**
   * Records that the target runs the set of that name and version, installed without the server.
   * @returns true when recorded, false when the target has the set assigned already or an active action
   * @throws DomainError entityNotFound (target, or no such set); distributionSetInvalid,
   *   distributionSetIncomplete, targetTypeIncompatible; quotaExceeded
   */
  declare(controllerId: string, name: string, version: string): Promise<boolean>;
}

export function createInstalledVersionService(db: Knex, assignments: AssignmentService): InstalledVersionService {
  return {
    async declare(controllerId, name, version) {
      const setId = await deviceStore.setIdOf(db, name, version);
      if (setId === undefined) {
        throw notFoundBy('DistributionSet', { name, version });
      }
      // the device is the actor, as for its other reports
      return (await assignments.assign(controllerId, { distributionSetId: setId }, true, controllerId)).assigned === 1;
    },
  };
}
