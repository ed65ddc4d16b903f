// Buttons that show stored data check the clicker's grants: Alice (no grant for shop) clicking CSV
// or Show SQL under Bob's answer is refused privately and nothing is uploaded; Bob still gets his
// CSV. A button value forged to name a thread of another channel is refused with a sentence.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Application } from '../../../src/application.js';
import { FOREIGN_THREAD_TEXT } from '../../../src/channels/slack/actions/foreign-thread-guard.js';
import { createResultReadCheck } from '../../../src/access/result-access.js';
import { startFakeSlackApi, type FakeSlackApi, type FakeSlackMessage } from '../../fakes/slack-api-server.js';
import { startEngineFixture, type EngineFixture } from './support/engine-fixture.js';
import { SIGNING_SECRET, startSlackHarness, type SlackHarness } from './support/slack-harness.js';
import { buttonClickPayload, findButton, sendSlackAction } from './support/slack-requests.js';

let fixture: EngineFixture;
let application: Application;
let slack: FakeSlackApi;
let harness: SlackHarness;

const SALES_SQL = 'SELECT region, SUM(amount) AS total FROM sales GROUP BY region ORDER BY region';

beforeAll(async () => {
  fixture = await startEngineFixture();
});

afterAll(async () => {
  await fixture.close();
});

beforeEach(async () => {
  slack = await startFakeSlackApi();
  slack.addUser({ id: 'UBOB', name: 'bob', email: 'bob@example.com' });
  slack.addUser({ id: 'UALICE', name: 'alice', email: 'alice@example.com' });
  application = await fixture.open();
  harness = await startSlackHarness({
    handler: application.engine,
    slack,
    getQueryResult: (threadId, queryId) => application.store.getQueryResult(threadId, queryId),
    // Only bob@example.com is granted the shop database.
    mayReadResult: createResultReadCheck([{ databases: ['shop'], users: ['bob@example.com'] }], ['shop']),
  });
});

afterEach(async () => {
  await harness.close();
  await application.close();
  await slack.close();
});

async function bobsAnswer(ts: string): Promise<FakeSlackMessage> {
  fixture.model.enqueue({ toolCalls: [{ name: 'execute_sql', arguments: { sql_query: SALES_SQL } }] }, { text: 'North sold 300.' });
  await harness.sendEvent({ user: 'UBOB', text: '<@UBOT> sales by region?', channel: 'C1', ts });
  return slack.waitFor(() => slack.threadMessages('C1', ts).find((message) => findButton(message.blocks ?? [], 'datathread_csv_0')));
}

describe('Slack buttons under access rules', () => {
  it("Alice cannot get Bob's restricted result by CSV or Show SQL; Bob can", async () => {
    const controls = await bobsAnswer('100.1');

    expect((await harness.click(controls, 'datathread_csv_0', 'UALICE')).status).toBe(200);
    expect((await harness.click(controls, 'datathread_show_sql_0', 'UALICE')).status).toBe(200);
    await slack.waitFor(() => slack.ephemerals.filter((message) => message.recipient === 'UALICE').length === 2 || undefined);
    const toAlice = slack.ephemerals.filter((message) => message.recipient === 'UALICE');
    expect(toAlice.every((message) => message.text.includes('comes from the database "shop", which you have no access to here'))).toBe(true);
    expect(JSON.stringify(toAlice)).not.toContain('SUM(amount)');
    expect(slack.files.filter((file) => file.filename.endsWith('.csv'))).toHaveLength(0);

    await harness.click(controls, 'datathread_csv_0', 'UBOB');
    const csv = await slack.waitFor(() => slack.files.find((file) => file.filename.endsWith('.csv') && file.bytes.length > 0));
    expect(csv.bytes.toString('utf8')).toContain('North,300');
  });

  it("a button value naming another channel's thread is refused with a clear message and runs nothing", async () => {
    const controls = await bobsAnswer('200.1');
    const payload = buttonClickPayload({ ...controls, channel: 'C2' }, 'datathread_csv_0', 'UALICE');
    const response = await sendSlackAction(harness.eventsUrl, SIGNING_SECRET, payload);
    expect(response.status).toBe(200);

    const refusal = await slack.waitFor(() => slack.ephemerals.find((message) => message.recipient === 'UALICE'));
    expect(refusal.text).toBe(FOREIGN_THREAD_TEXT);
    expect(refusal.channel).toBe('C2');
    expect(slack.files).toHaveLength(0);
    expect(harness.logs.some((line) => line.level === 'warn' && line.message.includes('names a thread of another channel'))).toBe(true);
  });
});
