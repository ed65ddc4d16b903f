// The server's scheduled sync from the loaded config: nothing when `context.sync` is absent.
import { dbtSyncHooks } from './dbt/dbt-sync-hooks.js';
import { hostname } from 'node:os';
import type { LoadedConfig } from '../config/load-config.js';
import { createDatabaseAdapter } from '../databases/create-database-adapter.js';
import type { Logger } from '../logging/logger.js';
import type { ContextSyncRunStore } from '../store/context-sync-run-store.js';
import { systemClock } from '../support/clock-and-ids.js';
import { startContextSyncSchedule } from './context-sync-schedule.js';
import { runSync } from './run-sync.js';

export function startConfiguredContextSync(config: LoadedConfig, store: ContextSyncRunStore, logger: Logger): (() => void) | undefined {
  const schedule = config.context.sync;
  if (!schedule) return undefined;
  return startContextSyncSchedule({
    schedule,
    store,
    replicaId: `${hostname()}:${process.pid}`,
    clock: systemClock,
    logger,
    sync: () => runSync({ contextPath: config.context.path, databases: config.databases, dryRun: false, createAdapter: (database) => createDatabaseAdapter(database, { logger }), ...dbtSyncHooks(config.databases) }),
  });
}
