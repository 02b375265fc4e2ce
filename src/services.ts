import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { createActionCleanup, type ActionCleanup } from './actions/action-cleanup.js';
import { createActionPurgeService, type ActionPurgeService } from './actions/action-purge-service.js';
import { createAuditLogService, type AuditLogService } from './audit-log/audit-log-service.js';
import { createActionService, type ActionService } from './actions/action-service.js';
import { createAssignmentService, type AssignmentService } from './actions/assignment-service.js';
import { createAutoConfirmService, type AutoConfirmService } from './actions/auto-confirm-service.js';
import { createCredentialVerifier } from './auth/credential-verifier.js';
import { createLoginThrottle, type LoginThrottle } from './auth/login-throttle.js';
import { createOperatorAuth, type OperatorAuth } from './auth/operator-auth.js';
import { createSessionStore, type SessionStore } from './auth/session-store.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import { commitDurabilityOf, readWorkersOf } from './db/database.js';
import { READ_WORKERS_IDLE_MS, type ReadWorkerControl } from './db/read-workers.js';
import { onTransactionRetry } from './db/transaction.js';
import { createControllerService, type ControllerService } from './ddi/controller-service.js';
import { createDeploymentService, type DeploymentService } from './ddi/deployment-service.js';
import { createFeedbackService, type FeedbackService } from './ddi/feedback-service.js';
import { createFailureLog, FAILURE_LOG_INTERVAL_MS, type FailureLog } from './http/failure-log.js';
import { createInstalledVersionService, type InstalledVersionService } from './ddi/installed-version-service.js';
import { createDeviceArtifactService, type DeviceArtifactService } from './ddi/device-artifact-service.js';
import { createPollRecorder, type PollRecorder } from './ddi/poll-recorder.js';
import { createDistributionSetService, type DistributionSetService } from './distribution-sets/distribution-set-service.js';
import { createMetadataService, type MetadataService } from './metadata/metadata-service.js';
import { createMetrics, timedTick, type Metrics } from './metrics/metrics.js';
import { createRolloutEvaluator, type RolloutEvaluator } from './rollouts/rollout-evaluator.js';
import { createRolloutService, type RolloutService } from './rollouts/rollout-service.js';
import { stopRolloutsOfSet } from './rollouts/rollout-stop.js';
import type { Job } from './scheduler.js';
import type { ArtifactService } from './software-modules/artifact-service.js';
import type { SoftwareModuleService } from './software-modules/software-module-service.js';
import { createSoftwareModuleServices } from './software-modules/software-module-services.js';
import type { ArtifactStore } from './storage/artifact-store.js';
import { TEMP_SWEEP_INTERVAL_MS } from './storage/temp-area.js';
import { createReadiness, type Readiness } from './system/readiness.js';
import { createSystemService, type SystemService } from './system/system-service.js';
import { DISTRIBUTION_SET_TAGS, TARGET_TAGS } from './tags/tag-kind.js';
import { createTagService, type TagService } from './tags/tag-service.js';
import { sweepAutoAssignments } from './target-filters/auto-assignment.js';
import { createSetInvalidationService, type SetInvalidationService } from './target-filters/set-invalidation-service.js';
import { createAutoAssignmentService, type AutoAssignmentService } from './target-filters/auto-assignment-service.js';
import { createTargetFilterService, type TargetFilterService } from './target-filters/target-filter-service.js';
import { createDistributionSetTypeService, type DistributionSetTypeService } from './types/distribution-set-type-service.js';
import { createSoftwareModuleTypeService, type SoftwareModuleTypeService } from './types/software-module-type-service.js';
import { createTargetTypeService, type TargetTypeService } from './types/target-type-service.js';
import { createTargetGroupService, type TargetGroupService } from './targets/target-group-service.js';
import { pollingOverrideRefresher } from './targets/polling-overrides.js';
import { createTargetService, type TargetService } from './targets/target-service.js';
import { destinationRule } from './webhooks/webhook-destination.js';
import { createWebhookDispatcher, type WebhookDispatcher } from './webhooks/webhook-dispatcher.js';
import { createRequestActivity, type RequestActivity } from './http/request-activity.js';
import { createWebhookService, type WebhookService } from './webhooks/webhook-service.js';

export interface Services {
  /** the clock every service reads; handlers evaluate time-dependent links with it */
  readonly clock: Clock;
  readonly operatorAuth: OperatorAuth;
  readonly loginThrottle: LoginThrottle;
  /** failed operator and device authentications, logged at most once a minute each */
  readonly authFailures: { readonly operator: FailureLog; readonly device: FailureLog };
  readonly sessions: SessionStore;
  readonly softwareModuleTypes: SoftwareModuleTypeService;
  readonly distributionSetTypes: DistributionSetTypeService;
  readonly targetTypes: TargetTypeService;
  readonly artifactStore: ArtifactStore;
  readonly softwareModules: SoftwareModuleService;
  readonly softwareModuleMetadata: MetadataService;
  readonly artifacts: ArtifactService;
  readonly distributionSets: DistributionSetService;
  readonly distributionSetTags: TagService;
  readonly targets: TargetService;
  readonly targetGroups: TargetGroupService;
  readonly targetMetadata: MetadataService;
  readonly targetTags: TagService;
  readonly system: SystemService;
  readonly controller: ControllerService;
  readonly assignments: AssignmentService;
  readonly actions: ActionService;
  readonly actionPurge: ActionPurgeService;
  readonly autoConfirm: AutoConfirmService;
  readonly pollRecorder: PollRecorder;
  readonly deployments: DeploymentService;
  readonly feedback: FeedbackService;
  readonly installedVersions: InstalledVersionService;
  readonly targetFilters: TargetFilterService;
  readonly autoAssignments: AutoAssignmentService;
  /** the periodic auto-assignment over every filter with a set attached; returns the actions created */
  readonly autoAssignment: { readonly sweep: () => Promise<number> };
  readonly setInvalidation: SetInvalidationService;
  readonly deviceArtifacts: DeviceArtifactService;
  readonly actionCleanup: ActionCleanup;
  readonly rollouts: RolloutService;
  /** the background rollout evaluator; tests call its `tick()` */
  readonly rolloutEvaluator: RolloutEvaluator;
  readonly metrics: Metrics;
  /** resolves when the database answers and is migrated; rejects with `notReady` otherwise */
  readonly readiness: Readiness;
  readonly auditLog: AuditLogService;
  readonly webhooks: WebhookService;
  /** delivers the webhook outbox; tests call its `dispatch()` */
  readonly webhookDispatcher: WebhookDispatcher;
  /** the requests being answered, which the dispatcher gives way to */
  readonly requestActivity: RequestActivity;
  /** on a SQLite file, the threads the management reads run on: an operator's request wakes them (decision 269) */
  readonly readWorkers: ReadWorkerControl;
}

/**
 * The composition root: every service built once, explicitly, from config, database, clock and the artifact
 * store (`openArtifactStore`, asynchronous because the bucket backend loads the AWS SDK).
 */
export function createServices(config: Config, db: Knex, clock: Clock, logger: Logger, artifactStore: ArtifactStore): Services {
  onTransactionRetry(db, (retry) => logger.debug(retry, 'transaction retried'));
  const sessions = createSessionStore(db, clock, config.mgmt);
  const loginThrottle = createLoginThrottle(db, clock, { maxFailures: config.mgmt.maxFailedLogins, windowMs: config.mgmt.failedLoginWindowSecs * 1000 });
  const pollRecorder = createPollRecorder(db, logger);
  const softwareModuleServices = createSoftwareModuleServices(db, clock, config, artifactStore);
  const targets = createTargetService(db, clock, config, (targetId) => pollRecorder.pending(targetId));
  const rolloutContext = { db, clock, config, logger, warnedTargets: new Set<string>() };
  const assignments = createAssignmentService(db, clock, config);
  const refreshPollingOverrides = pollingOverrideRefresher(config.ddi.pollingOverrides);
  const metrics = createMetrics(db, config.metrics.enabled);
  const rolloutEvaluator = createRolloutEvaluator(rolloutContext);
  const durability = commitDurabilityOf(db);
  const requestActivity = createRequestActivity(durability);
  return {
    clock,
    pollRecorder,
    controller: createControllerService(db, clock, config, pollRecorder),
    sessions,
    loginThrottle,
    operatorAuth: createOperatorAuth(createCredentialVerifier(config.mgmt), loginThrottle, sessions),
    authFailures: {
      operator: createFailureLog({ surface: 'operator', intervalMs: FAILURE_LOG_INTERVAL_MS, clock, logger }),
      device: createFailureLog({ surface: 'device', intervalMs: FAILURE_LOG_INTERVAL_MS, clock, logger }),
    },
    softwareModuleTypes: createSoftwareModuleTypeService(db, clock),
    distributionSetTypes: createDistributionSetTypeService(db, clock, config.quota),
    targetTypes: createTargetTypeService(db, clock, config.quota, refreshPollingOverrides),
    ...softwareModuleServices,
    distributionSets: createDistributionSetService(db, clock, config),
    distributionSetTags: createTagService(db, clock, DISTRIBUTION_SET_TAGS),
    targets,
    targetGroups: createTargetGroupService(db, clock, targets, refreshPollingOverrides),
    targetMetadata: createMetadataService(db, {
      table: 'target_metadata',
      ownerColumn: 'target_id',
      targetVisible: false,
      quota: config.quota.maxMetadataEntriesPerTarget,
    }),
    targetTags: createTagService(db, clock, TARGET_TAGS, refreshPollingOverrides),
    system: createSystemService(db, config),
    assignments,
    installedVersions: createInstalledVersionService(db, assignments),
    actions: createActionService(db, clock),
    actionPurge: createActionPurgeService(db),
    autoConfirm: createAutoConfirmService(db, clock),
    deployments: createDeploymentService(db, clock),
    feedback: createFeedbackService(db, clock, config),
    targetFilters: createTargetFilterService(db, clock, config),
    autoAssignments: createAutoAssignmentService(db, clock, config),
    autoAssignment: { sweep: () => sweepAutoAssignments({ db, clock, config }, logger) },
    setInvalidation: createSetInvalidationService(db, clock, (trx, setId, context) => stopRolloutsOfSet(trx, setId, { ...context, logger })),
    deviceArtifacts: createDeviceArtifactService(db, clock, softwareModuleServices.artifactStore, {
      maxStatusEntries: config.quota.maxStatusEntriesPerAction,
      redirectExpirySecs: config.storage.downloadRedirect ? config.storage.presignExpirySecs : undefined,
    }),
    actionCleanup: createActionCleanup(db, clock, config.cleanup, logger),
    rollouts: createRolloutService(db, clock, config, logger, targets),
    rolloutEvaluator: { tick: timedTick(metrics, () => rolloutEvaluator.tick()) },
    metrics,
    readiness: createReadiness(db, artifactStore),
    auditLog: createAuditLogService(db, clock, config.cleanup.auditlogRetentionDays, logger),
    webhooks: createWebhookService(db, clock, config.cleanup.webhookDeliveryRetentionDays, destinationRule(config.webhooks), logger),
    webhookDispatcher: createWebhookDispatcher(db, clock, config.webhooks, { logger, metrics, busy: requestActivity.busy, durable: durability.flush }),
    requestActivity,
    readWorkers: readWorkersOf(db),
  };
}

/** Every periodic job of the process; `scheduler.ts` runs them. */
export function scheduledJobs(services: Services, config: Config): Job[] {
  return [
    { name: 'purge-expired-sessions', intervalMs: 60 * 60 * 1000, run: () => services.sessions.purgeExpired() },
    { name: 'purge-closed-login-windows', intervalMs: 60 * 60 * 1000, run: () => services.loginThrottle.purgeClosedWindows() },
    // hawkBit flushes lazily persisted poll times every 10 s as well.
    { name: 'flush-poll-times', intervalMs: 10_000, run: () => services.pollRecorder.flush() },
    // decision 250: the target counts' appended changes, folded before a read has many to add up
    { name: 'fold-target-counts', intervalMs: 10_000, run: () => services.targets.foldCounts() },
    // decision 251: the action counts' likewise
    { name: 'fold-action-counts', intervalMs: 10_000, run: () => services.system.foldActionCounts() },
    // decision 265: the rollout groups' counts likewise
    { name: 'fold-rollout-group-counts', intervalMs: 10_000, run: () => services.rollouts.foldCounts() },
    // README "Target filters and auto-assignment": the sweep shares the rollout evaluator's period
    { name: 'auto-assignment', intervalMs: config.rolloutEvalIntervalSecs * 1000, run: () => services.autoAssignment.sweep() },
    // hawkBit cleans daily. Hourly here: a job first runs one interval after startup, so a daily job would
    // never run in a process restarted more often than that; a run with nothing due is one indexed query,
    // and expiry is counted in days, so an hour late is nothing.
    ...(config.cleanup.enabled ? [{ name: 'action-cleanup', intervalMs: 60 * 60 * 1000, run: () => services.actionCleanup.run() }] : []),
    // decision 160: hourly as the action cleanup, but not tied to `[cleanup] enabled`, hawkBit's switch for actions
    ...(config.cleanup.auditlogRetentionDays > 0
      ? [{ name: 'auditlog-retention', intervalMs: 60 * 60 * 1000, run: () => services.auditLog.purgeExpired() }]
      : []),
    // decision 151: delivered and dead deliveries, on the same hourly beat
    ...(config.cleanup.webhookDeliveryRetentionDays > 0
      ? [{ name: 'webhook-delivery-retention', intervalMs: 60 * 60 * 1000, run: () => services.webhooks.purgeExpiredDeliveries() }]
      : []),
    {
      name: 'flush-authentication-failure-logs',
      intervalMs: FAILURE_LOG_INTERVAL_MS,
      run: () => {
        services.authFailures.operator.flush();
        services.authFailures.device.flush();
        return Promise.resolve();
      },
    },
    // decision 50: renews this process's claim on its temp folder, removes what crashed processes left
    { name: 'sweep-artifact-temp', intervalMs: TEMP_SWEEP_INTERVAL_MS, run: () => services.artifactStore.sweepTemp() },
    { name: 'rollout-evaluator', intervalMs: config.rolloutEvalIntervalSecs * 1000, run: () => services.rolloutEvaluator.tick() },
    // decision 151: the outbox is delivered after commit, by one process at a time
    { name: 'webhook-dispatcher', intervalMs: config.webhooks.dispatchIntervalMs, run: () => services.webhookDispatcher.dispatch() },
    // decision 269: the read workers stop a minute or two after the last operator's request
    { name: 'stop-idle-read-workers', intervalMs: READ_WORKERS_IDLE_MS, run: () => services.readWorkers.stopIfIdle() },
  ];
}
