// A schedule test bench on real engines: a SQLite state store, a SQLite warehouse file the test
// changes between runs, a delivery that records what would be posted and what the owner was told.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sqlite3 from 'sqlite3';
import type { AccessRule } from '../../src/config/config-schema.js';
import { createDatabaseAdapter } from '../../src/databases/create-database-adapter.js';
import type { DatabaseAdapter } from '../../src/databases/types.js';
import type { CredentialProvider } from '../../src/identity/credential-provider.js';
import { silentLogger, type Logger } from '../../src/logging/logger.js';
import { queueDueOccurrences } from '../../src/schedules/queue-due-occurrences.js';
import { runClaimedOccurrences } from '../../src/schedules/run-claimed-occurrences.js';
import { createOccurrenceExecutor } from '../../src/schedules/run-schedule-occurrence.js';
import { renderScheduledCharts } from '../../src/schedules/render-scheduled-charts.js';
import type { ScheduleDelivery, ScheduledPost } from '../../src/schedules/scheduled-post.js';
import { initStatementGate } from '../../src/sql/statement-gate.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/types.js';
import { databaseConfig } from '../databases/database-test-helpers.js';
import { manualClock, sequentialIds, type ManualClock } from './schedule-fixtures.js';

export interface RecordingDelivery extends ScheduleDelivery {
  posts: { scheduleId: string; post: ScheduledPost }[];
  told: { scheduleId: string; text: string }[];
  /** The next posts throw this (a platform error). */
  failWith?: Error | undefined;
}

export function recordingDelivery(): RecordingDelivery {
  const delivery: RecordingDelivery = {
    posts: [],
    told: [],
    async post(schedule, post) {
      if (delivery.failWith) throw delivery.failWith;
      delivery.posts.push({ scheduleId: schedule.scheduleId, post });
      return `message-${delivery.posts.length}`;
    },
    async tellOwner(schedule, text) {
      delivery.told.push({ scheduleId: schedule.scheduleId, text });
    },
  };
  return delivery;
}

export interface ScheduleBench {
  store: Store;
  warehouse: DatabaseAdapter;
  delivery: RecordingDelivery;
  clock: ManualClock;
  accessRules: AccessRule[];
  /** Runs SQL on the warehouse file directly (the test changing the data). */
  changeData(sql: string): Promise<void>;
  /** Queues what is due at the clock's time and runs it. */
  runDue(options?: { credentialFor?: CredentialProvider; databases?: DatabaseAdapter[]; delivery?: ScheduleDelivery; logger?: Logger }): Promise<void>;
  close(): Promise<void>;
}

export async function openScheduleBench(startIso: string): Promise<ScheduleBench> {
  await initStatementGate();
  const directory = await mkdtemp(join(tmpdir(), 'datathread-schedule-bench-'));
  const warehouseFile = join(directory, 'warehouse.sqlite');
  const changeData = (sql: string) =>
    new Promise<void>((resolve, reject) => {
      const connection = new sqlite3.Database(warehouseFile, (openError) => {
        if (openError) return reject(openError);
        connection.exec(sql, (error) => connection.close(() => (error ? reject(error) : resolve())));
      });
    });
  await changeData(`CREATE TABLE revenue (region TEXT, revenue INTEGER);
    INSERT INTO revenue VALUES ('North', 120), ('South', 80);
    CREATE TABLE signups (day TEXT, signups INTEGER);
    INSERT INTO signups VALUES ('2026-12-06', 250);`);
  const store = await openStore(`sqlite:${join(directory, 'state.db')}`);
  await store.migrate();
  const warehouse = await createDatabaseAdapter(databaseConfig({ type: 'sqlite', name: 'warehouse', path: warehouseFile }));
  const delivery = recordingDelivery();
  const clock = manualClock(startIso);
  const bench: ScheduleBench = {
    store,
    warehouse,
    delivery,
    clock,
    accessRules: [],
    changeData,
    async runDue(options = {}) {
      const createId = sequentialIds();
      await queueDueOccurrences({ store, clock, createId });
      const execute = createOccurrenceExecutor({
        store,
        clock,
        databases: options.databases ?? [warehouse],
        accessRules: bench.accessRules,
        credentialFor: options.credentialFor,
        rowCap: 1000,
        queryTimeoutMs: 10_000,
        delivery: options.delivery ?? delivery,
        renderCharts: (schedule, results) => renderScheduledCharts(schedule.queries, results),
        ...(options.logger ? { logger: options.logger } : {}),
      });
      await runClaimedOccurrences({ store, clock, createId, logger: silentLogger, execute });
    },
    async close() {
      await warehouse.close();
      await store.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
  return bench;
}
