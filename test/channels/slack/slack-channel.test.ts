// The Slack adapter over real HTTP with signed requests, a recording TurnHandler and the fake
// Slack Web API: transport, filtering, identity, status, buttons and failure handling.
import { afterEach, describe, expect, it } from 'vitest';
import type { TurnObserver } from '../../../src/conversations/types.js';
import { problemsInCalls } from './support/block-kit-validator.js';
import { RecordingTurnHandler, type OutcomeScript } from './support/recording-turn-handler.js';
import { startSlackHarness, SIGNING_SECRET, type SlackHarness } from './support/slack-harness.js';
import { messageEnvelope, sendSlackEvent, signSlackBody } from './support/slack-requests.js';

let harness: SlackHarness | undefined;

afterEach(async () => {
  if (harness) expect(problemsInCalls(harness.slack.calls)).toEqual([]);
  await harness?.close();
  harness = undefined;
});

async function start(script?: OutcomeScript, extra: Parameters<typeof startSlackHarness>[0] extends infer O ? Partial<O> : never = {}) {
  const handler = new RecordingTurnHandler(script);
  harness = await startSlackHarness({ handler, ...extra });
  harness.slack.addUser({ id: 'UANA', name: 'ana', realName: 'Ana Lima', email: 'ana@example.com' });
  return { handler, harness };
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

describe('Slack channel: events', () => {
  it('answers a mention in its thread, with the asker identity, the mention stripped and both dedupe keys', async () => {
    const { handler, harness } = await start(() => ({ text: 'North sold **300**.' }));
    const response = await harness.sendEvent({ user: 'UANA', text: '<@UBOT> sales by region?', channel: 'C1', ts: '1712.0001', eventId: 'Ev1' });
    expect(response.status).toBe(200);
    const answer = await harness.slack.waitFor(() => harness.slack.threadMessages('C1', '1712.0001').find((message) => message.text.includes('North sold')));

    expect(handler.requests).toHaveLength(1);
    expect(handler.requests[0]).toMatchObject({
      threadId: 'slack:T1:C1:1712.0001',
      platform: 'slack',
      text: 'sales by region?',
      kind: 'message',
      actor: { platform: 'slack', userId: 'UANA', displayName: 'ana', email: 'ana@example.com' },
      place: { channelId: 'C1', teamId: 'T1', isDirectMessage: false },
      eventKey: 'slack-event:Ev1',
      extraEventKeys: ['slack-message:C1:1712.0001'],
      interactive: true,
    });
    expect(answer.thread_ts).toBe('1712.0001');
    expect(answer.blocks).toEqual([{ type: 'section', text: { type: 'mrkdwn', text: 'North sold *300*.' } }]);
    // The working message was posted in the thread with a Stop button, then deleted after the answer.
    const working = harness.slack.callsOf('chat.postMessage')[0]!;
    expect(working.args.thread_ts).toBe('1712.0001');
    expect(JSON.stringify(working.args.blocks)).toContain('datathread_stop');
    await harness.slack.waitFor(() => harness.slack.callsOf('chat.delete').length === 1);
  });

  it('acks at once even when the turn takes seconds (the agent never runs before the ack)', async () => {
    const { harness } = await start(async () => {
      await sleep(1_500);
      return { text: 'Slow answer.' };
    });
    const started = performance.now();
    const response = await harness.sendEvent({ user: 'UANA', text: '<@UBOT> slow?', channel: 'C1', ts: '1712.0002' });
    expect(response.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(500);
    await harness.slack.waitFor(() => harness.slack.messages.find((message) => message.text === 'Slow answer.'));
  });

  it('rejects a bad signature and a stale timestamp with 401 and starts nothing', async () => {
    const { handler, harness } = await start();
    const envelope = messageEnvelope({ user: 'UANA', text: '<@UBOT> hi', channel: 'C1', ts: '1712.0003' });
    const badSignature = await sendSlackEvent(harness.eventsUrl, SIGNING_SECRET, envelope, { signature: 'v0=deadbeef' });
    const staleSeconds = Math.floor(Date.now() / 1000) - 6 * 60;
    const stale = await sendSlackEvent(harness.eventsUrl, SIGNING_SECRET, envelope, { timestampSeconds: staleSeconds });
    const wrongSecret = await sendSlackEvent(harness.eventsUrl, 'another-secret', envelope);
    expect([badSignature.status, stale.status, wrongSecret.status]).toEqual([401, 401, 401]);
    // Sanity: the signature helper is right, so the same body signed now passes.
    expect(signSlackBody(SIGNING_SECRET, 'x', 1)).toMatch(/^v0=[0-9a-f]{64}$/);
    await sleep(200);
    expect(handler.requests).toEqual([]);
    expect(harness.slack.callsOf('chat.postMessage')).toEqual([]);
  });

  it('ignores its own messages, other bots, edits and deletions, and channel chatter without a mention', async () => {
    const { handler, harness } = await start();
    await harness.sendEvent({ type: 'message', user: 'UBOT', bot_id: 'BBOT', text: 'my answer', channel: 'C1', ts: '1.1', channel_type: 'channel' });
    await harness.sendEvent({ type: 'message', user: 'UOTHERBOT', bot_id: 'B2', text: '<@UBOT> hi', channel: 'C1', ts: '1.2', channel_type: 'channel' });
    await harness.sendEvent({ type: 'message', subtype: 'message_changed', user: 'UANA', text: '<@UBOT> edited', channel: 'C1', ts: '1.3', channel_type: 'channel' });
    await harness.sendEvent({ type: 'message', subtype: 'message_deleted', user: 'UANA', text: '', channel: 'C1', ts: '1.4', channel_type: 'channel' });
    await harness.sendEvent({ type: 'message', user: 'UANA', text: 'lunch?', channel: 'C1', ts: '1.5', channel_type: 'channel' });
    await harness.sendEvent({ type: 'message', user: 'UANA', text: 'in some thread', channel: 'C1', ts: '1.7', thread_ts: '1.6', channel_type: 'channel' });
    await sleep(300);
    expect(handler.requests).toEqual([]);
  });

  it('continues a thread it joined without a new mention, and answers DMs using the assistant status', async () => {
    const { handler, harness } = await start((request) => ({ text: `echo ${request.text}` }));
    await harness.sendEvent({ user: 'UANA', text: '<@UBOT> first', channel: 'C1', ts: '2.1' });
    await harness.slack.waitFor(() => harness.slack.messages.find((message) => message.text === 'echo first'));
    await harness.sendEvent({ type: 'message', user: 'UANA', text: 'and second', channel: 'C1', ts: '2.2', thread_ts: '2.1', channel_type: 'channel' });
    await harness.slack.waitFor(() => harness.slack.messages.find((message) => message.text === 'echo and second'));
    expect(handler.requests.map((request) => request.threadId)).toEqual(['slack:T1:C1:2.1', 'slack:T1:C1:2.1']);

    await harness.sendEvent({ type: 'message', user: 'UANA', text: 'hello in DM', channel: 'D1', ts: '3.1', channel_type: 'im' });
    const dmAnswer = await harness.slack.waitFor(() => harness.slack.messages.find((message) => message.text === 'echo hello in DM'));
    expect(dmAnswer.thread_ts).toBe('3.1');
    expect(handler.requests[2]).toMatchObject({ threadId: 'slack:T1:D1:3.1', place: { isDirectMessage: true } });
    const statuses = harness.slack.callsOf('assistant.threads.setStatus').map((call) => call.args);
    expect(statuses[0]).toMatchObject({ channel_id: 'D1', thread_ts: '3.1', status: 'Thinking…' });
    await harness.slack.waitFor(() => harness.slack.callsOf('assistant.threads.setStatus').some((call) => call.args.status === ''));
  });

  it('falls back to a working message in a DM when Slack refuses the assistant status', async () => {
    const { harness } = await start(() => ({ text: 'ok' }));
    harness.slack.failNext('assistant.threads.setStatus', { error: 'not_allowed_token_type' });
    await harness.sendEvent({ type: 'message', user: 'UANA', text: 'hi', channel: 'D2', ts: '4.1', channel_type: 'im' });
    await harness.slack.waitFor(() => harness.slack.messages.find((message) => message.text === 'ok'));
    expect(JSON.stringify(harness.slack.callsOf('chat.postMessage')[0]!.args.blocks)).toContain('datathread_stop');
  });

  it('updates the working message with the status at most once a second, and Stop cancels the turn', async () => {
    const { handler, harness } = await start(async (_request, observer: TurnObserver) => {
      for (const status of ['Querying warehouse…', 'Reading results…', 'Drawing a chart…']) {
        observer.onStatus?.(status);
        await sleep(100);
      }
      await sleep(1_200);
      return { text: 'charted' };
    });
    await harness.sendEvent({ user: 'UANA', text: '<@UBOT> chart it', channel: 'C1', ts: '5.1' });
    const working = await harness.slack.waitFor(() => harness.slack.messages.find((message) => message.text === 'Thinking…'));
    await harness.click(working, 'datathread_stop', 'UANA');
    await harness.slack.waitFor(() => harness.slack.messages.find((message) => message.text === 'charted'));
    const updates = harness.slack.callsOf('chat.update');
    // Three statuses in 300 ms: at most one edit in the first second, the last status trails.
    expect(updates.length).toBeGreaterThanOrEqual(1);
    expect(updates.length).toBeLessThanOrEqual(2);
    expect(updates.at(-1)!.args.text).toBe('Drawing a chart…');
    expect(handler.cancelled).toEqual(['slack:T1:C1:5.1']);
  });

  it('logs plainly when it cannot post in the channel, and tells the asker in a direct message', async () => {
    const { harness } = await start(() => ({ text: 'answer' }));
    harness.slack.failNext('chat.postMessage', { error: 'not_in_channel' });
    harness.slack.failNext('chat.postMessage', { error: 'not_in_channel' });
    await harness.sendEvent({ user: 'UANA', text: '<@UBOT> hi', channel: 'C9', ts: '6.1' });
    const line = await harness.slack.waitFor(() => harness.logs.find((log) => log.level === 'error' && log.message.includes('not_in_channel')));
    expect(line.message).toContain('Invite it with /invite @datathread');
    // And the asker hears about it in a direct message instead of silence.
    const notice = await harness.slack.waitFor(() => harness.slack.messages.find((message) => message.channel === 'UANA'));
    expect(notice.text).toContain('I could not post my answer in <#C9>');
  });

  it('answers an empty mention with a hint, once', async () => {
    const { handler, harness } = await start();
    await harness.sendEvent({ user: 'UANA', text: '<@UBOT>', channel: 'C1', ts: '7.1' });
    await harness.sendEvent({ type: 'message', user: 'UANA', text: '<@UBOT>', channel: 'C1', ts: '7.1', channel_type: 'channel' });
    await harness.slack.waitFor(() => harness.slack.messages.find((message) => message.text.startsWith('Hi! Ask me')));
    await sleep(200);
    expect(harness.slack.messages.filter((message) => message.text.startsWith('Hi! Ask me'))).toHaveLength(1);
    expect(handler.requests).toEqual([]);
  });
});

describe('Slack channel: query buttons', () => {
  const queryOutcome = {
    text: 'Two regions.',
    queries: [{ queryId: 'query_abcd1234', databaseName: 'shop', sql: 'SELECT region FROM sales', rowCount: 2, durationMs: 3, refused: false, error: null }],
  };

  it('shows the SQL ephemerally and uploads the result as CSV with formula cells escaped', async () => {
    const { harness } = await start(() => queryOutcome, {
      getQueryResult: async (threadId, queryId) => ({
        threadId,
        queryId,
        databaseName: 'shop',
        sql: 'SELECT region FROM sales',
        columns: [{ name: 'region', type: 'varchar' }, { name: 'delta', type: 'integer' }],
        rows: [['=HYPERLINK("x")', -5], ['@SUM(A1)', 3], ['North, "big"', null]],
        rowCount: 3,
        truncated: false,
        createdAt: new Date(0),
      }),
    });
    await harness.sendEvent({ user: 'UANA', text: '<@UBOT> regions', channel: 'C1', ts: '8.1' });
    const answer = await harness.slack.waitFor(() => harness.slack.messages.find((message) => message.text.includes('Two regions.')));
    await harness.click(answer, 'datathread_show_sql_0', 'UANA');
    const ephemeral = await harness.slack.waitFor(() => harness.slack.callsOf('chat.postEphemeral')[0]);
    expect(ephemeral.args).toMatchObject({ channel: 'C1', user: 'UANA', thread_ts: '8.1' });
    expect(JSON.stringify(ephemeral.args.blocks)).toContain('```\\nSELECT region FROM sales\\n```');

    await harness.click(answer, 'datathread_csv_0', 'UANA');
    const file = await harness.slack.waitFor(() => harness.slack.files.find((candidate) => candidate.filename === 'query_abcd1234.csv' && candidate.threadTs));
    expect(file).toMatchObject({ channelId: 'C1', threadTs: '8.1' });
    expect(file.bytes.toString('utf8')).toBe('region,delta\r\n"\'=HYPERLINK(""x"")",-5\r\n\'@SUM(A1),3\r\n"North, ""big""",\r\n');
  });

  it('offers no CSV button without access to stored results', async () => {
    const { harness } = await start(() => queryOutcome);
    await harness.sendEvent({ user: 'UANA', text: '<@UBOT> regions', channel: 'C1', ts: '8.2' });
    const answer = await harness.slack.waitFor(() => harness.slack.messages.find((message) => message.text.includes('Two regions.')));
    const serialized = JSON.stringify(answer.blocks);
    expect(serialized).toContain('datathread_show_sql_0');
    expect(serialized).not.toContain('datathread_csv_0');
  });
});
