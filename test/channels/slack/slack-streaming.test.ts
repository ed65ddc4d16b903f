// Streamed answers over real HTTP: signed events → Bolt → the adapter → the fake Slack Web API with
// chat.startStream / appendStream / stopStream. A recording TurnHandler plays the model's deltas and
// tool calls through the turn observer, as the engine does.
import { afterEach, describe, expect, it } from 'vitest';
import type { TurnObserver, TurnOutcome } from '../../../src/conversations/types.js';
import { MAX_STREAM_MESSAGE_CHARACTERS } from '../../../src/channels/slack/streaming/stream-limits.js';
import { ANSWER_FILE_THRESHOLD_CHARACTERS } from '../../../src/channels/slack/render/slack-limits.js';
import { startFakeSlackApi, type FakeSlackApi, type FakeSlackMessage, type FakeStreamingOptions } from '../../fakes/slack-api-server.js';
import { problemsInCalls } from './support/block-kit-validator.js';
import { RecordingTurnHandler, type OutcomeScript } from './support/recording-turn-handler.js';
import { startSlackHarness, type SlackHarness } from './support/slack-harness.js';
import { findButton } from './support/slack-requests.js';

let harness: SlackHarness | undefined;
let slack: FakeSlackApi | undefined;

afterEach(async () => {
  if (harness) expect(problemsInCalls(harness.slack.calls)).toEqual([]);
  await harness?.close();
  await slack?.close();
  harness = undefined;
  slack = undefined;
});

async function start(script: OutcomeScript, streaming: FakeStreamingOptions = {}) {
  slack = await startFakeSlackApi({ streaming });
  slack.addUser({ id: 'UANA', name: 'ana', email: 'ana@example.com' });
  const handler = new RecordingTurnHandler(script);
  harness = await startSlackHarness({ handler, slack });
  return { handler, harness, slack };
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
const SQL = 'SELECT region, SUM(amount) AS total FROM sales GROUP BY region';

/** Plays text word by word with a pause, as a model streams it. */
async function write(observer: TurnObserver, text: string, pauseMs = 5): Promise<void> {
  for (const piece of text.match(/\S+\s*|\s+/g) ?? []) {
    observer.onTextDelta?.(piece);
    await sleep(pauseMs);
  }
}

function streamedMessages(fake: FakeSlackApi, channel: string, threadTs: string): FakeSlackMessage[] {
  return fake.threadMessages(channel, threadTs).filter((message) => message.chunks !== undefined);
}

describe('Slack streaming', () => {
  it('streams text and task updates in order, then posts the buttons under the stopped stream', async () => {
    const answer = 'Let me check the sales.\n\nNorth sold **300**, South 50.';
    const { slack } = await start(async (_request, observer): Promise<Partial<TurnOutcome>> => {
      await write(observer, 'Let me check the sales.');
      observer.onToolCallStart?.({ toolCallId: 'call-1', toolName: 'execute_sql', sql: SQL });
      await sleep(50);
      observer.onToolCallEnd?.({ toolCallId: 'call-1', toolName: 'execute_sql', ok: true, sql: SQL });
      observer.onToolCallStart?.({ toolCallId: 'call-2', toolName: 'suggest_follow_ups' });
      observer.onToolCallEnd?.({ toolCallId: 'call-2', toolName: 'suggest_follow_ups', ok: true });
      await write(observer, '\n\nNorth sold **300**, South 50.');
      return { text: answer, followUps: ['By month?'], queries: [{ queryId: 'query_1', databaseName: 'shop', sql: SQL, rowCount: 2, refused: false }] as TurnOutcome['queries'] };
    });
    await harness!.sendEvent({ user: 'UANA', text: '<@UBOT> sales?', channel: 'C1', ts: '10.1' });
    const controls = await slack.waitFor(() => slack.threadMessages('C1', '10.1').find((message) => findButton(message.blocks ?? [], 'datathread_follow_up_0')));

    const [streamed, ...others] = streamedMessages(slack, 'C1', '10.1');
    expect(others).toEqual([]);
    expect(streamed!.streaming).toBe(false);
    expect(streamed!.text).toBe(answer);
    expect(streamed!.streamRecipient).toEqual({ userId: 'UANA', teamId: 'T1' });
    const order = (streamed!.chunks as Array<{ type: string; text?: string; id?: string; status?: string; details?: string; title?: string }>).map((chunk) =>
      chunk.type === 'markdown_text' ? 'text' : `${chunk.title}:${chunk.status}${chunk.details ? `:${chunk.details}` : ''}`,
    );
    expect(order.filter((entry, index) => entry !== 'text' || order[index - 1] !== 'text')).toEqual(['text', `Querying warehouse:in_progress:${SQL}`, `Querying warehouse:complete:${SQL}`, 'text']);
    // The answer is not posted a second time; the buttons come after the streamed message.
    const thread = slack.threadMessages('C1', '10.1');
    expect(thread.filter((message) => message.text.includes('North sold'))).toHaveLength(1);
    expect(thread.indexOf(controls)).toBeGreaterThan(thread.indexOf(streamed!));
    expect(findButton(controls.blocks ?? [], 'datathread_show_sql_0')).toBeDefined();
    expect(controls.text).toContain('By month?');
    // Start, a few throttled appends, one stop: not one call per word.
    expect(slack.callsOf('chat.startStream')).toHaveLength(1);
    expect(slack.callsOf('chat.stopStream')).toHaveLength(1);
    expect(slack.callsOf('chat.appendStream').length).toBeLessThan(6);
  });

  it('starts a new streamed message before one passes Slack\'s per-message limit, losing nothing', async () => {
    const line = `${'x'.repeat(99)}\n`;
    const answer = line.repeat(300).trim();
    const { slack } = await start(async (_request, observer) => {
      for (let index = 0; index < 30; index += 1) {
        observer.onTextDelta?.(index === 29 ? line.repeat(10).trim() : line.repeat(10));
        await sleep(20);
      }
      return { text: answer };
    });
    await harness!.sendEvent({ user: 'UANA', text: '<@UBOT> long?', channel: 'C1', ts: '11.1' });
    await slack.waitFor(() => slack.callsOf('chat.delete').length === 1);
    await slack.waitFor(() => streamedMessages(slack, 'C1', '11.1').every((message) => message.streaming === false) && streamedMessages(slack, 'C1', '11.1').length >= 3);

    const streamed = streamedMessages(slack, 'C1', '11.1');
    expect(streamed).toHaveLength(3);
    for (const message of streamed) expect(message.text.length).toBeLessThanOrEqual(MAX_STREAM_MESSAGE_CHARACTERS);
    expect(streamed.map((message) => message.text).join('')).toBe(answer);
    expect(slack.calls.filter((call) => call.failedWith !== undefined)).toEqual([]);
    // Nothing but the streamed messages carries the answer.
    expect(slack.threadMessages('C1', '11.1').filter((message) => message.chunks === undefined && message.text.includes('xxxx'))).toEqual([]);
  });

  it('starts every streamed message a table continues in with the table\'s header', async () => {
    const columns = Array.from({ length: 26 }, (_unused, index) => `column_${index + 1}`);
    const header = `| ${columns.join(' | ')} |`;
    const delimiter = `|${columns.map(() => '---').join('|')}|`;
    const rows = Array.from({ length: 120 }, (_unused, row) => `| ${columns.map((_name, column) => `r${row}c${column}`).join(' | ')} |`);
    const answer = ['Every order of the quarter:', '', header, delimiter, ...rows, '', 'That is all of them.'].join('\n');
    expect(answer.length).toBeGreaterThan(MAX_STREAM_MESSAGE_CHARACTERS * 2);
    const { slack } = await start(async (_request, observer) => {
      // A row at a time, each in two pieces, as a model writes it.
      for (const line of answer.match(/[^\n]*\n|[^\n]+$/g) ?? []) {
        observer.onTextDelta?.(line.slice(0, 40));
        observer.onTextDelta?.(line.slice(40));
        await sleep(1);
      }
      return { text: answer };
    });
    await harness!.sendEvent({ user: 'UANA', text: '<@UBOT> orders?', channel: 'C1', ts: '12.1' });
    await slack.waitFor(() => streamedMessages(slack, 'C1', '12.1').length >= 3 && streamedMessages(slack, 'C1', '12.1').every((message) => message.streaming === false) && slack.callsOf('chat.stopStream').length >= 3);

    const streamed = streamedMessages(slack, 'C1', '12.1').map((message) => message.text);
    expect(streamed.length).toBeGreaterThanOrEqual(3);
    for (const text of streamed) {
      expect(text.length).toBeLessThanOrEqual(MAX_STREAM_MESSAGE_CHARACTERS);
      const lines = text.split('\n');
      const firstRow = lines.findIndex((line) => line.startsWith('|'));
      if (firstRow >= 0) expect(lines.slice(firstRow, firstRow + 2)).toEqual([header, delimiter]);
    }
    // Every row is shown once; only the header lines are repeated.
    const shownRows = streamed.flatMap((text) => text.split('\n')).filter((line) => line.startsWith('| r'));
    expect(shownRows).toEqual(rows);
    expect(streamed.join('').replaceAll(`${header}\n${delimiter}\n`, '')).toBe(answer.replace(`${header}\n${delimiter}\n`, ''));
  });

  it('streams a preview of an answer too long for chat and attaches the whole answer as answer.md, as a posted answer does', async () => {
    const line = `${'y'.repeat(99)}\n`;
    const answer = line.repeat(450).trim();
    expect(answer.length).toBeGreaterThan(ANSWER_FILE_THRESHOLD_CHARACTERS);
    const { slack } = await start(async (_request, observer) => {
      for (let index = 0; index < 45; index += 1) {
        observer.onTextDelta?.(index === 44 ? line.repeat(10).trim() : line.repeat(10));
        await sleep(5);
      }
      return { text: answer, followUps: ['By month?'] };
    });
    await harness!.sendEvent({ user: 'UANA', text: '<@UBOT> everything?', channel: 'C1', ts: '13.1' });
    const file = await slack.waitFor(() => slack.files.find((candidate) => candidate.filename === 'answer.md' && candidate.threadTs === '13.1'));
    expect(file.bytes.toString('utf8')).toBe(answer);
    const controls = await slack.waitFor(() => slack.threadMessages('C1', '13.1').find((message) => findButton(message.blocks ?? [], 'datathread_follow_up_0')));

    const streamed = streamedMessages(slack, 'C1', '13.1');
    const shown = streamed.map((message) => message.text).join('');
    expect(shown.length).toBeLessThanOrEqual(ANSWER_FILE_THRESHOLD_CHARACTERS + 200);
    expect(answer.startsWith(shown.slice(0, shown.indexOf('\n\n_')))).toBe(true);
    expect(shown.endsWith('_The full answer is long, so it is attached as a file: **answer.md**._')).toBe(true);
    // The answer is not posted again beside the file, and the buttons come last.
    expect(slack.threadMessages('C1', '13.1').filter((message) => message.chunks === undefined && message.text.includes('yyyy'))).toEqual([]);
    const thread = slack.threadMessages('C1', '13.1');
    expect(thread.indexOf(controls)).toBe(thread.length - 1);
  });

  it('posts the whole answer the usual way when Slack refuses to stream, and stops asking', async () => {
    const { slack } = await start(async (_request, observer) => {
      await write(observer, 'North sold 300.');
      return { text: 'North sold 300.' };
    }, { refuseWith: 'feature_not_enabled' });
    await harness!.sendEvent({ user: 'UANA', text: '<@UBOT> sales?', channel: 'C1', ts: '12.1' });
    const answer = await slack.waitFor(() => slack.threadMessages('C1', '12.1').find((message) => message.text === 'North sold 300.'));
    expect(answer.blocks).toEqual([{ type: 'section', text: { type: 'mrkdwn', text: 'North sold 300.' } }]);
    await harness!.sendEvent({ user: 'UANA', text: '<@UBOT> again?', channel: 'C1', ts: '12.2' });
    await slack.waitFor(() => slack.threadMessages('C1', '12.2').find((message) => message.text === 'North sold 300.'));
    // Refused once with "not enabled": the second turn does not try again.
    expect(slack.calls.filter((call) => call.method === 'chat.startStream')).toHaveLength(1);
    expect(harness!.logs.some((line) => line.level === 'warn' && line.message.includes('stream the answer'))).toBe(true);
  });

  it('replaces a stream that Slack ends mid-answer (message_not_in_streaming_state) with the whole answer', async () => {
    const answer = 'First part of the answer. Second part of the answer, written later.';
    const { slack } = await start(async (_request, observer) => {
      await write(observer, 'First part of the answer. ');
      await sleep(700);
      slack!.failNext('chat.appendStream', { error: 'message_not_in_streaming_state' });
      await write(observer, 'Second part of the answer, written later.');
      return { text: answer };
    });
    await harness!.sendEvent({ user: 'UANA', text: '<@UBOT> sales?', channel: 'C1', ts: '13.1' });
    const posted = await slack.waitFor(() => slack.threadMessages('C1', '13.1').find((message) => message.chunks === undefined && message.text === answer));
    expect(posted.blocks).toEqual([{ type: 'section', text: { type: 'mrkdwn', text: answer } }]);
    // The broken streamed message is gone, so the thread shows the answer once and whole.
    expect(streamedMessages(slack, 'C1', '13.1')).toEqual([]);
    expect(slack.threadMessages('C1', '13.1').filter((message) => message.text.includes('First part'))).toHaveLength(1);
  });

  it('keeps Stop available while it streams: the click cancels, the stream stops, and the thread says so', async () => {
    const { handler, slack } = await start(async (request, observer) => {
      await write(observer, 'Counting the rows one by one ');
      const deadline = Date.now() + 5_000;
      while (!recorded.cancelled.includes(request.threadId) && Date.now() < deadline) {
        observer.onTextDelta?.('and more ');
        await sleep(50);
      }
      return { status: 'cancelled', text: '' };
    });
    const recorded = handler;
    await harness!.sendEvent({ user: 'UANA', text: '<@UBOT> count?', channel: 'C1', ts: '14.1' });
    const working = await slack.waitFor(() => slack.messages.find((message) => message.text === 'Thinking…'));
    await slack.waitFor(() => streamedMessages(slack, 'C1', '14.1')[0]?.text.includes('and more'));
    await harness!.click(working, 'datathread_stop', 'UANA');
    const stopped = await slack.waitFor(() => slack.threadMessages('C1', '14.1').find((message) => /stopped/i.test(message.text) && message.chunks === undefined));

    const [streamed] = streamedMessages(slack, 'C1', '14.1');
    expect(handler.cancelled).toEqual(['slack:T1:C1:14.1']);
    expect(streamed!.streaming).toBe(false);
    expect(streamed!.text.startsWith('Counting the rows one by one and more')).toBe(true);
    const thread = slack.threadMessages('C1', '14.1');
    expect(thread.indexOf(stopped)).toBeGreaterThan(thread.indexOf(streamed!));
  });

  it('a Stop while only a task was streamed removes that streamed message: the thread shows the stopped sentence alone', async () => {
    const { handler, slack } = await start(async (request, observer) => {
      observer.onToolCallStart?.({ toolCallId: 'call-1', toolName: 'execute_sql', sql: SQL });
      const deadline = Date.now() + 5_000;
      while (!recorded.cancelled.includes(request.threadId) && Date.now() < deadline) await sleep(20);
      return { status: 'cancelled', text: '' };
    });
    const recorded = handler;
    await harness!.sendEvent({ user: 'UANA', text: '<@UBOT> count?', channel: 'C1', ts: '14.2' });
    const working = await slack.waitFor(() => slack.messages.find((message) => message.text === 'Thinking…'));
    const [streamed] = await slack.waitFor(() => {
      const found = streamedMessages(slack, 'C1', '14.2');
      return found.length > 0 ? found : undefined;
    });
    await harness!.click(working, 'datathread_stop', 'UANA');
    await slack.waitFor(() => slack.threadMessages('C1', '14.2').find((message) => /stopped/i.test(message.text) && message.chunks === undefined));

    expect(handler.cancelled).toEqual(['slack:T1:C1:14.2']);
    expect(slack.callsOf('chat.delete').map((call) => call.args.ts)).toContain(streamed!.ts);
    expect(streamedMessages(slack, 'C1', '14.2')).toEqual([]);
    expect(slack.threadMessages('C1', '14.2').filter((message) => message.text.trim() === '')).toEqual([]);
  });

  it('streams in a direct message without recipient fields', async () => {
    const { slack } = await start(async (_request, observer) => {
      await write(observer, 'Hello there.');
      return { text: 'Hello there.' };
    });
    await harness!.sendEvent({ user: 'UANA', text: 'hi', channel: 'D1', ts: '15.1', type: 'message', channel_type: 'im' });
    await slack.waitFor(() => streamedMessages(slack, 'D1', '15.1')[0]?.streaming === false);
    const startCall = slack.callsOf('chat.startStream')[0]!;
    expect(startCall.args.recipient_user_id).toBeUndefined();
    expect(streamedMessages(slack, 'D1', '15.1')[0]!.text).toBe('Hello there.');
  });
});
