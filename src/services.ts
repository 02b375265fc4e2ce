import type { Knex } from 'knex';
import { createCredentialVerifier, type HashVerifier } from './auth/credential-verifier.js';
import { createLoginThrottle } from './auth/login-throttle.js';
import { createOperatorAuth, type OperatorAuth } from './auth/operator-auth.js';
import { createSessionStore, type SessionStore } from './auth/session-store.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { MetadataService } from './metadata/metadata-service.js';
import type { Job } from './scheduler.js';
import type { ArtifactService } from './software-modules/artifact-service.js';
import type { SoftwareModuleService } from './software-modules/software-module-service.js';
import { createSoftwareModuleServices } from './software-modules/software-module-services.js';
import type { ArtifactStore } from './storage/artifact-store.js';
import { createSystemService, type SystemService } from './system/system-service.js';

export interface Services {
  readonly operatorAuth: OperatorAuth;
  readonly sessions: SessionStore;

  // Types

  // Software modules and artifacts
  readonly artifactStore: ArtifactStore;
  readonly softwareModules: SoftwareModuleService;
  readonly softwareModuleMetadata: MetadataService;
  readonly artifacts: ArtifactService;

  // Distribution sets

  // Distribution-set tags

  // Targets

  // Target tags

  // System
  readonly system: SystemService;
}

/** The composition root: every service built once, explicitly, from config, database and clock. */
export function createServices(config: Config, db: Knex, clock: Clock, verifyHash?: HashVerifier): Services {
  const sessions = createSessionStore(db, clock);
  const verify = createCredentialVerifier(config.mgmt, verifyHash);
  return {
    sessions,
    operatorAuth: createOperatorAuth(verify, createLoginThrottle(clock), sessions),

    // Types

    // Software modules and artifacts
    ...createSoftwareModuleServices(config, db, clock),

    // Distribution sets

    // Distribution-set tags

    // Targets

    // Target tags

    // System
    system: createSystemService(db, config),
  };
}

/** Every periodic job of the process; `scheduler.ts` runs them. */
export function scheduledJobs(services: Services): Job[] {
  return [{ name: 'purge-expired-sessions', intervalMs: 60 * 60 * 1000, run: () => services.sessions.purgeExpired() }];
}
