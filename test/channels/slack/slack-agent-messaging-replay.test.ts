// Slack's agent messaging experience, replayed from Slack's documented payloads
// (test/channels/recordings/slack/) through the real receiver: signed requests to /slack/events over
// HTTP, Bolt, the adapter, the engine (SQLite state, DuckDB, the scripted model) and the fake Slack
// Web API. Beside each agent-experience flow, the assistant-experience flow that apps installed with
// assistant_view still send: the same prompts, titles and status, only where Slack wants them.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Application } from '../../../src/application.js';
import { startFakeSlackApi, type FakeSlackApi } from '../../fakes/slack-api-server.js';
import { SCRIPTED_MODEL } from '../../support/e2e-workspace.js';
import { loadRecording } from '../recordings/load-recording.js';
import { problemsInCalls } from './support/block-kit-validator.js';
import { startEngineFixture, type EngineFixture } from './support/engine-fixture.js';
import { startSlackHarness, type SlackHarness } from './support/slack-harness.js';

let fixture: EngineFixture;
let application: Application;
let slack: FakeSlackApi;
let harness: SlackHarness;
let replayCount = 0;
const nextReplay = () => ++replayCount;

/** Who the fake Slack API says the bot is, and the workspace it is installed in. */
const BOT = { bot_user_id: 'UBOT', bot_id: 'BBOT', team_id: 'T1' };
/** The person and the DM of the documented payloads. */
const PERSON = 'U123ABC456';
const DM = 'D123ABC456';
const CONFIG = {
  databases: [{ name: 'shop', type: 'duckdb', path: 'shop.duckdb' }],
  agent: { model: SCRIPTED_MODEL },
  access: { rules: [{ databases: ['shop'], teams: [BOT.team_id] }] },
};

beforeAll(async () => {
  fixture = await startEngineFixture(CONFIG);
});

afterAll(async () => {
  await fixture.close();
});

beforeEach(async () => {
  slack = await startFakeSlackApi();
  slack.addUser({ id: PERSON, name: 'opal', email: 'opal@example.com' });
  application = await fixture.open();
  harness = await startSlackHarness({ handler: application.engine, slack });
});

afterEach(async () => {
  expect(problemsInCalls(slack.calls)).toEqual([]);
  expect(fixture.model.pending()).toBe(0);
  await harness.close();
  await application.close();
  await slack.close();
});

async function replay(name: string, values: Record<string, unknown> = {}): Promise<void> {
  const response = await harness.sendEnvelope(loadRecording('slack', name, { ...BOT, event_id: `Ev0AGENT${nextReplay()}`, ...values }).body);
  expect(response.status).toBe(200);
}

function userTexts(): string[] {
  const request = fixture.model.requests.at(-1)!;
  return request.messages.filter((message) => message.role === 'user').map((message) => (typeof message.content === 'string' ? message.content : JSON.stringify(message.content)));
}

const EXPECTED_PROMPT_TITLES = ['What can I ask?', 'Explore sales'];

describe('Slack agent messaging experience, replayed', () => {
  it('app_home_opened with tab "messages": the Messages tab gets the prompts, with no thread_ts (Slack drops such a call for an agent app)', async () => {
    const modelRequestsBefore = fixture.model.requests.length;
    await replay('app-home-opened-messages-tab');
    const call = await slack.waitFor(() => slack.callsOf('assistant.threads.setSuggestedPrompts')[0]);
    expect(call.args).not.toHaveProperty('thread_ts');
    expect(call.args).toMatchObject({ channel_id: DM, title: 'Try asking about your data:' });
    const prompts = call.args.prompts as Array<{ title: string; message: string }>;
    expect(prompts.map((prompt) => prompt.title)).toEqual(EXPECTED_PROMPT_TITLES);
    expect(prompts[1]!.message).toContain('sales table in shop');
    // The Messages tab is not the Home tab: no Home view is published, and nothing is asked of the model.
    expect(slack.callsOf('views.publish')).toEqual([]);
    expect(fixture.model.requests).toHaveLength(modelRequestsBefore);
  });

  it('app_context_changed as the reference page shows it (the viewed context only): acknowledged, and nothing is called, since it names no tab', async () => {
    await replay('app-context-changed');
    // Bolt runs the listener before it answers (processBeforeResponse), so whatever it started is already in the calls.
    expect(slack.calls.map((call) => call.method).filter((method) => method !== 'auth.test' && method !== 'users.info')).toEqual([]);
  });

  it('app_context_changed naming the person and the DM (as @slack/types declares it): the prompts of the Messages tab are set again', async () => {
    await replay('app-context-changed-with-user');
    const call = await slack.waitFor(() => slack.callsOf('assistant.threads.setSuggestedPrompts')[0]);
    expect(call.args).not.toHaveProperty('thread_ts');
    expect(call.args.channel_id).toBe(DM);
    expect((call.args.prompts as Array<{ title: string }>).map((prompt) => prompt.title)).toEqual(EXPECTED_PROMPT_TITLES);
  });

  it('message.im with no thread_ts (the person’s message is the root): answered in its thread, with the native status while working and the thread titled', async () => {
    fixture.model.enqueue({ text: 'South leads with 250.' });
    const ts = `1729999500.${String(nextReplay()).padStart(6, '0')}`;
    await replay('message-im-agent-root', { ts });
    await slack.waitFor(() => slack.threadMessages(DM, ts).find((message) => message.text === 'South leads with 250.'));
    expect(userTexts()).toEqual(['Which region sold the most?']);
    const answers = slack.callsOf('chat.postMessage').map((call) => call.args);
    expect(answers.every((args) => args.channel === DM && args.thread_ts === ts)).toBe(true);
    // Status while working: set on the thread, then cleared (the bridge maps them to processing / active).
    await slack.waitFor(() => slack.callsOf('assistant.threads.setStatus').find((call) => call.args.status === ''));
    const statuses = slack.callsOf('assistant.threads.setStatus').map((call) => call.args);
    expect(statuses.at(0)).toMatchObject({ channel_id: DM, thread_ts: ts, status: 'Thinking…' });
    expect(statuses.at(-1)).toMatchObject({ channel_id: DM, thread_ts: ts, status: '' });
    await slack.waitFor(() => slack.callsOf('assistant.threads.setTitle')[0]);
    expect(slack.callsOf('assistant.threads.setTitle').map((call) => call.args)).toEqual([{ channel_id: DM, thread_ts: ts, title: 'Which region sold the most?' }]);
  });

  it('the assistant experience still works: assistant_thread_started gets the same prompts, on the pane’s thread', async () => {
    await replay('app-home-opened-messages-tab');
    const agent = await slack.waitFor(() => slack.callsOf('assistant.threads.setSuggestedPrompts')[0]);
    await replay('assistant-thread-started');
    const assistant = await slack.waitFor(() => slack.callsOf('assistant.threads.setSuggestedPrompts')[1]);
    expect(assistant.args).toMatchObject({ channel_id: DM, thread_ts: '1729999327.187299' });
    expect(assistant.args.prompts).toEqual(agent.args.prompts);
    expect(assistant.args.title).toBe(agent.args.title);
  });
});
