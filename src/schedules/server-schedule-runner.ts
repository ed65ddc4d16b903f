// The scheduler as `datathread serve` runs it: the runner over the application's store, databases,
// access rules, group membership and owner credentials, posting through the channels this server started.
import type { LoadedConfig } from '../config/load-config.js';
import type { GroupMembership } from '../access/group-membership.js';
import type { DatabaseAdapter } from '../databases/types.js';
import type { CredentialProvider } from '../identity/credential-provider.js';
import type { Logger } from '../logging/logger.js';
import type { Store } from '../store/types.js';
import type { Clock, IdFactory } from '../support/clock-and-ids.js';
import { platformScheduleDelivery, type ScheduleDeliveries } from './platform-schedule-delivery.js';
import { renderScheduledCharts } from './render-scheduled-charts.js';
import { createOccurrenceExecutor } from './run-schedule-occurrence.js';
import { ScheduleRunner } from './schedule-runner.js';

export interface ServerScheduleRunnerOptions {
  store: Store;
  databases: readonly DatabaseAdapter[];
  config: Pick<LoadedConfig, 'accessRules' | 'agent' | 'schedules'>;
  /** The application's resolver (`application.groupMembership`), with the readers the channels added: an owner's groups are read as a chat turn reads them. */
  groupMembership: Pick<GroupMembership, 'withGroups'>;
  credentialFor?: CredentialProvider | undefined;
  deliveries: ScheduleDeliveries;
  clock: Clock;
  createId: IdFactory;
  logger: Logger;
  tickMs?: number | undefined;
}

export function createServerScheduleRunner(options: ServerScheduleRunnerOptions): ScheduleRunner {
  const { store, clock, createId, logger, config } = options;
  const execute = createOccurrenceExecutor({
    store,
    clock,
    databases: options.databases,
    accessRules: config.accessRules,
    withGroups: (subject) => options.groupMembership.withGroups(subject),
    credentialFor: options.credentialFor,
    rowCap: config.agent.rowCap,
    queryTimeoutMs: config.agent.queryTimeoutMs,
    delivery: platformScheduleDelivery(options.deliveries, logger),
    renderCharts: (schedule, results) => renderScheduledCharts(schedule.queries, results),
    pauseAfterFailures: config.schedules.pauseAfterFailures,
    logger,
  });
  return new ScheduleRunner({ store, clock, createId, logger, execute, ...(options.tickMs ? { tickMs: options.tickMs } : {}) });
}
