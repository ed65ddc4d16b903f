// The usage report's scheduled side on both stores: a schedule made in one channel that posts to
// another counts its runs and their queries under the channel it posts to (on Slack and Teams),
// and under "no model" by model, though its queries are audited under the thread it came from;
// and the report reads every schedule's runs in one statement, so its store calls stay the same
// for 1 schedule and for 12.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sqlite3 from 'sqlite3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDatabaseAdapter } from '../../src/databases/create-database-adapter.js';
import type { DatabaseAdapter } from '../../src/databases/types.js';
import { readUsageSources } from '../../src/governance/usage-sources.js';
import { summarizeUsage, type UsageGrouping, type UsageRow } from '../../src/governance/usage-summary.js';
import { silentLogger } from '../../src/logging/logger.js';
import { queueDueOccurrences } from '../../src/schedules/queue-due-occurrences.js';
import { runClaimedOccurrences } from '../../src/schedules/run-claimed-occurrences.js';
import { createOccurrenceExecutor } from '../../src/schedules/run-schedule-occurrence.js';
import { initStatementGate } from '../../src/sql/statement-gate.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/types.js';
import { databaseConfig } from '../databases/database-test-helpers.js';
import { recordingDelivery } from '../schedules/schedule-harness.js';
import { newSchedule, sequentialIds } from '../schedules/schedule-fixtures.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres-database.js';

const NOW = new Date('2026-12-07T08:00:30.000Z');
const SINCE = new Date('2026-12-07T00:00:00.000Z');
const clock = () => new Date(NOW);
/** A schedule due at NOW: its cron fires every minute. */
const due = { cron: '* * * * *', timeZone: 'UTC', nextRunAt: new Date('2026-12-07T08:00:00.000Z'), createdAt: new Date('2026-12-06T10:00:00.000Z') };
const TEAMS_OWNER = '4c0b5f2e-aaaa-4f4f-9f9f-000000000002';

let directory: string;
let warehouse: DatabaseAdapter;

beforeAll(async () => {
  await initStatementGate();
  directory = await mkdtemp(join(tmpdir(), 'datathread-usage-schedules-'));
  const path = join(directory, 'warehouse.sqlite');
  await new Promise<void>((resolve, reject) => {
    const connection = new sqlite3.Database(path, (openError) => {
      if (openError) return reject(openError);
      connection.exec("CREATE TABLE revenue (region TEXT, revenue INTEGER); INSERT INTO revenue VALUES ('North', 120);", (error) => connection.close(() => (error ? reject(error) : resolve())));
    });
  });
  warehouse = await createDatabaseAdapter(databaseConfig({ type: 'sqlite', name: 'warehouse', path }));
});

afterAll(async () => {
  await warehouse.close();
  await rm(directory, { recursive: true, force: true });
});

/** Every call the usage report makes on the store, its features' (ledger, schedules, …) included. */
function countingStore(store: Store): { store: Store; calls: string[] } {
  const calls: string[] = [];
  const wrap = <T extends object>(target: T, prefix: string): T =>
    new Proxy(target, {
      get(object, property) {
        const value: unknown = Reflect.get(object, property);
        if (prefix === '' && typeof value === 'object' && value !== null) return wrap(value, `${String(property)}.`);
        if (typeof value !== 'function') return value;
        return (...parameters: unknown[]) => {
          calls.push(`${prefix}${String(property)}`);
          return (value as (...each: unknown[]) => unknown).apply(object, parameters);
        };
      },
    });
  return { store: wrap(store, ''), calls };
}

function groupOf(rows: UsageRow[], group: string): UsageRow | undefined {
  return rows.find((row) => row.group === group);
}

describe.each(['sqlite', 'postgres'] as const)('scheduled runs in the usage report on the %s store', (storeKind) => {
  let scratch: ScratchDatabase | undefined;
  let store: Store;

  beforeEach(async () => {
    scratch = storeKind === 'postgres' ? await createScratchDatabase('usage_schedules') : undefined;
    store = await openStore(scratch ? scratch.url : 'sqlite::memory:');
    await store.migrate();
  });

  afterEach(async () => {
    await store.close();
    await scratch?.drop();
  });

  async function runDueSchedules(): Promise<ReturnType<typeof recordingDelivery>> {
    const delivery = recordingDelivery();
    const createId = sequentialIds('usage');
    const execute = createOccurrenceExecutor({ store, clock, databases: [warehouse], accessRules: [], credentialFor: undefined, rowCap: 100, queryTimeoutMs: 10_000, delivery, renderCharts: async () => [] });
    await queueDueOccurrences({ store, clock, createId });
    await runClaimedOccurrences({ store, clock, createId, logger: silentLogger, execute });
    return delivery;
  }

  /** A person's answered turn and query in the thread a schedule is then made from. */
  async function askInSourceThread(threadId: string, channelKey: string): Promise<void> {
    const turnId = `turn_${channelKey}`;
    const start = { turnId, threadId, platform: 'slack', userKey: 'slack:U_OWNER', channelKey, provider: 'openai.chat', model: 'gpt-test', reservedTokens: 0, reservedMicroUsd: 0, startedAt: NOW };
    expect(await store.ledger.admitTurn({ ...start, reservationExpiresAt: new Date(NOW.getTime() + 60_000) }, [], () => true, NOW)).toBe(true);
    await store.ledger.finishTurn(turnId, 'answered', null, NOW);
    await store.recordQueryAudit({
      threadId,
      queryId: 'query_revenue1',
      actor: { platform: 'slack', userId: 'U_OWNER' },
      ranAs: null,
      databaseName: 'warehouse',
      sql: 'SELECT region, revenue FROM revenue',
      rowCount: 1,
      durationMs: 3,
      refused: false,
      detail: null,
      createdAt: NOW,
      model: { provider: 'openai.chat', model: 'gpt-test' },
    });
  }

  async function report(by: UsageGrouping, onStore: Store = store): Promise<UsageRow[]> {
    return summarizeUsage(await readUsageSources(onStore, SINCE), by);
  }

  it('counts a schedule’s runs and queries where it posts, not in the channel it was made in, and under no model', async () => {
    await askInSourceThread('slack:T1:C_SOURCE:1700000000.000100', 'slack:C_SOURCE');
    await store.schedules.createSchedule(newSchedule({ ...due, sourceThreadId: 'slack:T1:C_SOURCE:1700000000.000100', delivery: { channelId: 'C_REPORTS' } }));
    await store.schedules.createSchedule(
      newSchedule({
        ...due,
        owner: { platform: 'teams', userId: TEAMS_OWNER, channelId: '19:source@thread.tacv2', teamId: 'T_OPS' },
        sourceThreadId: 'teams:19:source@thread.tacv2;messageid=1700',
        delivery: { target: { channelId: 'msteams', serviceUrl: 'http://127.0.0.1:1/', conversation: { id: '19:reports@thread.tacv2;messageid=1800' }, bot: {}, user: {} }, identity: {} },
      }),
    );
    const delivery = await runDueSchedules();
    expect(delivery.posts).toHaveLength(2);

    const byChannel = await report('channel');
    expect(byChannel.map((row) => [row.group, row.questions, row.queries, row.scheduleRuns.runs, row.scheduleRuns.posted])).toEqual([
      ['slack:C_SOURCE', 1, 1, 0, 0],
      ['slack:C_REPORTS', 0, 1, 1, 1],
      ['teams:19:reports@thread.tacv2', 0, 1, 1, 1],
    ]);

    const byModel = await report('model');
    expect(byModel.map((row) => [row.group, row.questions, row.queries, row.scheduleRuns.runs])).toEqual([
      ['gpt-test', 1, 1, 0],
      ['no model', 0, 2, 2],
    ]);

    // By person, a run and its query are the owner's.
    const byUser = await report('user');
    expect(byUser.map((row) => [row.group, row.queries, row.scheduleRuns.runs])).toEqual([
      ['slack:U_OWNER', 2, 1],
      [`teams:${TEAMS_OWNER}`, 1, 1],
    ]);
  });

  it('counts the queries of a schedule deleted since under "(deleted schedule)" by channel, never under the thread it came from', async () => {
    await askInSourceThread('slack:T1:C_SOURCE:1700000000.000100', 'slack:C_SOURCE');
    const schedule = newSchedule({ ...due, sourceThreadId: 'slack:T1:C_SOURCE:1700000000.000100', delivery: { channelId: 'C_REPORTS' } });
    await store.schedules.createSchedule(schedule);
    await runDueSchedules();
    expect(await store.schedules.deleteSchedule(schedule.scheduleId)).toBe(true);

    const byChannel = await report('channel');
    expect(byChannel.map((row) => [row.group, row.queries, row.scheduleRuns.runs])).toEqual([
      ['slack:C_SOURCE', 1, 0],
      ['(deleted schedule)', 1, 0],
    ]);
  });

  it('reads the runs of every schedule in one statement: the same store calls for 1 schedule as for 12', async () => {
    const callsWith = async (scheduleCount: number): Promise<{ calls: string[]; runs: number }> => {
      for (let index = 0; index < scheduleCount; index += 1) {
        const schedule = newSchedule({ ...due, delivery: { channelId: `C_REPORTS_${scheduleCount}` } });
        await store.schedules.createSchedule(schedule);
        await store.schedules.enqueueManualScheduleRun({ runId: `run_${schedule.scheduleId}`, scheduleId: schedule.scheduleId, occurrenceAt: NOW, missedCount: 0, manual: true, createdAt: NOW });
      }
      const counting = countingStore(store);
      const rows = await report('channel', counting.store);
      return { calls: counting.calls, runs: groupOf(rows, `slack:C_REPORTS_${scheduleCount}`)?.scheduleRuns.runs ?? 0 };
    };
    const one = await callsWith(1);
    const twelve = await callsWith(12);
    expect(one.runs).toBe(1);
    expect(twelve.runs).toBe(12);
    expect(twelve.calls.toSorted()).toEqual(one.calls.toSorted());
    expect(one.calls.toSorted()).toEqual(['ledger.listTurnLedger', 'listFeedback', 'listQueryAudit', 'schedules.listScheduleRunsSince', 'schedules.listSchedules']);
  });

  it('lists the runs queued at or after the start of the period, of every schedule, oldest first', async () => {
    const first = newSchedule({ ...due });
    const second = newSchedule({ ...due });
    await store.schedules.createSchedule(first);
    await store.schedules.createSchedule(second);
    const queue = (runId: string, scheduleId: string, createdAt: Date) => store.schedules.enqueueManualScheduleRun({ runId, scheduleId, occurrenceAt: createdAt, missedCount: 0, manual: true, createdAt });
    await queue('run_before', first.scheduleId, new Date(SINCE.getTime() - 1));
    await queue('run_at_start', second.scheduleId, SINCE);
    await queue('run_after', first.scheduleId, NOW);
    expect((await store.schedules.listScheduleRunsSince(SINCE)).map((run) => [run.runId, run.scheduleId])).toEqual([
      ['run_at_start', second.scheduleId],
      ['run_after', first.scheduleId],
    ]);
  });
});
