// A ToolContext on the real in-memory SQLite store, with two query results in the conversation,
// and a clock that moves a minute per call so versions get distinct times.
import type { AgentSettings } from '../../src/config/agent-settings.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/types.js';
import { ToolContext } from '../../src/tools/tool-context.js';

export const THREAD_ID = 'slack:T1:C1:1712.55';

const settings: AgentSettings = {
  model: 'test-model',
  maxSteps: 8,
  turnTimeoutMs: 60_000,
  queryTimeoutMs: 10_000,
  rowCap: 1000,
  enabledTools: ['execute_sql', 'story'],
};

export function createClock(start = '2025-03-01T09:00:00Z'): () => Date {
  let minutes = 0;
  return () => new Date(new Date(start).getTime() + 60_000 * minutes++);
}

export function createContext(store: Store, now = createClock()): ToolContext {
  return new ToolContext({
    threadId: THREAD_ID,
    actor: { platform: 'slack', userId: 'U1' },
    settings,
    databases: [],
    store,
    now,
    createId: (prefix) => `${prefix}00000001`,
  });
}

/** query_sales: region/total (3 rows); query_month: month/orders (3 rows). */
export async function createStoryTestContext(): Promise<{ store: Store; context: ToolContext }> {
  const store = await openStore('sqlite::memory:');
  await store.ensureConversation(THREAD_ID, 'slack', new Date('2025-03-01T08:00:00Z'));
  const context = createContext(store);
  const createdAt = new Date('2025-03-01T08:30:00Z');
  context.addQueryResult({
    queryId: 'query_sales',
    databaseName: 'shop',
    sql: 'SELECT region, SUM(amount) AS total FROM sales GROUP BY region',
    columns: [
      { name: 'region', type: 'varchar' },
      { name: 'total', type: 'integer' },
    ],
    rows: [
      ['North', 300],
      ['South', 50],
      ['East | West', 120],
    ],
    rowCount: 3,
    truncated: false,
    durationMs: 2,
    createdAt,
  });
  context.addQueryResult({
    queryId: 'query_month',
    databaseName: 'shop',
    sql: 'SELECT month, COUNT(*) AS orders FROM sales GROUP BY month',
    columns: [
      { name: 'month', type: 'date' },
      { name: 'orders', type: 'bigint' },
    ],
    rows: [
      ['2025-01-01', 10],
      ['2025-02-01', 14],
      ['2025-03-01', 9],
    ],
    rowCount: 3,
    truncated: false,
    durationMs: 2,
    createdAt,
  });
  await context.flush();
  return { store, context };
}

export const SALES_STORY = [
  '# Sales review',
  '',
  'North leads the regions.',
  '',
  '<grid cols="2">',
  `<chart query_id="query_sales" chart_type="bar" x_axis_key="region" series='[{"data_key":"total"}]' title="Sales by region" />`,
  '<chart query_id="query_month" chart_type="line" x_axis_key="month" x_axis_type="date" data_key="orders" title="Orders per month" />',
  '</grid>',
  '',
  '<table query_id="query_sales" title="Sales detail" />',
].join('\n');
