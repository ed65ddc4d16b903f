// `stop` and `sign out` in Teams, through the real engine and the Agents SDK: `stop` while a turn
// runs cancels it (the thread gets the one "Stopped." card, the model's late answer is never
// posted), `stop` with nothing running says so; `sign out` without federated databases says there
// is nothing to sign out of; neither is sent to the model as a question.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TURN_SENTENCES } from '../../../src/conversations/standard-sentences.js';
import { NOTHING_TO_SIGN_OUT_SENTENCE } from '../../../src/channels/teams/actions/thread-commands.js';
import { startFakeBotConnector, type FakeBotConnector, type RecordedConnectorCall } from '../../fakes/bot-connector-server.js';
import { createE2eWorkspace, type E2eWorkspace } from '../../support/e2e-workspace.js';
import { startTeamsBot, stopTeamsBot, type RunningTeamsBot } from './support/teams-bot.js';
import { attachmentProblemsIn } from './adaptive-card-validation.js';
import { channelCardClick, channelMention, channelThreadReply, personalMessage, postActivity } from './teams-activities.js';

let workspace: E2eWorkspace;
let connector: FakeBotConnector;
let running: RunningTeamsBot | undefined;

beforeAll(async () => {
  workspace = await createE2eWorkspace({ prefix: 'teams-commands', duckdb: ['CREATE TABLE t (x INTEGER)'] });
  connector = await startFakeBotConnector();
});

afterEach(async () => {
  expect(await attachmentProblemsIn(connector.messages())).toEqual([]);
  connector.clear();
  await stopTeamsBot(running);
  running = undefined;
  expect(workspace.fakeModel.pending()).toBe(0);
});

afterAll(async () => {
  await stopTeamsBot(running);
  await connector.close();
  await workspace.close();
});

function texts(call: RecordedConnectorCall | undefined): string[] {
  return ((call?.activity.attachments as Array<{ content: { body: Array<{ text?: string }> } }> | undefined) ?? []).flatMap((attachment) => attachment.content.body.map((element) => element.text ?? ''));
}

describe('Teams thread commands', () => {
  it('`stop` in the thread cancels the running turn; the late answer is never posted', async () => {
    running = await startTeamsBot(workspace.variables);
    const bot = running;
    const requestsBefore = workspace.fakeModel.requests.length;
    workspace.fakeModel.enqueue({ text: 'This answer comes too late.', delayMs: 3_000 });
    await postActivity(bot.baseUrl, channelMention(connector.url, 'stop-root-1', 'a slow question'));
    // The model is thinking: the turn runs.
    for (const deadline = Date.now() + 5_000; workspace.fakeModel.requests.length === requestsBefore && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await postActivity(bot.baseUrl, channelThreadReply(connector.url, 'stop-reply-1', 'stop-root-1', 'stop'))).status).toBe(200);
    await bot.channel.idle();
    const posted = connector.messages().map(texts);
    expect(posted).toEqual([[TURN_SENTENCES.stopped]]);
    // `stop` was not asked as a question: the model saw only the slow one.
    expect(workspace.fakeModel.requests.length).toBe(requestsBefore + 1);
  });

  it('`stop` with nothing running says so; `sign out` without federated databases says there is nothing to sign out of', async () => {
    running = await startTeamsBot(workspace.variables);
    const bot = running;
    const requestsBefore = workspace.fakeModel.requests.length;
    await postActivity(bot.baseUrl, personalMessage(connector.url, 'cmd-1', 'Stop.'));
    await bot.channel.idle();
    await postActivity(bot.baseUrl, personalMessage(connector.url, 'cmd-2', 'sign out'));
    await bot.channel.idle();
    await postActivity(bot.baseUrl, channelCardClick(connector.url, 'cmd-3', 'root-x', 'card-x', { datathread: 'sign_out' }));
    await bot.channel.idle();
    expect(connector.messages().map(texts)).toEqual([['Nothing is running in this thread any more.'], [NOTHING_TO_SIGN_OUT_SENTENCE], [NOTHING_TO_SIGN_OUT_SENTENCE]]);
    expect(workspace.fakeModel.requests).toHaveLength(requestsBefore);
  });
});
