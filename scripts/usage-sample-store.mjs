// Fills a SQLite state store with real turns on the demo warehouse, so `datathread usage` has
// something to report: Slack and Teams questions from several people in several channels (through
// the conversation engine every channel hands its turns to), `datathread ask` from the terminal,
// a query the database rejects, a refused write, a model failure, a clarification, 👍/👎 through
// the feedback recorder the channels use, and scheduled runs through the real scheduler (posted,
// skipped as unchanged, failed to post). The model is a local OpenAI-compatible server playing a
// script; it reports 10 input and 10 output tokens per call, and the config prices it at $1,000 /
// $2,000 per million tokens so those few tokens show as cents.
//   node scripts/usage-sample-store.mjs DIR
// leaves DIR/datathread.yaml, DIR/state.db and DIR/demo-warehouse.duckdb; then, for example:
//   DATATHREAD_CONFIG=DIR/datathread.yaml DATATHREAD_STATE=sqlite:DIR/state.db npx datathread usage --since 30d
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createJiti } from 'jiti';

const jiti = createJiti(import.meta.url);
const directory = resolve(process.argv[2] ?? 'usage-sample');
mkdirSync(directory, { recursive: true });
const { startFakeOpenAI } = await jiti.import('../test/fakes/openai-server.ts');
const { runCli } = await jiti.import('../src/cli/main.ts');
const { bootstrap } = await jiti.import('../src/config/bootstrap.ts');
const { createApplication } = await jiti.import('../src/application.ts');
const { ensureDemoWarehouse } = await jiti.import('../src/databases/demo-warehouse.ts');
const { systemClock } = await jiti.import('../src/support/clock-and-ids.ts');
const { createDatabaseAdapter } = await jiti.import('../src/databases/create-database-adapter.ts');
const { silentLogger } = await jiti.import('../src/logging/logger.ts');
const { queueDueOccurrences } = await jiti.import('../src/schedules/queue-due-occurrences.ts');
const { runClaimedOccurrences } = await jiti.import('../src/schedules/run-claimed-occurrences.ts');
const { createOccurrenceExecutor } = await jiti.import('../src/schedules/run-schedule-occurrence.ts');
const { newSchedule, sequentialIds } = await jiti.import('../test/schedules/schedule-fixtures.ts');

const SCRIPTED_MODEL = 'scripted-model';
const warehousePath = join(directory, 'demo-warehouse.duckdb');
const config = {
  databases: [{ name: 'demo', type: 'duckdb', path: warehousePath }],
  agent: { model: SCRIPTED_MODEL },
  budgets: { prices: { [SCRIPTED_MODEL]: { input_per_million: 1_000, output_per_million: 2_000 } } },
};
writeFileSync(join(directory, 'datathread.yaml'), JSON.stringify(config, null, 2));
await ensureDemoWarehouse(warehousePath, systemClock);
const fakeModel = await startFakeOpenAI();
const variables = {
  OPENAI_BASE_URL: fakeModel.url,
  OPENAI_API_KEY: 'sk-scripted-model',
  DATATHREAD_CONFIG: join(directory, 'datathread.yaml'),
  DATATHREAD_STATE: `sqlite:${join(directory, 'state.db')}`,
  LOG_LEVEL: 'error',
};

const sql = (sql_query) => ({ toolCalls: [{ name: 'execute_sql', arguments: { sql_query } }] });
const NET_REVENUE_LAST_MONTH = `SELECT sum(l.quantity * l.unit_price * (1 - l.discount)) AS net_revenue
FROM order_lines l JOIN orders o ON o.order_id = l.order_id
WHERE o.status <> 'cancelled' AND o.order_date >= date_trunc('month', current_date) - INTERVAL 1 MONTH AND o.order_date < date_trunc('month', current_date)`;
const TOP_PRODUCTS = `SELECT p.product_name, sum(l.quantity * l.unit_price * (1 - l.discount)) AS net_revenue
FROM order_lines l JOIN orders o ON o.order_id = l.order_id JOIN products p ON p.product_id = l.product_id
WHERE o.status <> 'cancelled' GROUP BY 1 ORDER BY 2 DESC LIMIT 5`;

const slackIn = (channel, ts, userId, displayName) => ({
  threadId: `slack:T_ACME:${channel}:${ts}`,
  platform: 'slack',
  actor: { platform: 'slack', userId, displayName },
  kind: 'message',
  place: { channelId: channel, teamId: 'T_ACME', isDirectMessage: false },
  eventKey: `Ev${channel}${ts}`,
  interactive: true,
});
const TENANT = '72f988bf-0000-4000-8000-000000000001';
const teamsIn = (channel, messageId, userId, displayName) => ({
  threadId: `teams:${TENANT}:${channel};messageid=${messageId}`,
  platform: 'teams',
  actor: { platform: 'teams', userId, displayName },
  kind: 'message',
  place: { channelId: channel, teamId: '19:finance-team@thread.tacv2', tenantId: TENANT, isDirectMessage: false },
  eventKey: `teams-activity-${messageId}`,
  interactive: true,
});
const ANA = ['U_ANA', 'Ana Souza'];
const BEN = ['U_BEN', 'Ben Okafor'];
const CHLOE = ['4c0b5f2e-1111-4f4f-9f9f-00000000c10e', 'Chloé Martin'];
const DAVID = ['4c0b5f2e-2222-4f4f-9f9f-00000000da71', 'David Lee'];

/** Each turn: who asks where, the question, and the model's steps for it. */
const turns = [
  { request: slackIn('C_SALES', '1733390001.000100', ...ANA), text: 'What was net revenue last month?', steps: [sql(NET_REVENUE_LAST_MONTH), { text: 'Net revenue last month, without cancelled orders, is in the table.' }], feedback: 'positive' },
  { request: slackIn('C_SALES', '1733390002.000100', ...BEN), text: 'Top 5 products by revenue?', steps: [sql(TOP_PRODUCTS), { text: 'The five products with the most net revenue are listed.' }], feedback: 'negative', comment: 'I meant this quarter only.' },
  // A column that does not exist: the database rejects the query, the model repairs it.
  { request: slackIn('C_OPS', '1733390003.000100', ...BEN), text: 'Orders per status?', steps: [sql('SELECT order_state, count(*) FROM orders GROUP BY 1'), sql('SELECT status, count(*) AS orders FROM orders GROUP BY 1 ORDER BY 2 DESC'), { text: 'Most orders are delivered.' }] },
  // A write: the statement gate refuses it before it reaches the database.
  { request: slackIn('C_OPS', '1733390004.000100', ...ANA), text: 'Delete the cancelled orders', steps: [sql("DELETE FROM orders WHERE status = 'cancelled'"), { text: 'I can only read data, so I did not delete anything.' }] },
  { request: teamsIn('19:finance@thread.tacv2', '1733390005000', ...CHLOE), text: 'How many customers per segment?', steps: [sql('SELECT segment, count(*) AS customers FROM customers GROUP BY 1 ORDER BY 2 DESC'), { text: 'Customers per segment are in the table.' }], feedback: 'positive' },
  { request: teamsIn('19:finance@thread.tacv2', '1733390006000', ...DAVID), text: 'Show me the numbers', steps: [{ toolCalls: [{ name: 'clarification', arguments: { question: 'Which numbers: revenue, orders or margin?', options: ['Revenue', 'Orders', 'Margin'] } }] }] },
  // The provider refuses the request: the turn fails with the model as its reason.
  { request: teamsIn('19:finance@thread.tacv2', '1733390007000', ...DAVID), text: 'Margin by category this year?', steps: [{ errorStatus: 400 }] },
];

const started = bootstrap(variables);
const application = await createApplication({ environment: started.environment, config: started.config, logger: started.logger });
const summary = [];
try {
  for (const turn of turns) {
    fakeModel.enqueue(...turn.steps);
    const result = await application.engine.handle({ ...turn.request, text: turn.text });
    const outcome = result.kind === 'completed' ? result.outcome : undefined;
    summary.push(`${turn.request.actor.displayName} in ${turn.request.place.channelId}: "${turn.text}" → ${outcome?.status ?? result.kind}`);
    if (turn.feedback && outcome?.answerId) {
      await application.feedback.record({ threadId: turn.request.threadId, answerId: outcome.answerId, messageId: `${turn.request.eventKey}-reply`, actor: turn.request.actor, rating: turn.feedback, comment: turn.comment });
      summary.push(`  ${turn.feedback === 'positive' ? '👍' : '👎'} by ${turn.request.actor.displayName}`);
    }
  }
} finally {
  await application.close();
}

// Two questions from the terminal, through the real command.
const quiet = { write: () => {} };
fakeModel.enqueue(sql('SELECT count(*) AS orders FROM orders'), { text: 'There are that many orders.' });
summary.push(`datathread ask "How many orders in total?" → exit ${await runCli(['ask', 'How many orders in total?'], { variables, output: quiet })}`);
fakeModel.enqueue(sql('SELECT avg(unit_price) AS average_price FROM products'), { text: 'The average list price is in the table.' });
summary.push(`datathread ask "Average product price?" → exit ${await runCli(['ask', 'Average product price?'], { variables, output: quiet })}`);
await fakeModel.close();

// Scheduled runs through the real scheduler: a Slack report posted, then skipped as unchanged on
// a run-now; a Teams report whose post the platform refuses.
const { openStore } = await jiti.import('../src/store/open-store.ts');
const store = await openStore(variables.DATATHREAD_STATE);
const demo = await createDatabaseAdapter({ name: 'demo', type: 'duckdb', path: warehousePath, auth_mode: 'password', ssl: false, dangerously_allow_writes: false, allow_file_access: false });
try {
  const now = new Date();
  const queries = [{ queryId: 'query_region01', databaseName: 'demo', sql: 'SELECT status, count(*) AS orders FROM orders GROUP BY 1 ORDER BY 1' }];
  const due = { cron: '* * * * *', timeZone: 'UTC', nextRunAt: new Date(now.getTime() - 30_000), createdAt: now, queries };
  const slackSchedule = newSchedule({ ...due, title: 'Orders by status', skipUnchanged: true, owner: { platform: 'slack', userId: 'U_ANA', displayName: 'Ana Souza', channelId: 'C_SALES', teamId: 'T_ACME' }, delivery: { channelId: 'C_SALES' } });
  const teamsSchedule = newSchedule({
    ...due,
    title: 'Orders by status (finance)',
    owner: { platform: 'teams', userId: CHLOE[0], displayName: CHLOE[1], channelId: '19:finance@thread.tacv2', teamId: '19:finance-team@thread.tacv2' },
    delivery: { target: { channelId: 'msteams', serviceUrl: 'http://127.0.0.1:1/', conversation: { id: '19:finance@thread.tacv2;messageid=1733390005000' }, bot: {}, user: {} }, identity: {} },
  });
  await store.schedules.createSchedule(slackSchedule);
  await store.schedules.createSchedule(teamsSchedule);
  const delivery = {
    async post(schedule) {
      if (schedule.owner.platform === 'teams') throw new Error('the connector answered 502');
      return 'message-1';
    },
    async tellOwner() {},
  };
  const clock = () => new Date();
  const createId = sequentialIds('usage');
  const execute = createOccurrenceExecutor({ store, clock, databases: [demo], accessRules: [], credentialFor: undefined, rowCap: 100, queryTimeoutMs: 10_000, delivery, renderCharts: async () => [] });
  await queueDueOccurrences({ store, clock, createId });
  await runClaimedOccurrences({ store, clock, createId, logger: silentLogger, execute });
  await store.schedules.enqueueManualScheduleRun({ runId: createId('run_'), scheduleId: slackSchedule.scheduleId, occurrenceAt: clock(), missedCount: 0, manual: true, createdAt: clock() });
  await runClaimedOccurrences({ store, clock, createId, logger: silentLogger, execute });
  for (const schedule of [slackSchedule, teamsSchedule]) {
    for (const run of await store.schedules.listScheduleRuns(schedule.scheduleId)) summary.push(`schedule "${schedule.title}" (${schedule.owner.platform}) → ${run.state}, ${run.outcome}`);
  }
} finally {
  await demo.close();
  await store.close();
}
process.stdout.write(`${summary.join('\n')}\n\nStore: ${variables.DATATHREAD_STATE}\nConfig: ${variables.DATATHREAD_CONFIG}\n`);
