// A story schedule on a real DuckDB warehouse the test changes between runs: the story (a chart of
// revenue by region and a table of signups), the schedule that re-renders it, and the adapter a run
// queries (opened for one run and closed after, so the test can write to the file in between).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabaseAdapter } from '../../src/databases/create-database-adapter.js';
import type { DatabaseAdapter } from '../../src/databases/types.js';
import type { NewSchedule, ScheduledStory } from '../../src/store/schedule-types.js';
import { databaseConfig } from '../databases/database-test-helpers.js';
import { createDuckDbFile } from '../support/duckdb-fixture.js';
import { newSchedule } from './schedule-fixtures.js';

export const SALES_STORY: ScheduledStory = {
  storyId: 'weekly-sales',
  version: 2,
  title: 'Weekly sales',
  code: [
    '# Weekly sales',
    'Revenue by region, and the signups of the last day.',
    `<chart query_id="query_revenue1" chart_type="bar" x_axis_key="region" series='[{"data_key":"revenue","label":"Revenue"}]' title="Revenue by region" />`,
    '<table query_id="query_signups1" title="Signups" />',
  ].join('\n\n'),
};

export function storySchedule(overrides: Partial<NewSchedule> = {}): NewSchedule {
  return newSchedule({
    title: 'Weekly sales',
    story: SALES_STORY,
    queries: [
      { queryId: 'query_revenue1', databaseName: 'warehouse', sql: 'SELECT region, revenue FROM revenue ORDER BY region' },
      { queryId: 'query_signups1', databaseName: 'warehouse', sql: 'SELECT day, signups FROM signups ORDER BY day' },
    ],
    ...overrides,
  });
}

export interface DuckDbWarehouse {
  /** A fresh adapter on the file, for one run; close it before changing the data. */
  open(): Promise<DatabaseAdapter>;
  change(statements: string[]): Promise<void>;
  close(): Promise<void>;
}

export async function createDuckDbWarehouse(): Promise<DuckDbWarehouse> {
  const directory = await mkdtemp(join(tmpdir(), 'datathread-story-schedule-'));
  const path = join(directory, 'warehouse.duckdb');
  await createDuckDbFile(path, [
    'CREATE TABLE revenue (region VARCHAR, revenue INTEGER)',
    "INSERT INTO revenue VALUES ('North', 120), ('South', 80)",
    'CREATE TABLE signups (day VARCHAR, signups INTEGER)',
    "INSERT INTO signups VALUES ('2026-12-06', 250)",
  ]);
  return {
    open: () => createDatabaseAdapter(databaseConfig({ type: 'duckdb', name: 'warehouse', path })),
    change: (statements) => createDuckDbFile(path, statements),
    close: () => rm(directory, { recursive: true, force: true }),
  };
}

/** Runs what is due with a DuckDB adapter opened for this run only. */
export async function runWithWarehouse(warehouse: DuckDbWarehouse, run: (databases: DatabaseAdapter[]) => Promise<void>): Promise<void> {
  const adapter = await warehouse.open();
  try {
    await run([adapter]);
  } finally {
    await adapter.close();
  }
}
