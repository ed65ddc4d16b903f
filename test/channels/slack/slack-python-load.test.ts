// One thread runs a Python loop that only the 30-second time limit stops, while 200 mentions arrive
// over 10 s on 50 other threads, through the real Slack channel (signed events over HTTP, Bolt),
// the real engine (SQLite state, DuckDB) and a scripted OpenAI-compatible model. Python runs on a
// worker thread, so every mention is acknowledged within Slack's 3 s and answered exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplication, type Application } from '../../../src/application.js';
import { readEnvironment } from '../../../src/config/environment.js';
import { loadConfig } from '../../../src/config/load-config.js';
import { createLogger } from '../../../src/logging/logger.js';
import type { RecordedChatRequest, ScriptedStep } from '../../fakes/openai-server.js';
import { startFakeSlackApi, type FakeSlackApi } from '../../fakes/slack-api-server.js';
import { createE2eWorkspace, SCRIPTED_MODEL, type E2eWorkspace } from '../../support/e2e-workspace.js';
import { startSlackHarness, type SlackHarness } from './support/slack-harness.js';

const THREAD_COUNT = 50;
const MENTION_COUNT = 200;
const SENDING_WINDOW_MS = 10_000;
const SLACK_ACK_LIMIT_MS = 3_000;
const PYTHON_THREAD_TS = '900.000100';

let workspace: E2eWorkspace;
let application: Application;
let slack: FakeSlackApi;
let harness: SlackHarness;

function lastUserText(request: RecordedChatRequest): string {
  const user = request.messages.filter((message) => message.role === 'user').at(-1);
  return JSON.stringify(user?.content ?? '');
}

/** The model: runs the loop for the Python question, answers every other question by its number. */
function scriptedModel(request: RecordedChatRequest): ScriptedStep {
  const question = lastUserText(request);
  if (question.includes('run the loop')) {
    const sawResult = request.messages.some((message) => message.role === 'tool');
    return sawResult ? { text: '[answer python]' } : { toolCalls: [{ name: 'execute_python', arguments: { code: 'i = 0\nwhile True:\n    i += 1' } }] };
  }
  const number = /question (\d+)/.exec(question)?.[1] ?? 'unknown';
  return { text: `[answer q${number}]` };
}

beforeAll(async () => {
  workspace = await createE2eWorkspace({
    prefix: 'slack-python-load',
    duckdb: ['CREATE TABLE sales (region VARCHAR, amount INTEGER)', "INSERT INTO sales VALUES ('North', 100)"],
    config: { databases: [{ name: 'shop', type: 'duckdb', path: 'shop.duckdb' }], agent: { model: SCRIPTED_MODEL, tools: ['execute_sql', 'execute_python'] } },
  });
  const environment = readEnvironment(workspace.variables);
  application = await createApplication({ environment, config: loadConfig(environment), logger: createLogger({ level: 'error', write: () => undefined }) });
  slack = await startFakeSlackApi();
  slack.addUser({ id: 'UANA', name: 'ana', email: 'ana@example.com' });
  harness = await startSlackHarness({ handler: application.engine, slack, getQueryResult: (threadId, queryId) => application.store.getQueryResult(threadId, queryId) });
}, 120_000);

afterAll(async () => {
  await harness.close();
  await application.close();
  await slack.close();
  await workspace.close();
});

const countWith = (marker: string) => slack.messages.filter((message) => message.text.includes(marker)).length;

describe('Slack under a long Python program', () => {
  it('acknowledges 200 mentions on 50 threads within 3 s each and answers each exactly once while one thread runs Python', async () => {
    workspace.fakeModel.enqueue(...Array.from({ length: MENTION_COUNT + 2 }, () => scriptedModel));
    const pythonAck = await harness.sendEvent({ user: 'UANA', text: '<@UBOT> run the loop in Python', channel: 'C1', ts: PYTHON_THREAD_TS });
    expect(pythonAck.status).toBe(200);
    // The loop is running once the model has asked for it.
    await slack.waitFor(() => workspace.fakeModel.requests.length >= 1, 30_000);

    const ackMs: number[] = [];
    const statuses: number[] = [];
    const sends: Promise<void>[] = [];
    const started = performance.now();
    for (let index = 0; index < MENTION_COUNT; index++) {
      const due = started + (index * SENDING_WINDOW_MS) / MENTION_COUNT;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const thread = index % THREAD_COUNT;
      const rootTs = `${1000 + thread}.000100`;
      const ts = index < THREAD_COUNT ? rootTs : `${1000 + thread}.${String(100 + index).padStart(6, '0')}`;
      const sent = performance.now();
      sends.push(
        harness
          .sendEvent({ user: 'UANA', text: `<@UBOT> question ${index}`, channel: 'C2', ts, ...(ts === rootTs ? {} : { thread_ts: rootTs }) })
          .then(async (response) => {
            await response.arrayBuffer();
            ackMs.push(performance.now() - sent);
            statuses.push(response.status);
          }),
      );
    }
    await Promise.all(sends);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(ackMs.filter((ms) => ms >= SLACK_ACK_LIMIT_MS)).toEqual([]);

    const questions = Array.from({ length: MENTION_COUNT }, (_, index) => index);
    await slack.waitFor(() => questions.every((index) => countWith(`[answer q${index}]`) > 0) || undefined, 120_000);
    await slack.waitFor(() => countWith('[answer python]') > 0 || undefined, 60_000);

    expect(questions.filter((index) => countWith(`[answer q${index}]`) !== 1)).toEqual([]);
    expect(countWith('[answer python]')).toBe(1);
    for (let thread = 0; thread < THREAD_COUNT; thread++) {
      const answers = slack.threadMessages('C2', `${1000 + thread}.000100`).filter((message) => message.text.includes('[answer q'));
      expect(answers).toHaveLength(MENTION_COUNT / THREAD_COUNT);
    }
    const pythonResult = workspace.fakeModel.requests.flatMap((request) => request.messages).find((message) => message.role === 'tool');
    expect(String(pythonResult?.content)).toContain('the code hit the time limit of 30 seconds and was stopped');
    expect(workspace.fakeModel.pending()).toBe(0);
  }, 240_000);
});
