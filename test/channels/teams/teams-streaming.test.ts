// Streamed answers in Teams, end to end through the real engine and the Agents SDK over HTTP, against
// the local Bot Framework connector that checks the streaming protocol: in a one-to-one chat an
// informative update per tool call, the text as cumulative streaming updates, and a final message
// that ends the stream with the whole answer, the AI label, the query citations and 👍/👎; in a
// channel one message as before; when Teams refuses the stream, one message with the whole text.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { attachTeamsChannel, type TeamsChannel } from '../../../src/channels/teams/index.js';
import type { HandleResult, TurnHandler, TurnObserver, TurnRequest } from '../../../src/conversations/types.js';
import { createHttpServer, type HttpServer } from '../../../src/server/http-server.js';
import { startFakeBotConnector, streamInfoOf, type FakeBotConnector, type RecordedConnectorCall } from '../../fakes/bot-connector-server.js';
import type { FakeOpenAI } from '../../fakes/openai-server.js';
import { createE2eWorkspace, type E2eWorkspace } from '../../support/e2e-workspace.js';
import { attachmentProblemsIn } from './adaptive-card-validation.js';
import { outcomeFor } from './recording-turn-handler.js';
import { startTeamsBot, stopTeamsBot, type RunningTeamsBot } from './support/teams-bot.js';
import { CHANNEL_ID, channelMention, personalMessage, postActivity } from './teams-activities.js';

let workspace: E2eWorkspace;
let fakeModel: FakeOpenAI;
let connector: FakeBotConnector;
let running: RunningTeamsBot | undefined;

const SALES_SQL = 'SELECT region, SUM(amount) AS total FROM orders GROUP BY region ORDER BY region';
const ANSWER = 'South leads with **250**, North follows with 240.';

beforeAll(async () => {
  workspace = await createE2eWorkspace({
    prefix: 'teams-streaming',
    duckdb: ['CREATE TABLE orders (region VARCHAR, amount INTEGER)', "INSERT INTO orders VALUES ('North', 240), ('South', 250)"],
  });
  fakeModel = workspace.fakeModel;
  connector = await startFakeBotConnector();
});

afterEach(async () => {
  expect(await attachmentProblemsIn(connector.messages())).toEqual([]);
  connector.clear();
  await stopTeamsBot(running);
  running = undefined;
  expect(fakeModel.pending()).toBe(0);
});

afterAll(async () => {
  await stopTeamsBot(running);
  await connector.close();
  await workspace.close();
});

function aiEntity(call: RecordedConnectorCall | undefined): Record<string, unknown> | undefined {
  return (call?.activity.entities as Array<Record<string, unknown>> | undefined)?.find((entity) => entity.type === 'https://schema.org/Message');
}

function answerText(call: RecordedConnectorCall): string {
  return JSON.stringify(call.activity);
}

describe('Teams streaming', () => {
  it('streams in a personal chat: an informative update for the query, cumulative text, and a final message with the AI label, citations and feedback loop', async () => {
    running = await startTeamsBot(workspace.variables);
    fakeModel.enqueue({ toolCalls: [{ name: 'execute_sql', arguments: { sql_query: SALES_SQL } }] }, { text: ANSWER });
    expect((await postActivity(running.baseUrl, personalMessage(connector.url, 'stream-1', 'orders by region?'))).status).toBe(200);
    await running.channel.idle();

    expect(connector.streamRefusals()).toEqual([]);
    const streamed = connector.streamingActivities();
    const infos = streamed.map((call) => streamInfoOf(call.activity)!);
    // One streaming update normally; a slow machine may split the answer's deltas over two.
    const types = infos.map((info) => info.streamType);
    expect(types[0]).toBe('informative');
    expect(types.at(-1)).toBe('final');
    expect(types.slice(1, -1).length).toBeGreaterThan(0);
    expect(types.slice(1, -1).every((type) => type === 'streaming')).toBe(true);
    expect(streamed[0]!.activity).toMatchObject({ type: 'typing', text: 'Querying warehouse…' });
    // The stream's id is the id the connector gave the first activity; every later one names it.
    const streamId = streamed[0]!.assignedId!;
    expect(infos[0]!.streamId).toBeUndefined();
    expect(infos.slice(1).every((info) => info.streamId === streamId)).toBe(true);
    // Updates count up from 1; the final message sets no streamSequence (Teams requires it absent).
    expect(infos.at(-1)!.streamSequence).toBeUndefined();
    const sequences = infos.slice(0, -1).map((info) => info.streamSequence!);
    expect(sequences[0]).toBe(1);
    for (let index = 1; index < sequences.length; index += 1) expect(sequences[index]!).toBeGreaterThan(sequences[index - 1]!);

    const chunks = streamed.filter((call) => streamInfoOf(call.activity)?.streamType === 'streaming');
    const final = streamed.at(-1)!;
    expect(chunks.at(-1)!.activity.text).toBe(ANSWER);
    // The text carries the citation's [1] marker; the citation has Teams' documented fields, its
    // text a stringified Adaptive Card showing the SQL.
    expect(final.activity).toMatchObject({ type: 'message', text: `${ANSWER}\n\nQueries: [1]`, id: streamId, channelData: { feedbackLoopEnabled: true } });
    expect(aiEntity(final)).toMatchObject({ additionalType: ['AIGeneratedContent'] });
    const citations = aiEntity(final)?.citation as Array<{ appearance: { text: string } }>;
    expect(citations).toEqual([
      {
        '@type': 'Claim',
        position: 1,
        appearance: {
          '@type': 'DigitalDocument',
          name: 'Query 1 on shop (2 rows)',
          abstract: SALES_SQL,
          text: expect.any(String),
          encodingFormat: 'application/vnd.microsoft.card.adaptive',
          image: { '@type': 'ImageObject', name: 'Source Code' },
          keywords: ['shop', expect.stringMatching(/^query_/)],
        },
      },
    ]);
    const details = JSON.parse(citations[0]!.appearance.text) as { type: string; body: unknown[] };
    expect(details.type).toBe('AdaptiveCard');
    expect(JSON.stringify(details.body)).toContain(SALES_SQL);
    // The answer is not posted a second time as a card beside the stream.
    const answerMessages = connector.messages().filter((call) => answerText(call).includes('South leads'));
    expect(answerMessages).toEqual([final]);
  });

  it('stores 👍/👎 given on the streamed final message with the question and SQL', async () => {
    running = await startTeamsBot(workspace.variables);
    fakeModel.enqueue({ toolCalls: [{ name: 'execute_sql', arguments: { sql_query: SALES_SQL } }] }, { text: ANSWER });
    const asked = personalMessage(connector.url, 'stream-3', 'which region leads?');
    await postActivity(running.baseUrl, asked);
    await running.channel.idle();
    const final = connector.streamingActivities().at(-1)!;
    expect(streamInfoOf(final.activity)?.streamType).toBe('final');
    const invoke = {
      ...asked,
      type: 'invoke',
      name: 'message/submitAction',
      id: 'stream-feedback-1',
      replyToId: final.assignedId,
      channelData: { tenant: { id: asked.channelData.tenant.id }, source: { name: 'message' } },
      value: { actionName: 'feedback', actionValue: { reaction: 'dislike', feedback: JSON.stringify({ feedbackText: 'North is missing a month' }) } },
    };
    expect((await postActivity(running.baseUrl, invoke)).status).toBe(200);
    const stored = (await running.application.store.listFeedback()).find((record) => record.messageId === final.assignedId);
    expect(stored).toMatchObject({ rating: 'negative', comment: 'North is missing a month', question: 'which region leads?', sql: [SALES_SQL] });
  });

  it('keeps the one-message answer with a typing indicator in a channel', async () => {
    running = await startTeamsBot(workspace.variables);
    fakeModel.enqueue({ toolCalls: [{ name: 'execute_sql', arguments: { sql_query: SALES_SQL } }] }, { text: ANSWER });
    await postActivity(running.baseUrl, channelMention(connector.url, 'stream-root-1', 'orders by region?'));
    await running.channel.idle();
    expect(connector.streamingActivities()).toEqual([]);
    expect(connector.typing().length).toBeGreaterThanOrEqual(1);
    expect(connector.messages()).toHaveLength(1);
    const answer = connector.messages()[0]!;
    expect(answer.conversationId).toBe(`${CHANNEL_ID};messageid=stream-root-1`);
    expect(answerText(answer)).toContain('South leads with **250**');
    expect(aiEntity(answer)?.additionalType).toEqual(['AIGeneratedContent']);
  });

  it('posts the whole answer as one message when Teams refuses the stream', async () => {
    running = await startTeamsBot(workspace.variables);
    connector.refuseStreaming();
    fakeModel.enqueue({ toolCalls: [{ name: 'execute_sql', arguments: { sql_query: SALES_SQL } }] }, { text: ANSWER });
    expect((await postActivity(running.baseUrl, personalMessage(connector.url, 'stream-2', 'orders by region?'))).status).toBe(200);
    await running.channel.idle();
    expect(connector.streamRefusals().length).toBeGreaterThanOrEqual(1);
    expect(connector.streamRefusals()[0]).toContain('ContentStreamNotAllowed');
    expect(connector.streamingActivities()).toEqual([]);
    const answers = connector.messages();
    expect(answers).toHaveLength(1);
    expect(answerText(answers[0]!)).toContain('South leads with **250**, North follows with 240.');
    // A card has no text for citation markers: the label only; the SQL is behind Show SQL.
    expect(aiEntity(answers[0])).toMatchObject({ additionalType: ['AIGeneratedContent'] });
    expect(aiEntity(answers[0])?.citation).toBeUndefined();
    expect(answers[0]!.activity.channelData).toMatchObject({ feedbackLoopEnabled: true });
  });
});

/** A model stand-in that writes its answer through the turn observer in small pieces over time. */
function writingHandler(pieces: string[], pauseMs: number, between?: (index: number) => void): TurnHandler {
  return {
    async handle(request: TurnRequest, observer: TurnObserver = {}): Promise<HandleResult> {
      observer.onStart?.();
      for (const [index, piece] of pieces.entries()) {
        between?.(index);
        observer.onTextDelta?.(piece);
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
      return { kind: 'completed', outcome: outcomeFor(request, { text: pieces.join('') }) };
    },
    cancel: () => false,
    isKnownThread: async () => false,
    markEventProcessed: async () => true,
  };
}

describe('Teams streaming pace and refusal mid-stream', () => {
  let server: HttpServer | undefined;
  let channel: TeamsChannel | undefined;
  const warnings: string[] = [];

  afterEach(async () => {
    await channel?.stop();
    await server?.close();
    channel = undefined;
    server = undefined;
    warnings.length = 0;
  });

  async function startWith(handler: TurnHandler, streamUpdateIntervalMs: number): Promise<string> {
    server = createHttpServer();
    const silent = () => undefined;
    channel = await attachTeamsChannel({ app: server.app, handler, auth: {}, logger: { info: silent, warn: (message) => void warnings.push(message), error: silent }, typingIntervalMs: 50, streamUpdateIntervalMs });
    return `http://127.0.0.1:${await server.listen(0, '127.0.0.1')}`;
  }

  it('sends the growing text at most once per update interval, each update holding all text so far, and ends with the whole answer', async () => {
    const pieces = Array.from({ length: 20 }, (_, index) => `Part ${index + 1} of the answer. `);
    const baseUrl = await startWith(writingHandler(pieces, 20), 100);
    expect((await postActivity(baseUrl, personalMessage(connector.url, 'pace-1', 'tell me'))).status).toBe(200);
    await channel!.idle();

    expect(connector.streamRefusals()).toEqual([]);
    const chunks = connector.streamingActivities().filter((call) => streamInfoOf(call.activity)?.streamType === 'streaming');
    // About 400 ms of writing at one update per 100 ms: several updates, far fewer than the 20 pieces.
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    expect(chunks.length).toBeLessThan(pieces.length);
    const texts = chunks.map((call) => call.activity.text as string);
    for (let index = 1; index < texts.length; index += 1) expect(texts[index]!.startsWith(texts[index - 1]!)).toBe(true);
    const whole = pieces.join('').trim();
    expect(texts.at(-1)!.trim()).toBe(whole);
    const final = connector.streamingActivities().at(-1)!;
    expect(streamInfoOf(final.activity)?.streamType).toBe('final');
    expect(final.activity.text).toBe(whole);
    expect(connector.messages()).toEqual([final]);
  });

  it('posts the whole answer as one card when Teams refuses the stream after it started', async () => {
    const pieces = ['The first half is streamed. ', 'Then Teams stops accepting updates, ', 'and the rest arrives anyway.'];
    const baseUrl = await startWith(
      writingHandler(pieces, 80, (index) => {
        if (index === 2) connector.refuseStreaming();
      }),
      50,
    );
    expect((await postActivity(baseUrl, personalMessage(connector.url, 'pace-2', 'tell me'))).status).toBe(200);
    await channel!.idle();

    expect(connector.streamingActivities().length).toBeGreaterThanOrEqual(1);
    expect(connector.streamRefusals()[0]).toContain('ContentStreamNotAllowed');
    const cards = connector.messages().filter((call) => streamInfoOf(call.activity) === undefined);
    expect(cards).toHaveLength(1);
    expect(JSON.stringify(cards[0]!.activity.attachments)).toContain(pieces.join('').trim());
    expect(warnings.some((message) => message.includes('Teams refused') && message.includes('one message'))).toBe(true);
  });
});

describe('Teams streaming at the pace and within the lifetime Teams allows', () => {
  let server: HttpServer | undefined;
  let channel: TeamsChannel | undefined;
  let paced: FakeBotConnector | undefined;

  afterEach(async () => {
    await channel?.stop();
    await server?.close();
    await paced?.close();
    channel = undefined;
    server = undefined;
    paced = undefined;
  });

  async function startWithOptions(handler: TurnHandler, extra: { now?: () => Date; streamUpdateIntervalMs?: number; maxStreamLifetimeMs?: number } = {}): Promise<string> {
    server = createHttpServer();
    const silent = () => undefined;
    channel = await attachTeamsChannel({ app: server.app, handler, auth: {}, logger: { info: silent, warn: silent, error: silent }, typingIntervalMs: 50, ...extra });
    return `http://127.0.0.1:${await server.listen(0, '127.0.0.1')}`;
  }

  it('by default updates a stream no more often than Teams recommends (every 1.5 s), so a connector holding that pace throttles nothing', async () => {
    paced = await startFakeBotConnector({ minimumStreamUpdateIntervalMs: 1_500 });
    const pieces = Array.from({ length: 12 }, (_, index) => `Step ${index + 1}. `);
    const baseUrl = await startWithOptions(writingHandler(pieces, 200));
    expect((await postActivity(baseUrl, personalMessage(paced.url, 'paced-1', 'tell me'))).status).toBe(200);
    await channel!.idle();

    expect(paced.streamRefusals()).toEqual([]);
    const streamed = paced.streamingActivities();
    expect(streamed.filter((call) => streamInfoOf(call.activity)?.streamType === 'streaming').length).toBeGreaterThanOrEqual(2);
    expect(streamed.at(-1)!.activity.text).toBe(pieces.join('').trim());
  });

  it("ends a stream before Teams' two-minute limit and goes on in a new one; together they hold the whole answer", async () => {
    let clockMs = Date.parse('2026-03-02T10:00:00Z');
    paced = await startFakeBotConnector({ now: () => clockMs });
    const pieces = Array.from({ length: 11 }, (_, index) => `Part ${index + 1}. `);
    // The answer takes over three minutes to write: 20 s between pieces.
    const handler = writingHandler(pieces, 100, (index) => {
      if (index > 0) clockMs += 20_000;
    });
    const baseUrl = await startWithOptions(handler, { now: () => new Date(clockMs), streamUpdateIntervalMs: 50 });
    expect((await postActivity(baseUrl, personalMessage(paced.url, 'long-1', 'tell me slowly'))).status).toBe(200);
    await channel!.idle();

    expect(paced.streamRefusals()).toEqual([]);
    expect(paced.openStreams()).toEqual([]);
    const finals = paced.streamingActivities().filter((call) => streamInfoOf(call.activity)?.streamType === 'final');
    // 200 s of writing in streams of at most 100 s: three streams, each ended by its own final message.
    expect(finals.length).toBe(3);
    expect(new Set(finals.map((call) => call.assignedId)).size).toBe(3);
    expect(finals.map((call) => call.activity.text as string).join('')).toBe(pieces.join('').trim());
    expect(finals[0]!.activity.text).toMatch(/^Part 1\. .*Part [5-6]\. $/);
    // No answer card beside the streams.
    expect(paced.messages().filter((call) => streamInfoOf(call.activity) === undefined)).toEqual([]);
  });

  it('ends a stream that reaches its lifetime while the model is silent (a long query), and finishes the answer in a new one', async () => {
    // Lifetimes shortened for the test: the connector ends a stream after 1.5 s, the bot rolls over at 0.5 s.
    paced = await startFakeBotConnector({ streamLifetimeMs: 1_500 });
    const handler: TurnHandler = {
      async handle(request: TurnRequest, observer: TurnObserver = {}): Promise<HandleResult> {
        observer.onStart?.();
        observer.onTextDelta?.('Let me look that up. ');
        await new Promise((resolve) => setTimeout(resolve, 2_500));
        observer.onTextDelta?.('North leads.');
        return { kind: 'completed', outcome: outcomeFor(request, { text: 'Let me look that up. North leads.' }) };
      },
      cancel: () => false,
      isKnownThread: async () => false,
      markEventProcessed: async () => true,
    };
    const baseUrl = await startWithOptions(handler, { streamUpdateIntervalMs: 50, maxStreamLifetimeMs: 500 });
    expect((await postActivity(baseUrl, personalMessage(paced.url, 'silent-1', 'who leads?'))).status).toBe(200);
    await channel!.idle();

    expect(paced.streamRefusals()).toEqual([]);
    expect(paced.openStreams()).toEqual([]);
    const finals = paced.streamingActivities().filter((call) => streamInfoOf(call.activity)?.streamType === 'final');
    expect(finals.map((call) => call.activity.text)).toEqual(['Let me look that up. ', 'North leads.']);
    expect(paced.messages().filter((call) => streamInfoOf(call.activity) === undefined)).toEqual([]);
  });
});

describe('Stop while a Teams answer streams', () => {
  let server: HttpServer | undefined;
  let channel: TeamsChannel | undefined;

  afterEach(async () => {
    await channel?.stop();
    await server?.close();
  });

  it('ends the stream with the text written so far, then posts the Stopped card', async () => {
    let cancelled = false;
    let written = '';
    const handler: TurnHandler = {
      async handle(request: TurnRequest, observer: TurnObserver = {}): Promise<HandleResult> {
        observer.onStart?.();
        for (let index = 1; index <= 200 && !cancelled; index += 1) {
          const piece = `Sentence ${index}. `;
          written += piece;
          observer.onTextDelta?.(piece);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        return { kind: 'completed', outcome: outcomeFor(request, { status: cancelled ? 'cancelled' : 'answered', text: written }) };
      },
      cancel: () => {
        cancelled = true;
        return true;
      },
      isKnownThread: async () => false,
      markEventProcessed: async () => true,
    };
    server = createHttpServer();
    const silent = () => undefined;
    channel = await attachTeamsChannel({ app: server.app, handler, auth: {}, logger: { info: silent, warn: silent, error: silent }, typingIntervalMs: 50, streamUpdateIntervalMs: 50 });
    const baseUrl = `http://127.0.0.1:${await server.listen(0, '127.0.0.1')}`;
    await postActivity(baseUrl, personalMessage(connector.url, 'stop-1', 'tell me everything'));
    await connector.waitFor(() => connector.streamingActivities().length >= 2);
    await postActivity(baseUrl, personalMessage(connector.url, 'stop-2', 'stop'));
    await channel.idle();

    expect(cancelled).toBe(true);
    expect(connector.streamRefusals()).toEqual([]);
    const final = connector.streamingActivities().at(-1)!;
    expect(streamInfoOf(final.activity)?.streamType).toBe('final');
    expect(final.activity.text).toBe(written.trim() === '' ? '…' : written);
    expect(final.activity.channelData).toBeUndefined();
    const after = connector.messages().slice(connector.messages().indexOf(final) + 1);
    expect(after).toHaveLength(1);
    expect(JSON.stringify(after[0]!.activity.attachments)).toContain('Stopped');
  });
});

describe('a Teams turn that fails after its stream opened', () => {
  let server: HttpServer | undefined;
  let channel: TeamsChannel | undefined;

  afterEach(async () => {
    await channel?.stop();
    await server?.close();
  });

  it('ends the stream with the failure sentence instead of a bare "…", and the card after it carries only Retry', async () => {
    const sentence = 'The warehouse did not answer within 30 s. Try again, or ask for less data.';
    const handler: TurnHandler = {
      async handle(request: TurnRequest, observer: TurnObserver = {}): Promise<HandleResult> {
        observer.onStart?.();
        // A tool call opens the stream with an informative update; then the turn fails without a word written.
        observer.onToolCallStart?.({ toolCallId: 'call_1', toolName: 'execute_sql', sql: 'SELECT 1' });
        await new Promise((resolve) => setTimeout(resolve, 100));
        return { kind: 'completed', outcome: outcomeFor(request, { status: 'failed', text: '', failure: { kind: 'timeout', message: sentence, retryable: true } }) };
      },
      cancel: () => false,
      isKnownThread: async () => false,
      markEventProcessed: async () => true,
    };
    server = createHttpServer();
    const silent = () => undefined;
    channel = await attachTeamsChannel({ app: server.app, handler, auth: {}, logger: { info: silent, warn: silent, error: silent }, typingIntervalMs: 50, streamUpdateIntervalMs: 50 });
    const baseUrl = `http://127.0.0.1:${await server.listen(0, '127.0.0.1')}`;
    await postActivity(baseUrl, personalMessage(connector.url, 'fail-1', 'how many orders?'));
    await channel.idle();

    expect(connector.streamRefusals()).toEqual([]);
    const streamed = connector.streamingActivities();
    expect(streamInfoOf(streamed[0]!.activity)?.streamType).toBe('informative');
    const final = streamed.at(-1)!;
    expect(streamInfoOf(final.activity)?.streamType).toBe('final');
    expect(final.activity.text).toBe(sentence);
    expect(connector.messages().some((call) => call.activity.text === '…')).toBe(false);
    const after = connector.messages().slice(connector.messages().indexOf(final) + 1);
    expect(after).toHaveLength(1);
    const card = JSON.stringify(after[0]!.activity.attachments);
    expect(card).toContain('Retry');
    expect(card).not.toContain('did not answer');
    // The same reader's view as Slack's: the sentence once (in the stream), then Retry, no text beside it.
    const attachments = after[0]!.activity.attachments as Array<{ content?: { body?: unknown[]; actions?: Array<{ title?: string }> } }> | undefined;
    expect(attachments?.[0]?.content?.body).toBeUndefined();
    expect(attachments?.[0]?.content?.actions?.map((action) => action.title)).toEqual(['Retry']);
  });
});

describe('the fake connector holds bots to the streaming protocol', () => {
  async function send(activity: Record<string, unknown>): Promise<{ status: number; id?: string }> {
    const response = await fetch(`${connector.url}v3/conversations/a%3Aprotocol/activities`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(activity) });
    const body = (await response.json()) as { id?: string };
    return { status: response.status, ...(body.id ? { id: body.id } : {}) };
  }
  const info = (streamType: string, streamSequence: number | undefined, streamId?: string) => [{ type: 'streaminfo', streamType, ...(streamSequence === undefined ? {} : { streamSequence }), ...(streamId ? { streamId } : {}) }];

  it('refuses a first sequence other than 1, a falling sequence, shrinking text, a final message with a streamSequence and anything after the final message', async () => {
    expect((await send({ type: 'typing', text: 'a', entities: info('streaming', 2) })).status).toBe(400);
    const first = await send({ type: 'typing', text: 'Hello', entities: info('streaming', 1) });
    expect(first.status).toBe(201);
    const streamId = first.id!;
    expect((await send({ type: 'typing', text: 'Hello there', entities: info('streaming', 1, streamId) })).status).toBe(400);
    expect((await send({ type: 'typing', text: 'Bye', entities: info('streaming', 2, streamId) })).status).toBe(400);
    expect(await send({ type: 'typing', text: 'Hello there', entities: info('streaming', 2, streamId) })).toEqual({ status: 201, id: streamId });
    expect((await send({ type: 'message', text: 'Hello there.', entities: info('final', 4, streamId) })).status).toBe(400);
    expect(connector.streamRefusals().at(-1)).toContain('must not set streamSequence');
    expect((await send({ type: 'message', text: 'Hello there.', entities: info('final', undefined, streamId) })).status).toBe(201);
    expect((await send({ type: 'typing', text: 'Hello there. More', entities: info('streaming', 5, streamId) })).status).toBe(403);
    expect(connector.streamRefusals().at(-1)).toContain('ContentStreamNotAllowed');
    expect(connector.streamingActivities().map((call) => streamInfoOf(call.activity)?.streamSequence)).toEqual([1, 2, undefined]);
  });

  it('refuses citations without their [n] marker in the text, or with raw text where a stringified Adaptive Card belongs', async () => {
    const citation = (appearance: Record<string, unknown>) => ({ '@type': 'Claim', position: 1, appearance: { '@type': 'DigitalDocument', name: 'Query 1', abstract: 'SELECT 1', ...appearance } });
    const message = (text: string, appearance: Record<string, unknown>) => ({ type: 'message', text, entities: [{ type: 'https://schema.org/Message', '@type': 'Message', '@context': 'https://schema.org', citation: [citation(appearance)] }] });
    expect((await send(message('One row.', {}))).status).toBe(400);
    expect(connector.streamRefusals().at(-1)).toContain('no [1] marker');
    expect((await send(message('One row. [1]', { text: 'SELECT 1' }))).status).toBe(400);
    expect((await send(message('One row. [1]', { text: '{"type":"AdaptiveCard","body":[]}' }))).status).toBe(400);
    expect(connector.streamRefusals().at(-1)).toContain('encodingFormat');
    expect((await send(message('One row. [1]', { text: '{"type":"AdaptiveCard","body":[]}', encodingFormat: 'application/vnd.microsoft.card.adaptive' }))).status).toBe(201);
  });
});
