// The assistant pane over real HTTP: assistant_thread_started and assistant_thread_context_changed
// get suggested prompts built by the real engine from the DuckDB schema; the first question of an
// assistant thread names the thread.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Application } from '../../../src/application.js';
import { startFakeSlackApi, type FakeSlackApi } from '../../fakes/slack-api-server.js';
import { problemsInCalls } from './support/block-kit-validator.js';
import { startEngineFixture, type EngineFixture } from './support/engine-fixture.js';
import { startSlackHarness, type SlackHarness } from './support/slack-harness.js';

let fixture: EngineFixture;
let application: Application;
let slack: FakeSlackApi;
let harness: SlackHarness;

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
  harness = await startSlackHarness({ handler: application.engine, slack });
});

afterEach(async () => {
  expect(problemsInCalls(slack.calls)).toEqual([]);
  await harness.close();
  await application.close();
  await slack.close();
});

function assistantEnvelope(type: 'assistant_thread_started' | 'assistant_thread_context_changed', viewedChannel: string) {
  return {
    token: 'legacy-verification-token',
    team_id: 'T1',
    api_app_id: 'A1',
    type: 'event_callback',
    event_id: `Ev${type}${viewedChannel}`,
    event_time: Math.floor(Date.now() / 1000),
    authorizations: [{ team_id: 'T1', user_id: 'UBOT', is_bot: true, is_enterprise_install: false }],
    event: {
      type,
      assistant_thread: { user_id: 'UANA', channel_id: 'D1', thread_ts: '40.1', context: { channel_id: viewedChannel, team_id: 'T1', enterprise_id: null } },
      event_ts: '40.2',
    },
  };
}

describe('Slack assistant pane', () => {
  it('offers prompts from the schema when the pane opens, and again when the viewed channel changes', async () => {
    expect((await harness.sendEnvelope(assistantEnvelope('assistant_thread_started', 'C1'))).status).toBe(200);
    const offered = await slack.waitFor(() => slack.callsOf('assistant.threads.setSuggestedPrompts')[0]);
    expect(offered.args).toMatchObject({ channel_id: 'D1', thread_ts: '40.1', title: 'Try asking about your data:' });
    const prompts = offered.args.prompts as Array<{ title: string; message: string }>;
    expect(prompts.map((prompt) => prompt.title)).toEqual(['What can I ask?', 'Explore sales']);
    expect(prompts[1]!.message).toContain('sales table in shop');

    await harness.sendEnvelope(assistantEnvelope('assistant_thread_context_changed', 'C2'));
    await slack.waitFor(() => slack.callsOf('assistant.threads.setSuggestedPrompts').length === 2);
  });

  it('names an assistant thread after its first question, once', async () => {
    fixture.model.enqueue({ text: 'North leads.' }, { text: 'South trails.' });
    await harness.sendEvent({ type: 'message', channel_type: 'im', user: 'UANA', text: 'Which region sold the most units last quarter, and by how much compared to the others?', channel: 'D1', ts: '41.2', thread_ts: '41.1' });
    await slack.waitFor(() => slack.threadMessages('D1', '41.1').find((message) => message.text === 'North leads.'));
    await harness.sendEvent({ type: 'message', channel_type: 'im', user: 'UANA', text: 'and the south?', channel: 'D1', ts: '41.3', thread_ts: '41.1' });
    await slack.waitFor(() => slack.threadMessages('D1', '41.1').find((message) => message.text === 'South trails.'));

    const titles = slack.callsOf('assistant.threads.setTitle');
    expect(titles).toHaveLength(1);
    expect(titles[0]!.args).toEqual({ channel_id: 'D1', thread_ts: '41.1', title: 'Which region sold the most units last quarter, and by how m…' });
  });
});
