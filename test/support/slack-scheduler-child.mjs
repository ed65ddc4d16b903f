// One scheduler pass in its own process, from the TypeScript sources, posting through the real
// Slack schedule delivery (the Web API client against SLACK_API_URL, metadata and all): queue what
// is due at NOW_ISO (an injected clock), run what is claimable, print "finished <n>". A test holds
// Slack's answer and kills this process (or cuts its store) to try a crash in the middle of a post.
import { createJiti } from 'jiti';
import bolt from '@slack/bolt';

const jiti = createJiti(import.meta.url);
const { openStore } = await jiti.import('../../src/store/open-store.ts');
// Only the SQLite adapter: loading every driver from the sources takes seconds.
const { SqliteAdapter } = await jiti.import('../../src/databases/sqlite/sqlite-adapter.ts');
const { initStatementGate } = await jiti.import('../../src/sql/statement-gate.ts');
const { queueDueOccurrences } = await jiti.import('../../src/schedules/queue-due-occurrences.ts');
const { runClaimedOccurrences } = await jiti.import('../../src/schedules/run-claimed-occurrences.ts');
const { createOccurrenceExecutor } = await jiti.import('../../src/schedules/run-schedule-occurrence.ts');
const { createSlackScheduleDelivery } = await jiti.import('../../src/channels/slack/schedules/slack-schedule-delivery.ts');

const clock = () => new Date(process.env.NOW_ISO);
let idCounter = 0;
const createId = (prefix) => `${prefix}${process.pid}_${++idCounter}`;

await initStatementGate();
const store = await openStore(process.env.STATE_URL);
await store.migrate();
const warehouse = new SqliteAdapter({
  name: 'warehouse',
  type: 'sqlite',
  path: process.env.WAREHOUSE_PATH,
  auth_mode: 'password',
  ssl: false,
  dangerously_allow_writes: false,
  allow_file_access: false,
});
const client = new bolt.webApi.WebClient(process.env.SLACK_BOT_TOKEN, { slackApiUrl: process.env.SLACK_API_URL, retryConfig: { retries: 0 } });
const delivery = createSlackScheduleDelivery(client);
const execute = createOccurrenceExecutor({ store, clock, databases: [warehouse], accessRules: [], rowCap: 1000, queryTimeoutMs: 10_000, delivery, renderCharts: async () => [] });
process.stdout.write('ready\n');
await queueDueOccurrences({ store, clock, createId });
// Warnings on stdout: "a scheduled run failed" tells the test the run met the store outage.
const logger = { debug() {}, info() {}, warn: (message) => process.stdout.write(`${message}\n`), error: (message) => process.stdout.write(`${message}\n`) };
const ran = await runClaimedOccurrences({ store, clock, createId, logger, execute });
process.stdout.write(`finished ${ran}\n`);
await warehouse.close();
await store.close();
