// End to end through the real engine: signed Slack requests → Bolt → the adapter → the
// ConversationEngine (SQLite state, DuckDB, the scripted OpenAI fake) → the fake Slack Web API.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Application } from '../../../src/application.js';
import { firstQueryIdIn, type RecordedChatRequest } from '../../fakes/openai-server.js';
import { startFakeSlackApi, type FakeSlackApi } from '../../fakes/slack-api-server.js';
import { problemsInCalls } from './support/block-kit-validator.js';
import { startEngineFixture, type EngineFixture } from './support/engine-fixture.js';
import { startSlackHarness, type SlackHarness } from './support/slack-harness.js';
import { findButton, messageEnvelope } from './support/slack-requests.js';

let fixture: EngineFixture;
let application: Application;
let slack: FakeSlackApi;
let harness: SlackHarness;

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const SALES_SQL = 'SELECT region, SUM(amount) AS total FROM sales GROUP BY region ORDER BY region';
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

beforeAll(async () => {
  fixture = await startEngineFixture();
});

afterAll(async () => {
  await fixture.close();
});

beforeEach(async () => {
  slack = await startFakeSlackApi();
  slack.addUser({ id: 'UANA', name: 'ana', email: 'ana@example.com' });
  slack.addUser({ id: 'UBEN', name: 'ben', email: 'ben@example.com' });
  application = await fixture.open();
  harness = await startSlackHarness({ handler: application.engine, slack, getQueryResult: (threadId, queryId) => application.store.getQueryResult(threadId, queryId) });
});

afterEach(async () => {
  expect(problemsInCalls(slack.calls)).toEqual([]);
  expect(fixture.model.pending()).toBe(0);
  await harness.close();
  await application.close();
  await slack.close();
});

function userTexts(request: RecordedChatRequest): string[] {
  return request.messages.filter((message) => message.role === 'user').map((message) => (typeof message.content === 'string' ? message.content : JSON.stringify(message.content)));
}

async function askAndAnswer(ts: string, question: string, answer: string, followUps: string[] = []): Promise<void> {
  fixture.model.enqueue(followUps.length > 0 ? { text: answer, toolCalls: [{ name: 'suggest_follow_ups', arguments: { suggestions: followUps } }] } : { text: answer });
  await harness.sendEvent({ user: 'UANA', text: `<@UBOT> ${question}`, channel: 'C1', ts });
  await slack.waitFor(() => slack.threadMessages('C1', ts).find((message) => message.text.includes(answer.slice(0, 20))));
}

describe('Slack end to end', () => {
  it('1. mention → SQL → chart → answer → follow-ups, all in the mention thread', async () => {
    fixture.model.enqueue(
      { toolCalls: [{ name: 'execute_sql', arguments: { sql_query: SALES_SQL } }] },
      (request) => ({ toolCalls: [{ name: 'display_chart', arguments: { query_id: firstQueryIdIn(request), chart_type: 'bar', x_axis_key: 'region', x_axis_type: 'category', series: [{ data_key: 'total' }], title: 'Sales by region' } }] }),
      // The delay lets the once-a-second status edit happen while the model "thinks".
      { text: '## Sales\nNorth sold **300**, South *50*.', delayMs: 1_100, toolCalls: [{ name: 'suggest_follow_ups', arguments: { suggestions: ['Sales by month?', 'Top customers in North?'] } }] },
    );
    const response = await harness.sendEvent({ user: 'UANA', text: '<@UBOT> sales by region?', channel: 'C1', ts: '100.1' });
    expect(response.status).toBe(200);

    const controls = await slack.waitFor(() => slack.threadMessages('C1', '100.1').find((message) => findButton(message.blocks ?? [], 'datathread_follow_up_0')));
    // The working message goes once the answer is complete.
    await slack.waitFor(() => slack.callsOf('chat.delete').length === 1);
    const thread = slack.threadMessages('C1', '100.1');
    const answer = thread.find((message) => message.text.includes('North sold'))!;
    expect(answer.blocks).toEqual([{ type: 'section', text: { type: 'mrkdwn', text: '*Sales*\nNorth sold *300*, South _50_.' } }]);
    expect(findButton(controls.blocks ?? [], 'datathread_follow_up_1')?.text).toMatchObject({ text: 'Top customers in North?' });
    expect(findButton(controls.blocks ?? [], 'datathread_show_sql_0')).toBeDefined();
    expect(findButton(controls.blocks ?? [], 'datathread_csv_0')).toBeDefined();
    // Every post went into the mention's thread; the working message is gone.
    expect(slack.callsOf('chat.postMessage').every((call) => call.args.channel === 'C1' && call.args.thread_ts === '100.1')).toBe(true);
    expect(thread.some((message) => message.text === 'Thinking…' || message.text.endsWith('…'))).toBe(false);
    // The chart: uploaded into the thread, titled, a real PNG, and before the buttons.
    const chart = slack.files.find((file) => file.filename.endsWith('.png'))!;
    expect(chart).toMatchObject({ channelId: 'C1', threadTs: '100.1', title: 'Sales by region' });
    expect(chart.bytes.subarray(0, 8)).toEqual(PNG_MAGIC);
    const methods = slack.calls.map((call) => call.method);
    expect(methods.indexOf('files.completeUploadExternal')).toBeLessThan(methods.lastIndexOf('chat.postMessage'));
    // Status edits named what the agent did.
    expect(slack.callsOf('chat.update').map((call) => call.args.text)).toContain('Drawing a chart…');
  });

  it('2. a follow-up click continues the thread with its history; a second click runs nothing', async () => {
    await askAndAnswer('200.1', 'sales by region?', 'North leads with 300.', ['Sales by month?']);
    const withButtons = slack.threadMessages('C1', '200.1').find((message) => findButton(message.blocks ?? [], 'datathread_follow_up_0'))!;
    const snapshot = structuredClone(withButtons);
    fixture.model.enqueue({ text: 'Monthly sales are flat.' });

    expect((await harness.click(snapshot, 'datathread_follow_up_0', 'UBEN')).status).toBe(200);
    await slack.waitFor(() => slack.threadMessages('C1', '200.1').find((message) => message.text === 'Monthly sales are flat.'));
    const thread = slack.threadMessages('C1', '200.1').map((message) => message.text);
    expect(thread).toContain('<@UBEN> asked: Sales by month?');
    expect(thread.indexOf('<@UBEN> asked: Sales by month?')).toBeLessThan(thread.indexOf('Monthly sales are flat.'));
    const followUpRequest = fixture.model.requests.at(-1)!;
    expect(userTexts(followUpRequest)).toEqual(['sales by region?', 'Sales by month?']);
    expect(JSON.stringify(followUpRequest.messages)).toContain('North leads with 300.');
    // The buttons were replaced by who chose what.
    const updated = slack.messages.find((message) => message.ts === snapshot.ts)!;
    expect(findButton(updated.blocks ?? [], 'datathread_follow_up_0')).toBeUndefined();
    expect(JSON.stringify(updated.blocks)).toContain('→ <@UBEN> chose “Sales by month?”');

    const requestsBefore = fixture.model.requests.length;
    await harness.click(snapshot, 'datathread_follow_up_0', 'UBEN');
    await sleep(400);
    expect(fixture.model.requests.length).toBe(requestsBefore);
    expect(slack.threadMessages('C1', '200.1').filter((message) => message.text.startsWith('<@UBEN> asked'))).toHaveLength(1);
  });

  it('3. clarification → bot restarted → a thread reply answers it → the turn resumes', async () => {
    fixture.model.enqueue({ toolCalls: [{ name: 'clarification', arguments: { question: 'Which region do you mean?', options: ['North', 'South'] } }] });
    await harness.sendEvent({ user: 'UANA', text: '<@UBOT> sales for the region', channel: 'C1', ts: '300.1' });
    const question = await slack.waitFor(() => slack.threadMessages('C1', '300.1').find((message) => findButton(message.blocks ?? [], 'datathread_clarification_1')));
    expect(JSON.stringify(question.blocks)).toContain('*Which region do you mean?*');

    // Restart: stop the channel and the core, then build both again on the same state file.
    await harness.stopChannel();
    await application.close();
    application = await fixture.open();
    await harness.restart(application.engine);

    fixture.model.enqueue({ text: 'North sold 300.' });
    await harness.sendEvent({ type: 'message', user: 'UANA', text: 'North', channel: 'C1', ts: '300.2', thread_ts: '300.1', channel_type: 'channel' });
    await slack.waitFor(() => slack.threadMessages('C1', '300.1').find((message) => message.text === 'North sold 300.'));
    expect(userTexts(fixture.model.requests.at(-1)!).at(-1)).toBe('Answer to your question "Which region do you mean?": North');
  });

  it('3b. a clarification option click answers the question', async () => {
    fixture.model.enqueue({ toolCalls: [{ name: 'clarification', arguments: { question: 'Which year?', options: ['2024', '2025'] } }] });
    await harness.sendEvent({ user: 'UANA', text: '<@UBOT> yearly sales', channel: 'C1', ts: '310.1' });
    const question = await slack.waitFor(() => slack.threadMessages('C1', '310.1').find((message) => findButton(message.blocks ?? [], 'datathread_clarification_1')));
    fixture.model.enqueue({ text: 'In 2025: 350.' });
    await harness.click(question, 'datathread_clarification_1', 'UANA');
    await slack.waitFor(() => slack.threadMessages('C1', '310.1').find((message) => message.text === 'In 2025: 350.'));
    expect(userTexts(fixture.model.requests.at(-1)!).at(-1)).toBe('Answer to your question "Which year?": 2025');
    expect(JSON.stringify(slack.messages.find((message) => message.ts === question.ts)!.blocks)).toContain('→ <@UANA> chose “2025”');
  });

  it('4. the same event delivered three times (and its message twin) runs once', async () => {
    fixture.model.enqueue({ text: 'Once only.' });
    const envelope = messageEnvelope({ user: 'UANA', text: '<@UBOT> count', channel: 'C1', ts: '400.1', eventId: 'EvSame' });
    const twin = messageEnvelope({ type: 'message', user: 'UANA', text: '<@UBOT> count', channel: 'C1', ts: '400.1', channel_type: 'channel', eventId: 'EvTwin' });
    const responses = await Promise.all([harness.sendEnvelope(envelope), harness.sendEnvelope(envelope, { retryNum: 1 }), harness.sendEnvelope(twin)]);
    await harness.sendEnvelope(envelope, { retryNum: 2 });
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    await slack.waitFor(() => slack.threadMessages('C1', '400.1').find((message) => message.text === 'Once only.'));
    await sleep(400);
    expect(fixture.model.requests.filter((request) => userTexts(request).at(-1) === 'count')).toHaveLength(1);
    expect(slack.threadMessages('C1', '400.1').filter((message) => message.text === 'Once only.')).toHaveLength(1);
  });

  it('6. two messages sent at once in one thread run one after the other', async () => {
    await askAndAnswer('600.1', 'start', 'Started.');
    const arrivals: number[] = [];
    const slowStep = (text: string) => (request: RecordedChatRequest) => {
      arrivals.push(Date.now());
      return { text: `${text} (saw ${userTexts(request).length} questions)`, delayMs: 400 };
    };
    fixture.model.enqueue(slowStep('First reply'), slowStep('Second reply'));
    await Promise.all([
      harness.sendEvent({ type: 'message', user: 'UANA', text: 'one', channel: 'C1', ts: '600.2', thread_ts: '600.1', channel_type: 'channel' }),
      harness.sendEvent({ type: 'message', user: 'UBEN', text: 'two', channel: 'C1', ts: '600.3', thread_ts: '600.1', channel_type: 'channel' }),
    ]);
    await slack.waitFor(() => slack.threadMessages('C1', '600.1').filter((message) => / reply \(saw/.test(message.text)).length === 2 || undefined);
    expect(arrivals[1]! - arrivals[0]!).toBeGreaterThanOrEqual(380);
    const replies = slack.threadMessages('C1', '600.1').filter((message) => / reply \(saw/.test(message.text)).map((message) => message.text);
    // The second turn saw the first one in its history: 3 questions, not 2.
    expect(replies).toEqual(['First reply (saw 2 questions)', 'Second reply (saw 3 questions)']);
  });

  it('7. an answer longer than Slack limits arrives whole, and a 429 from Slack is retried', async () => {
    const paragraphs = Array.from({ length: 30 }, (_unused, index) => `Paragraph ${index}: ${'revenue grew steadily '.repeat(20).trim()}.`);
    const longAnswer = paragraphs.join('\n\n');
    expect(longAnswer.length).toBeGreaterThan(12_000);
    fixture.model.enqueue({ text: longAnswer, delayMs: 300 });
    await harness.sendEvent({ user: 'UANA', text: '<@UBOT> long report', channel: 'C1', ts: '700.1' });
    await slack.waitFor(() => slack.threadMessages('C1', '700.1').find((message) => message.text === 'Thinking…'));
    slack.failNext('chat.postMessage', { status: 429, retryAfterSeconds: 1 });

    await slack.waitFor(() => slack.threadMessages('C1', '700.1').find((message) => JSON.stringify(message.blocks ?? []).includes('Paragraph 29:')), 15_000);
    expect(slack.calls.filter((call) => call.method === 'chat.postMessage' && call.failedWith === '429')).toHaveLength(1);
    const sections = slack
      .threadMessages('C1', '700.1')
      .flatMap((message) => (message.blocks ?? []) as Array<{ type: string; text?: { text: string } }>)
      .filter((block) => block.type === 'section')
      .map((block) => block.text!.text);
    expect(sections.length).toBeGreaterThan(4);
    expect(sections.every((text) => text.length <= 3_000)).toBe(true);
    expect(sections.join('\n\n')).toBe(longAnswer);
    expect(slack.threadMessages('C1', '700.1').filter((message) => message.text !== 'Thinking…').length).toBeGreaterThan(1);
  });

  it('7b. an answer beyond a sane size is posted as a preview plus the full text as a file', async () => {
    const hugeAnswer = Array.from({ length: 400 }, (_unused, index) => `Line ${index}: ${'x'.repeat(120)}`).join('\n');
    fixture.model.enqueue({ text: hugeAnswer });
    await harness.sendEvent({ user: 'UANA', text: '<@UBOT> everything', channel: 'C1', ts: '710.1' });
    const file = await slack.waitFor(() => slack.files.find((candidate) => candidate.filename === 'answer.md' && candidate.threadTs === '710.1'));
    expect(file.bytes.toString('utf8')).toBe(hugeAnswer);
    expect(JSON.stringify(slack.threadMessages('C1', '710.1').map((message) => message.blocks))).toContain('attached as a file');
  });
});
