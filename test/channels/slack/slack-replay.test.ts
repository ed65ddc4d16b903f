// Replays Slack's documented payloads (test/channels/recordings/slack/) through the real receiver:
// signed requests to /slack/events over HTTP, Bolt, the adapter, the engine (SQLite state, DuckDB,
// the scripted model) and the fake Slack Web API. The hand-built payloads of the other suites
// carry only the fields the adapter reads; these carry everything Slack documents, quirks included.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Application } from '../../../src/application.js';
import { startFakeSlackApi, type FakeSlackApi, type FakeSlackMessage } from '../../fakes/slack-api-server.js';
import { SCRIPTED_MODEL } from '../../support/e2e-workspace.js';
import { loadRecording } from '../recordings/load-recording.js';
import { problemsInCalls } from './support/block-kit-validator.js';
import { startEngineFixture, type EngineFixture } from './support/engine-fixture.js';
import { SIGNING_SECRET, startSlackHarness, type SlackHarness } from './support/slack-harness.js';
import { feedbackClickPayload, findButton, sendSlackAction } from './support/slack-requests.js';

let fixture: EngineFixture;
let application: Application;
let slack: FakeSlackApi;
let harness: SlackHarness;
/** The ts of this test's mention: the tests share one state store, which remembers every event. */
let mentionTs: string;
let replayCount = 0;
const nextReplay = () => ++replayCount;

/** Who the fake Slack API says the bot is, and the workspace it is installed in. */
const BOT = { bot_user_id: 'UBOT', bot_id: 'BBOT', team_id: 'T1' };
/** Channel and asker of the documented app_mention example. */
const MENTION = { channel: 'C123ABC456', user: 'U061F7AUR' };
/**
 * The shop database is granted to the workspace the bot is installed in, so each replay also shows
 * which workspace a payload is judged by: the installing one, never another team it names.
 */
const CONFIG = {
  databases: [{ name: 'shop', type: 'duckdb', path: 'shop.duckdb' }],
  agent: { model: SCRIPTED_MODEL },
  access: { rules: [{ databases: ['shop'], teams: [BOT.team_id] }] },
};
const SALES_SQL = 'SELECT region, SUM(amount) AS total FROM sales GROUP BY region ORDER BY region';

beforeAll(async () => {
  fixture = await startEngineFixture(CONFIG);
});

afterAll(async () => {
  await fixture.close();
});

beforeEach(async () => {
  slack = await startFakeSlackApi();
  slack.addUser({ id: MENTION.user, name: 'jtorrance', email: 'jtorrance@example.com' });
  slack.addUser({ id: 'U123ABC456', name: 'opal', email: 'opal@example.com' });
  mentionTs = `1515449522.${String(nextReplay()).padStart(6, '0')}`;
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

function userTexts(): string[] {
  const request = fixture.model.requests.at(-1)!;
  return request.messages.filter((message) => message.role === 'user').map((message) => (typeof message.content === 'string' ? message.content : JSON.stringify(message.content)));
}

/** Replays the documented app_mention and waits for the answer in its thread. */
async function replayMention(answer: { text: string; followUps?: string[] }): Promise<FakeSlackMessage> {
  fixture.model.enqueue(answer.followUps ? { text: answer.text, toolCalls: [{ name: 'suggest_follow_ups', arguments: { suggestions: answer.followUps } }] } : { text: answer.text });
  const response = await harness.sendEnvelope(loadRecording('slack', 'app-mention', { ...BOT, ts: mentionTs, event_id: `Ev0MENTION${nextReplay()}` }).body);
  expect(response.status).toBe(200);
  // A message's text is its fallback for notifications: the answer, then any table below it.
  return slack.waitFor(() => slack.threadMessages(MENTION.channel, mentionTs).find((message) => message.text.split('\n')[0] === answer.text));
}

describe('Slack replay of documented payloads', () => {
  it('app_mention: the question reaches the model without the mention and the answer goes into the mention thread', async () => {
    await replayMention({ text: 'Rivers run to the sea.' });
    expect(userTexts()).toEqual(['is it everything a river should be?']);
    const posts = slack.callsOf('chat.postMessage');
    expect(posts.length).toBeGreaterThan(0);
    expect(posts.every((call) => call.args.channel === MENTION.channel && call.args.thread_ts === mentionTs)).toBe(true);
  });

  it('message with thread_ts: a reply in the thread continues the conversation without a mention', async () => {
    await replayMention({ text: 'Rivers run to the sea.' });
    fixture.model.enqueue({ text: 'The sea is salty.' });
    const response = await harness.sendEnvelope(loadRecording('slack', 'message-thread-reply', { ...BOT, thread_ts: mentionTs, ts: `1515449600.${String(nextReplay()).padStart(6, '0')}`, event_id: `Ev0REPLY${nextReplay()}` }).body);
    expect(response.status).toBe(200);
    await slack.waitFor(() => slack.threadMessages(MENTION.channel, mentionTs).find((message) => message.text === 'The sea is salty.'));
    expect(userTexts()).toEqual(['is it everything a river should be?', 'And what about the sea?']);
    expect(JSON.stringify(fixture.model.requests.at(-1)!.messages)).toContain('Rivers run to the sea.');
  });

  it('block_actions: a follow-up button click runs the follow-up in the thread and replaces the buttons', async () => {
    await replayMention({ text: 'Rivers run to the sea.', followUps: ['Which river is longest?'] });
    const withButtons = await slack.waitFor(() => slack.threadMessages(MENTION.channel, mentionTs).find((message) => findButton(message.blocks ?? [], 'datathread_follow_up_0')));
    const button = findButton(withButtons.blocks ?? [], 'datathread_follow_up_0')!;
    fixture.model.enqueue({ text: 'The Nile, narrowly.' });
    const click = loadRecording('slack', 'block-actions-button', {
      ...BOT,
      channel_id: withButtons.channel,
      message_ts: withButtons.ts,
      message_text: withButtons.text,
      message_blocks: withButtons.blocks,
      thread_ts: mentionTs,
      action_id: button.action_id,
      block_id: button.block_id ?? '',
      value: button.value ?? '',
      label: 'Which river is longest?',
    });
    expect((await sendSlackAction(harness.eventsUrl, SIGNING_SECRET, click.body)).status).toBe(200);

    await slack.waitFor(() => slack.threadMessages(MENTION.channel, mentionTs).find((message) => message.text === 'The Nile, narrowly.'));
    const thread = slack.threadMessages(MENTION.channel, mentionTs).map((message) => message.text);
    expect(thread.indexOf(`<@${MENTION.user}> asked: Which river is longest?`)).toBeLessThan(thread.indexOf('The Nile, narrowly.'));
    expect(userTexts()).toEqual(['is it everything a river should be?', 'Which river is longest?']);
    const updated = slack.messages.find((message) => message.ts === withButtons.ts)!;
    expect(findButton(updated.blocks ?? [], 'datathread_follow_up_0')).toBeUndefined();
    expect(JSON.stringify(updated.blocks)).toContain(`→ <@${MENTION.user}> chose “Which river is longest?”`);
  });

  it('view_submission: the text typed in the "What went wrong?" form is stored on the 👎 it explains', async () => {
    fixture.model.enqueue({ toolCalls: [{ name: 'execute_sql', arguments: { sql_query: SALES_SQL } }] });
    const answer = await replayMention({ text: 'North sold 300, South 50.' });
    const rated = await slack.waitFor(() => slack.threadMessages(MENTION.channel, mentionTs).find((message) => (message.blocks as Array<{ type: string }> | undefined)?.some((block) => block.type === 'context_actions')));
    expect(rated.ts).toBe(answer.ts);
    await sendSlackAction(harness.eventsUrl, SIGNING_SECRET, feedbackClickPayload(rated, 'negative', MENTION.user, slack.issueTriggerId()));
    const opened = await slack.waitFor(() => slack.openedViews[0]);
    const form = opened.view as { callback_id: string; private_metadata: string; blocks: Array<{ type: string; block_id?: string; element?: { action_id?: string } }> };
    const input = form.blocks.find((block) => block.type === 'input')!;
    const submission = loadRecording('slack', 'view-submission', {
      ...BOT,
      view_id: opened.id,
      view_hash: `${opened.id}-hash`,
      callback_id: form.callback_id,
      private_metadata: form.private_metadata,
      block_id: input.block_id!,
      action_id: input.element!.action_id!,
    });
    expect((await sendSlackAction(harness.eventsUrl, SIGNING_SECRET, submission.body)).status).toBe(200);

    const stored = await waitForFeedbackComment('South should include refunds');
    expect(stored).toMatchObject({ messageId: rated.ts, rating: 'negative', question: 'is it everything a river should be?', sql: [SALES_SQL], actor: { platform: 'slack', userId: MENTION.user } });
    expect(await application.store.listFeedback()).toHaveLength(1);
    await slack.waitFor(() => slack.ephemerals.find((ephemeral) => ephemeral.recipient === MENTION.user && ephemeral.text === 'Thanks for the feedback.'));
  });

  it('assistant_thread_started: the pane gets prompts for the databases of the installing workspace, not of the team the person is viewing', async () => {
    const modelRequestsBefore = fixture.model.requests.length;
    const response = await harness.sendEnvelope(loadRecording('slack', 'assistant-thread-started', BOT).body);
    expect(response.status).toBe(200);
    const call = await slack.waitFor(() => slack.callsOf('assistant.threads.setSuggestedPrompts')[0]);
    expect(call.args).toMatchObject({ channel_id: 'D123ABC456', thread_ts: '1729999327.187299', title: 'Try asking about your data:' });
    // The documented context names team T07XY8FPJ5C (the channel being viewed); the questions run in
    // the assistant thread of the installing workspace, which may use shop.
    const prompts = call.args.prompts as Array<{ title: string; message: string }>;
    expect(prompts.map((prompt) => prompt.title)).toEqual(['What can I ask?', 'Explore sales']);
    expect(prompts[1]!.message).toContain('sales table in shop');
    expect(fixture.model.requests).toHaveLength(modelRequestsBefore);
  });

  it('message.im in the assistant thread: answered in that thread, which is named after the question', async () => {
    fixture.model.enqueue({ text: 'South leads with 250.' });
    const question = loadRecording('slack', 'message-im-assistant-thread', { ...BOT, ts: `1729999400.${String(nextReplay()).padStart(6, '0')}`, event_id: `Ev0IM${nextReplay()}` });
    expect((await harness.sendEnvelope(question.body)).status).toBe(200);
    await slack.waitFor(() => slack.threadMessages('D123ABC456', '1729999327.187299').find((message) => message.text === 'South leads with 250.'));
    expect(userTexts()).toEqual(['Which region sold the most?']);
    expect(slack.callsOf('assistant.threads.setTitle').map((call) => call.args)).toEqual([{ channel_id: 'D123ABC456', thread_ts: '1729999327.187299', title: 'Which region sold the most?' }]);
  });
});

async function waitForFeedbackComment(comment: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const record = (await application.store.listFeedback()).find((candidate) => candidate.comment === comment);
    if (record) return record;
    if (Date.now() > deadline) throw new Error(`No feedback with the comment "${comment}" was stored.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
