// Transient connector failures on the way out: Teams throttling (429 with Retry-After) and 503s are
// retried with backoff and the answer arrives once; when the connector keeps refusing the answer
// card, the thread is told what is missing and the operator reads it in the log. Real engine,
// real HTTP to the local Bot Framework connector.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeBotConnector, type FakeBotConnector, type RecordedConnectorCall } from '../../fakes/bot-connector-server.js';
import type { FakeOpenAI } from '../../fakes/openai-server.js';
import { createE2eWorkspace, type E2eWorkspace } from '../../support/e2e-workspace.js';
import { startTeamsBot, stopTeamsBot, type RunningTeamsBot } from './support/teams-bot.js';
import { channelMention, postActivity } from './teams-activities.js';

let workspace: E2eWorkspace;
let fakeModel: FakeOpenAI;
let connector: FakeBotConnector;
let variables: Record<string, string>;
let running: RunningTeamsBot | undefined;

const FAST_RETRY = { retries: 3, firstDelayMs: 20, maxDelayMs: 100, totalTimeMs: 5_000 };

function cardTexts(call: RecordedConnectorCall): string {
  return JSON.stringify(call.activity.attachments ?? []);
}

beforeAll(async () => {
  workspace = await createE2eWorkspace({ prefix: 'teams-retry', duckdb: ['CREATE TABLE t (x INTEGER)'] });
  ({ fakeModel, variables } = workspace);
  connector = await startFakeBotConnector();
});

afterEach(async () => {
  connector.clear();
  await stopTeamsBot(running);
  running = undefined;
});

afterAll(async () => {
  await connector.close();
  await workspace.close();
});

describe('Teams posts retry transient failures', () => {
  it('a 429 with Retry-After and a 503 on the answer card: the answer is delivered once', async () => {
    running = await startTeamsBot(variables, { postRetry: FAST_RETRY });
    fakeModel.enqueue({ text: 'Forty-two rows.' });
    connector.failNext({ status: 429, retryAfterSeconds: 1 });
    connector.failNext({ status: 503 });
    const startedAt = Date.now();
    expect((await postActivity(running.baseUrl, channelMention(connector.url, 'retry-root-1', 'how many?'))).status).toBe(200);
    await running.channel.idle();

    const answers = connector.messages().filter((call) => cardTexts(call).includes('Forty-two rows.'));
    expect(answers).toHaveLength(1);
    expect(connector.failedCalls()).toBe(2);
    // Retry-After (1 s) was waited for, although the backoff alone is 20 ms.
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1_000);
    expect(connector.messages().some((call) => cardTexts(call).includes('could not be delivered'))).toBe(false);
  });

  it('an answer card the connector keeps refusing is reported in the thread', async () => {
    running = await startTeamsBot(variables, { postRetry: FAST_RETRY });
    fakeModel.enqueue({ text: 'This answer will not get through.' });
    for (let attempt = 0; attempt < FAST_RETRY.retries + 1; attempt += 1) connector.failNext({ status: 503 });
    expect((await postActivity(running.baseUrl, channelMention(connector.url, 'retry-root-2', 'anything?'))).status).toBe(200);
    await running.channel.idle();

    expect(connector.failedCalls()).toBe(FAST_RETRY.retries + 1 + 2);
    expect(connector.messages().some((call) => cardTexts(call).includes('This answer will not get through.'))).toBe(false);
    const notices = connector.messages().filter((call) => cardTexts(call).includes('Teams kept refusing my posts, so a part of the answer could not be delivered'));
    expect(notices).toHaveLength(1);
  });
});
