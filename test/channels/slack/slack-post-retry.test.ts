// Transient Slack failures on the way out: Slack's ok:false `ratelimited` (HTTP 200) on the answer
// and on the chart upload is retried with backoff and the answer and chart arrive; when Slack keeps
// refusing, the asker is told what is missing (in the thread, or by direct message) and the
// operator reads it in the log. Real engine, real chart PNG, the local Slack Web API server.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Application } from '../../../src/application.js';
import { firstQueryIdIn } from '../../fakes/openai-server.js';
import { startFakeSlackApi, type FakeSlackApi } from '../../fakes/slack-api-server.js';
import { startEngineFixture, type EngineFixture } from './support/engine-fixture.js';
import { startSlackHarness, type SlackHarness } from './support/slack-harness.js';

let fixture: EngineFixture;
let application: Application;
let slack: FakeSlackApi;
let harness: SlackHarness;

const SALES_SQL = 'SELECT region, SUM(amount) AS total FROM sales GROUP BY region ORDER BY region';
// Short delays keep the test fast; the shape (backoff, bounded attempts) is the production one.
const FAST_RETRY = { retries: 3, firstDelayMs: 20, maxDelayMs: 100, totalTimeMs: 5_000 };

beforeAll(async () => {
  fixture = await startEngineFixture();
});

afterAll(async () => {
  await fixture.close();
});

beforeEach(async () => {
  slack = await startFakeSlackApi();
  slack.addUser({ id: 'UANA', name: 'ana', email: 'ana@example.com' });
  application = await fixture.open();
  harness = await startSlackHarness({ handler: application.engine, slack, postRetry: FAST_RETRY });
});

afterEach(async () => {
  await harness.close();
  await application.close();
  await slack.close();
});

function enqueueChartAnswer(answer: string): void {
  fixture.model.enqueue(
    { toolCalls: [{ name: 'execute_sql', arguments: { sql_query: SALES_SQL } }] },
    (request) => ({ toolCalls: [{ name: 'display_chart', arguments: { query_id: firstQueryIdIn(request), chart_type: 'bar', x_axis_key: 'region', x_axis_type: 'category', series: [{ data_key: 'total' }], title: 'Sales by region' } }] }),
    { text: answer, delayMs: 300 },
  );
}

describe('Slack posts retry transient failures', () => {
  it('ratelimited twice on chat.postMessage and once on the upload: the answer and the chart are delivered', async () => {
    enqueueChartAnswer('North sold 300, South 50.');
    await harness.sendEvent({ user: 'UANA', text: '<@UBOT> sales by region?', channel: 'C1', ts: '100.1' });
    await slack.waitFor(() => slack.threadMessages('C1', '100.1').find((message) => message.text === 'Thinking…'));
    slack.failNext('chat.postMessage', { error: 'ratelimited' });
    slack.failNext('chat.postMessage', { error: 'ratelimited' });
    slack.failNext('files.getUploadURLExternal', { error: 'ratelimited' });

    const chart = await slack.waitFor(() => slack.files.find((file) => file.filename.endsWith('.png') && file.threadTs === '100.1'), 15_000);
    expect(chart.title).toBe('Sales by region');
    const answers = slack.threadMessages('C1', '100.1').filter((message) => message.text.includes('North sold 300'));
    expect(answers).toHaveLength(1);
    expect(slack.calls.filter((call) => call.method === 'chat.postMessage' && call.failedWith === 'ratelimited')).toHaveLength(2);
    expect(slack.calls.filter((call) => call.method === 'files.getUploadURLExternal' && call.failedWith === 'ratelimited')).toHaveLength(1);
    // Nothing was reported as missing, and the retries are visible to the operator.
    expect(slack.threadMessages('C1', '100.1').some((message) => message.text.includes('could not be delivered'))).toBe(false);
    expect(harness.logs.filter((line) => line.level === 'warn' && line.message.includes('ratelimited')).length).toBeGreaterThanOrEqual(3);
  });

  it('a chart upload Slack keeps refusing is reported in the thread, not dropped', async () => {
    enqueueChartAnswer('North leads.');
    await harness.sendEvent({ user: 'UANA', text: '<@UBOT> chart please', channel: 'C1', ts: '200.1' });
    await slack.waitFor(() => slack.threadMessages('C1', '200.1').find((message) => message.text === 'Thinking…'));
    for (let attempt = 0; attempt < FAST_RETRY.retries + 1; attempt += 1) slack.failNext('files.getUploadURLExternal', { error: 'ratelimited' });

    const notice = await slack.waitFor(() => slack.threadMessages('C1', '200.1').find((message) => message.text.includes('could not be delivered')), 15_000);
    expect(notice.text).toContain('the file "Sales by region"');
    expect(slack.files.filter((file) => file.threadTs === '200.1')).toHaveLength(0);
    expect(slack.threadMessages('C1', '200.1').some((message) => message.text.includes('North leads.'))).toBe(true);
    expect(harness.logs.some((line) => line.level === 'error' && line.message.includes('upload') && line.message.includes('ratelimited'))).toBe(true);
  });

  it('when Slack keeps failing every post in the thread, the asker is told by direct message', async () => {
    fixture.model.enqueue({ text: 'The answer that cannot be posted.', delayMs: 300 });
    await harness.sendEvent({ user: 'UANA', text: '<@UBOT> anything', channel: 'C1', ts: '300.1' });
    await slack.waitFor(() => slack.threadMessages('C1', '300.1').find((message) => message.text === 'Thinking…'));
    // The answer and the note in the thread both exhaust their retries; the direct message gets through.
    for (let attempt = 0; attempt < 2 * (FAST_RETRY.retries + 1); attempt += 1) slack.failNext('chat.postMessage', { error: 'internal_error' });

    const direct = await slack.waitFor(() => slack.callsOf('chat.postMessage').find((call) => call.args.channel === 'UANA'), 15_000);
    expect(String(direct.args.text)).toContain('a part of the answer could not be delivered');
    expect(String(direct.args.text)).toContain('<#C1>');
    expect(slack.threadMessages('C1', '300.1').some((message) => message.text.includes('The answer that cannot be posted.'))).toBe(false);
    expect(harness.logs.some((line) => line.level === 'error' && line.message.includes('internal_error'))).toBe(true);
  });
});
