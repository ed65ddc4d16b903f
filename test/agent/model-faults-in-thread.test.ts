// A model service that answers badly, seen from a Slack thread: signed event → Bolt → turn job →
// ConversationEngine → the OpenAI-compatible fake serving the fault in the real Chat Completions
// wire format → what the fake Slack API was asked to show. Each fault is said once, in its own
// words, without retrying an answer that cannot be read; faults the model can repair go back to it
// first, and become the thread's failure only when it does not recover.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Application } from '../../src/application.js';
import { TURN_SENTENCES, UNREADABLE_ANSWER_SENTENCE } from '../../src/conversations/standard-sentences.js';
import type { ScriptedStep } from '../fakes/openai-server.js';
import { startFakeSlackApi, type FakeSlackApi, type FakeSlackMessage } from '../fakes/slack-api-server.js';
import { problemsInCalls } from '../channels/slack/support/block-kit-validator.js';
import { startEngineFixture, type EngineFixture } from '../channels/slack/support/engine-fixture.js';
import { startSlackHarness, type SlackHarness } from '../channels/slack/support/slack-harness.js';

const SALES_SQL = 'SELECT region, SUM(amount) AS total FROM sales GROUP BY region ORDER BY region';
/** The config's default agent.max_steps (the fixture sets none). */
const DEFAULT_MAX_STEPS = 20;

let fixture: EngineFixture;
let application: Application;
let slack: FakeSlackApi | undefined;
let harness: SlackHarness | undefined;
let threadCounter = 0;

beforeAll(async () => {
  fixture = await startEngineFixture();
  application = await fixture.open();
});

afterAll(async () => {
  await application.close();
  await fixture.close();
});

afterEach(async () => {
  if (slack) expect(problemsInCalls(slack.calls)).toEqual([]);
  await harness?.close();
  await slack?.close();
  harness = undefined;
  slack = undefined;
});

/** Everything a message shows: its text, its blocks and, when streamed, its chunks. */
function shown(message: FakeSlackMessage): string {
  return JSON.stringify([message.text, message.blocks ?? [], message.chunks ?? []]);
}

/**
 * Asks in a new thread while the model serves `stepFor(n)` for its n-th request (so a fault can repeat
 * for as long as the bot keeps asking), and returns the thread once the turn is over (the working
 * indicator removed) with the number of model requests it made.
 */
async function askWhileModelServes(streaming: boolean, stepFor: (requestIndex: number) => ScriptedStep): Promise<{ thread: FakeSlackMessage[]; modelRequests: number }> {
  slack = await startFakeSlackApi(streaming ? { streaming: {} } : {});
  slack.addUser({ id: 'UANA', name: 'ana', email: 'ana@example.com' });
  harness = await startSlackHarness({ handler: application.engine, slack });
  const before = fixture.model.requests.length;
  let served = 0;
  // More than the step cap: whatever the bot does not ask for is left unused and counted below.
  const producers = Array.from({ length: DEFAULT_MAX_STEPS + 5 }, () => () => stepFor(served++));
  fixture.model.enqueue(...producers);
  const ts = `80.${++threadCounter}`;
  await harness.sendEvent({ user: 'UANA', text: '<@UBOT> sales by region?', channel: 'C1', ts });
  const fakeSlack = slack;
  // Over once the bot's reply is in and the working indicator was removed after it (a removed
  // streamed message is deleted before the reply, so one delete alone does not end the turn).
  const indicatorRemovedAfterReply = () => {
    const methods = fakeSlack.calls.map((call) => call.method);
    return methods.lastIndexOf('chat.delete') > methods.lastIndexOf('chat.postMessage');
  };
  // The working message has text too: the turn is over only once it is gone and a reply stands.
  const isWorkingMessage = (message: FakeSlackMessage) => JSON.stringify(message.blocks ?? []).includes(':hourglass_flowing_sand:');
  await fakeSlack.waitFor(() => {
    const thread = fakeSlack.threadMessages('C1', ts);
    const replied = thread.some((message) => message.bot_id !== undefined && !message.streaming && !isWorkingMessage(message) && message.text.trim() !== '');
    return indicatorRemovedAfterReply() && replied && !thread.some(isWorkingMessage);
  }, 30_000);
  const modelRequests = fixture.model.requests.length - before;
  // Drop what the turn did not ask for, so the next test starts from its own script.
  fixture.model.discardPending();
  return { thread: fakeSlack.threadMessages('C1', ts), modelRequests };
}

/** Messages that show nothing to read: no text (a streamed message holding only task updates). */
function messagesWithoutText(thread: FakeSlackMessage[]): FakeSlackMessage[] {
  return thread.filter((message) => message.text.trim() === '');
}

function messagesSaying(thread: FakeSlackMessage[], sentence: string): FakeSlackMessage[] {
  return thread.filter((message) => shown(message).includes(JSON.stringify(sentence).slice(1, -1)));
}

const UNREADABLE_FAULTS: Array<{ fault: string; step: ScriptedStep }> = [
  { fault: 'malformed JSON in the stream', step: { malformed: true } },
  { fault: 'an HTML page with status 200', step: { htmlPage: true } },
  { fault: 'chunks with an empty choices list', step: { emptyChoices: true } },
];

describe.each([
  { path: 'streamed', streaming: true },
  { path: 'not streamed', streaming: false },
])('model faults in a $path Slack turn', ({ streaming }) => {
  it.each(UNREADABLE_FAULTS)('$fault: says once that the answer could not be read, after one request', async ({ step }) => {
    const { thread, modelRequests } = await askWhileModelServes(streaming, () => step);

    expect(modelRequests).toBe(1);
    expect(messagesSaying(thread, UNREADABLE_ANSWER_SENTENCE)).toHaveLength(1);
    expect(messagesSaying(thread, TURN_SENTENCES.empty)).toEqual([]);
    expect(thread.filter((message) => message.text.includes('AI model'))).toHaveLength(1);
  });

  it('a model service failing with HTTP 500: retried twice, then said once with its status', async () => {
    // retry-after 0: the AI SDK retries at once instead of backing off for seconds.
    const { thread, modelRequests } = await askWhileModelServes(streaming, () => ({ errorStatus: 500, retryAfterSeconds: 0 }));

    expect(modelRequests).toBe(3);
    expect(messagesSaying(thread, 'The AI model service failed to answer (HTTP 500). Press Retry in a moment; if it keeps failing, tell an admin.')).toHaveLength(1);
    expect(thread.filter((message) => message.text.includes('AI model'))).toHaveLength(1);
  });

  it('a call of a tool that does not exist, made again and again: says so once, after three tries', async () => {
    const { thread, modelRequests } = await askWhileModelServes(streaming, () => ({ toolCalls: [{ name: 'run_query', arguments: { sql: SALES_SQL } }] }));

    expect(modelRequests).toBe(3);
    const sentence = 'The AI model kept asking for a tool that does not exist (`run_query`), so I stopped after 3 steps. Press Retry or rephrase the question; if it keeps happening, tell an admin (the configured model may not handle datathread\'s tools).';
    expect(messagesSaying(thread, sentence)).toHaveLength(1);
    expect(messagesSaying(thread, TURN_SENTENCES.empty)).toEqual([]);
    expect(messagesWithoutText(thread)).toEqual([]);
    // The model was told each time, as data, which tools exist.
    const toolMessages = fixture.model.requests.slice(-2).map((request) => JSON.stringify(request.messages.filter((message) => message.role === 'tool')));
    for (const seen of toolMessages) expect(seen).toContain("Model tried to call unavailable tool 'run_query'. Available tools: execute_sql");
  });

  it('tool input of the wrong types, different each time: goes back to the model until the step cap, then is said once', async () => {
    const { thread, modelRequests } = await askWhileModelServes(streaming, (index) => ({ toolCalls: [{ name: 'execute_sql', arguments: { sql_query: index, database_id: ['shop'] } }] }));

    expect(modelRequests).toBe(DEFAULT_MAX_STEPS);
    const sentence = `The AI model kept calling \`execute_sql\` with input that tool does not accept, so I stopped after ${DEFAULT_MAX_STEPS} steps. Press Retry or rephrase the question; if it keeps happening, tell an admin (the configured model may not handle datathread's tools).`;
    expect(messagesSaying(thread, sentence)).toHaveLength(1);
    expect(messagesSaying(thread, TURN_SENTENCES.empty)).toEqual([]);
    expect(thread.filter((message) => message.text.includes('step limit'))).toEqual([]);
  });

  it('an unknown database id the model keeps naming: said once as failing calls, after three tries', async () => {
    const { thread, modelRequests } = await askWhileModelServes(streaming, () => ({ toolCalls: [{ name: 'execute_sql', arguments: { sql_query: SALES_SQL, database_id: 'warehouse' } }] }));

    expect(modelRequests).toBe(3);
    const sentence = "The AI model's calls to `execute_sql` kept failing, so I stopped after 3 steps. Rephrase the question (naming the database or table helps) and ask again; if it keeps happening, tell an admin.";
    expect(messagesSaying(thread, sentence)).toHaveLength(1);
    // Streamed or not, the failure is the thread's only message: no streamed message of task updates is left above it.
    expect(messagesWithoutText(thread)).toEqual([]);
    expect(thread.filter((message) => message.bot_id !== undefined)).toHaveLength(1);
    expect(fixture.model.requests.at(-1)!.messages.filter((message) => message.role === 'tool').map((message) => message.content)).toContain('Error: Database "warehouse" not found. Available databases: shop.');
  });

  it('an answer written beside a failing call the model keeps repeating: the answer is shown, and no failure', async () => {
    const tooMany = { name: 'suggest_follow_ups', arguments: { suggestions: ['One?', 'Two?', 'Three?', 'Four?', 'Five?'] } };
    const { thread, modelRequests } = await askWhileModelServes(streaming, (index) => (index === 0 ? { text: 'North sold 300, South 50.', toolCalls: [tooMany] } : { toolCalls: [tooMany] }));

    expect(modelRequests).toBe(3);
    expect(thread.filter((message) => shown(message).includes('North sold 300, South 50.'))).toHaveLength(1);
    expect(thread.filter((message) => message.text.includes('AI model'))).toEqual([]);
  });

  it('an existing tool named in another spelling: the call runs as that tool at once', async () => {
    const { thread, modelRequests } = await askWhileModelServes(streaming, (index) =>
      [{ toolCalls: [{ name: 'functions.Execute_SQL', arguments: { sql_query: SALES_SQL } }] }, { text: 'North sold 300, South 50.' }][index] ?? { errorStatus: 400 },
    );

    expect(modelRequests).toBe(2);
    expect(JSON.stringify(fixture.model.requests.at(-1)!.messages.filter((message) => message.role === 'tool'))).toContain('region: North\\ntotal: 300');
    expect(thread.filter((message) => shown(message).includes('North sold 300, South 50.'))).toHaveLength(1);
    expect(thread.filter((message) => message.text.includes('AI model'))).toEqual([]);
  });

  it('input of the wrong types that the model then corrects: the answer, and no failure', async () => {
    const { thread, modelRequests } = await askWhileModelServes(streaming, (index) =>
      [
        { toolCalls: [{ name: 'execute_sql', arguments: { sql_query: 42 } }] },
        { toolCalls: [{ name: 'execute_sql', arguments: { sql_query: SALES_SQL } }] },
        { text: 'North sold 300, South 50.' },
      ][index] ?? { errorStatus: 400 },
    );

    expect(modelRequests).toBe(3);
    expect(thread.filter((message) => shown(message).includes('North sold 300, South 50.'))).toHaveLength(1);
    expect(thread.filter((message) => message.text.includes('AI model'))).toEqual([]);
  });
});
