// 👍/👎 end to end: the real engine answers through the scripted model, the answer ends with
// Slack's feedback buttons, a 👎 opens the "What went wrong?" modal (views.open on the fake Slack
// API), the modal's text updates the stored row, and `datathread feedback` lists it with the
// question and the SQL that ran.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Application } from '../../../src/application.js';
import { runCli } from '../../../src/cli/main.js';
import { startFakeSlackApi, type FakeSlackApi, type FakeSlackMessage } from '../../fakes/slack-api-server.js';
import { captureOutput } from '../../support/e2e-workspace.js';
import { problemsInCalls } from './support/block-kit-validator.js';
import { startEngineFixture, type EngineFixture } from './support/engine-fixture.js';
import { SIGNING_SECRET, startSlackHarness, type SlackHarness } from './support/slack-harness.js';
import { feedbackClickPayload, sendSlackAction, viewSubmissionPayload } from './support/slack-requests.js';

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
  slack.addUser({ id: 'UANA', name: 'ana', email: 'ana@example.com' });
  slack.addUser({ id: 'UBEN', name: 'ben', email: 'ben@example.com' });
  application = await fixture.open();
  harness = await startSlackHarness({
    handler: application.engine,
    slack,
    getQueryResult: (threadId, queryId) => application.store.getQueryResult(threadId, queryId),
    feedback: application.feedback,
  });
});

afterEach(async () => {
  expect(problemsInCalls(slack.calls)).toEqual([]);
  expect(fixture.model.pending()).toBe(0);
  await harness.close();
  await application.close();
  await slack.close();
});

function feedbackMessage(threadTs: string): FakeSlackMessage | undefined {
  return slack.threadMessages('C1', threadTs).find((message) => (message.blocks as Array<{ type: string }> | undefined)?.some((block) => block.type === 'context_actions'));
}

async function askAboutSales(threadTs: string): Promise<FakeSlackMessage> {
  fixture.model.enqueue({ toolCalls: [{ name: 'execute_sql', arguments: { sql_query: SALES_SQL } }] }, { text: 'North sold 300, South 50.' });
  await harness.sendEvent({ user: 'UANA', text: '<@UBOT> sales by region?', channel: 'C1', ts: threadTs });
  return slack.waitFor(() => feedbackMessage(threadTs));
}

function click(message: FakeSlackMessage, rating: 'positive' | 'negative', userId: string): Promise<Response> {
  return sendSlackAction(harness.eventsUrl, SIGNING_SECRET, feedbackClickPayload(message, rating, userId, slack.issueTriggerId()));
}

async function feedbackCli(argv: string[]): Promise<string> {
  const captured = captureOutput();
  expect(await runCli(['feedback', ...argv], { variables: fixture.variables, output: captured.output })).toBe(0);
  return captured.text();
}

describe('Slack feedback', () => {
  it('ends an answer with 👍/👎 as the last block of the reply', async () => {
    const message = await askAboutSales('300.1');
    const blocks = message.blocks as Array<Record<string, unknown>>;
    const feedback = blocks.at(-1)!;
    expect(feedback).toMatchObject({
      type: 'context_actions',
      elements: [{ type: 'feedback_buttons', action_id: 'datathread_feedback', positive_button: { text: { text: '👍' } }, negative_button: { text: { text: '👎' } } }],
    });
    // The buttons sit on the last message of the reply.
    expect(slack.threadMessages('C1', '300.1').at(-1)?.ts).toBe(message.ts);
  });

  it('a 👎 opens the modal, its text updates the same row, and `datathread feedback` lists it with question and SQL', async () => {
    const message = await askAboutSales('400.1');
    expect((await click(message, 'negative', 'UANA')).status).toBe(200);
    const opened = await slack.waitFor(() => slack.openedViews[0]);
    expect(opened.view).toMatchObject({ type: 'modal', callback_id: 'datathread_feedback_modal', title: { text: 'What went wrong?' } });
    // The rating is kept before any text arrives, so closing the modal loses nothing.
    const threadId = 'slack:T1:C1:400.1';
    await waitForFeedback(threadId, (records) => records.length === 1);
    expect((await application.store.listFeedback()).filter((record) => record.threadId === threadId)).toEqual([
      expect.objectContaining({ messageId: message.ts, rating: 'negative', comment: null, question: 'sales by region?', sql: [SALES_SQL], actor: { platform: 'slack', userId: 'UANA', displayName: 'ana' } }),
    ]);

    const submitted = await sendSlackAction(harness.eventsUrl, SIGNING_SECRET, viewSubmissionPayload(opened, 'UANA', { datathread_feedback_comment: { datathread_feedback: 'South should include refunds' } }));
    expect(submitted.status).toBe(200);
    await waitForFeedback(threadId, (records) => records[0]?.comment === 'South should include refunds');
    const records = (await application.store.listFeedback()).filter((record) => record.threadId === threadId);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ rating: 'negative', comment: 'South should include refunds', sql: [SALES_SQL] });
    // The person hears back privately that it was kept.
    await slack.waitFor(() => slack.ephemerals.find((ephemeral) => ephemeral.recipient === 'UANA' && ephemeral.text === 'Thanks for the feedback.'));

    const csv = await feedbackCli(['--format', 'csv']);
    const line = csv.split('\r\n').find((row) => row.includes('slack:T1:C1:400.1'));
    expect(line).toContain(',down,ana (slack UANA),sales by region?,South should include refunds,');
    expect(line).toContain(SALES_SQL);
  });

  it('a second click by the same person changes the rating instead of adding a row; another person gets their own', async () => {
    const message = await askAboutSales('500.1');
    const threadId = 'slack:T1:C1:500.1';
    await click(message, 'positive', 'UANA');
    await waitForFeedback(threadId, (records) => records.length === 1);
    await click(message, 'negative', 'UANA');
    await slack.waitFor(() => slack.openedViews.length === 1);
    await waitForFeedback(threadId, (records) => records[0]?.rating === 'negative');
    await click(message, 'positive', 'UBEN');
    await waitForFeedback(threadId, (records) => records.length === 2);
    const records = (await application.store.listFeedback()).filter((record) => record.threadId === threadId);
    expect(records.map((record) => [record.actor.userId, record.rating])).toEqual([
      ['UANA', 'negative'],
      ['UBEN', 'positive'],
    ]);
    // Only the 👎 opened a modal.
    expect(slack.openedViews).toHaveLength(1);
    const listed = JSON.parse(await feedbackCli(['--since', new Date().toISOString().slice(0, 10), '--format', 'json'])) as Array<{ threadId: string; rating: string }>;
    expect(listed.filter((record) => record.threadId === threadId).map((record) => record.rating)).toEqual(['negative', 'positive']);
  });
});

async function waitForFeedback(threadId: string, done: (records: Awaited<ReturnType<Application['store']['listFeedback']>>) => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const records = (await application.store.listFeedback()).filter((record) => record.threadId === threadId);
    if (done(records)) return;
    if (Date.now() > deadline) throw new Error(`Feedback for ${threadId} did not arrive: ${JSON.stringify(records)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
