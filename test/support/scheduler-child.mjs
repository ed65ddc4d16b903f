// One scheduler pass in its own process, from the TypeScript sources: queue what is due at NOW_ISO
// (an injected clock), run it, post each result to POST_URL. With HANG_BEFORE_POST=1 the run stops
// right before its post and waits there, so a test can SIGKILL the process mid-run.
import { createJiti } from 'jiti';

const jiti = createJiti(import.meta.url);
const { openStore } = await jiti.import('../../src/store/open-store.ts');
// Only the SQLite adapter: loading every driver from the sources takes seconds.
const { SqliteAdapter } = await jiti.import('../../src/databases/sqlite/sqlite-adapter.ts');
const { initStatementGate } = await jiti.import('../../src/sql/statement-gate.ts');
const { queueDueOccurrences } = await jiti.import('../../src/schedules/queue-due-occurrences.ts');
const { runClaimedOccurrences } = await jiti.import('../../src/schedules/run-claimed-occurrences.ts');
const { createOccurrenceExecutor } = await jiti.import('../../src/schedules/run-schedule-occurrence.ts');
const { silentLogger } = await jiti.import('../../src/logging/logger.ts');

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
const delivery = {
  async post(schedule, post) {
    if (process.env.HANG_BEFORE_POST === '1') {
      process.stdout.write('about-to-post\n');
      await new Promise(() => undefined);
    }
    const response = await fetch(process.env.POST_URL, { method: 'POST', body: JSON.stringify({ scheduleId: schedule.scheduleId, asOf: post.asOf, rows: post.results[0].rows }) });
    return (await response.json()).messageId;
  },
  async tellOwner() {},
};
const execute = createOccurrenceExecutor({ store, clock, databases: [warehouse], accessRules: [], rowCap: 1000, queryTimeoutMs: 10_000, delivery, renderCharts: async () => [] });
await queueDueOccurrences({ store, clock, createId });
const ran = await runClaimedOccurrences({ store, clock, createId, logger: silentLogger, execute });
process.stdout.write(`finished ${ran}\n`);
await warehouse.close();
await store.close();
