// A ToolContext for the chart tool tests, on the real in-memory SQLite store, with query results
// that come from a real DuckDB query.
import type { ChartPlacement } from '../../src/charts/index.js';
import type { AgentSettings } from '../../src/config/agent-settings.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/types.js';
import { ToolContext } from '../../src/tools/tool-context.js';
import { queryDuckDb } from '../../bench/charts-fixtures.js';

const THREAD_ID = 'slack:C123:1712.55';

const settings: AgentSettings = {
  model: 'test-model',
  maxSteps: 8,
  turnTimeoutMs: 60_000,
  queryTimeoutMs: 10_000,
  rowCap: 1000,
  enabledTools: ['execute_sql', 'display_chart'],
};

export async function createChartToolContext(chartPlacement?: ChartPlacement): Promise<{ context: ToolContext; store: Store; statuses: string[] }> {
  const store = await openStore('sqlite::memory:');
  await store.ensureConversation(THREAD_ID, 'slack', new Date('2024-04-01T10:00:00Z'));
  const statuses: string[] = [];
  let counter = 0;
  const context = new ToolContext({
    threadId: THREAD_ID,
    actor: { platform: 'slack', userId: 'U1' },
    settings,
    databases: [],
    store,
    now: () => new Date('2024-04-01T10:00:00Z'),
    createId: (prefix) => `${prefix}${String(++counter).padStart(8, '0')}`,
    onStatus: (status) => statuses.push(status),
    chartPlacement,
  });
  return { context, store, statuses };
}

/** Runs SQL on DuckDB and stores the result in the conversation under `queryId`. */
export async function addDuckDbResult(context: ToolContext, queryId: string, sql: string, options: { truncated?: boolean } = {}) {
  const { columns, rows } = await queryDuckDb(sql);
  context.addQueryResult({
    queryId,
    databaseName: 'warehouse',
    sql,
    columns,
    rows,
    rowCount: rows.length,
    truncated: options.truncated ?? false,
    durationMs: 3,
    createdAt: new Date('2024-04-01T10:00:00Z'),
  });
  // The store write happens in the background; tests that read the store need it done.
  await context.flush();
}
