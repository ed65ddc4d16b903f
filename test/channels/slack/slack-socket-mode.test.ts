// The Slack adapter in Socket Mode (an app token instead of a public URL), end to end against
// local fakes only: the fake Web API answers apps.connections.open with the URL of a fake Socket
// Mode server, real Bolt connects to it over a WebSocket, and a mention pushed as an events_api
// envelope must be acked on the socket and answered in its thread through chat.postMessage.
import { afterEach, describe, expect, it } from 'vitest';
import { attachSlackChannel, type SlackChannel } from '../../../src/channels/slack/index.js';
import { createHttpServer, type HttpServer } from '../../../src/server/http-server.js';
import { startFakeSlackApi, type FakeSlackApi } from '../../fakes/slack-api-server.js';
import { startFakeSocketMode, type FakeSocketMode } from '../../fakes/slack-socket-mode-server.js';
import { problemsInCalls } from './support/block-kit-validator.js';
import { RecordingTurnHandler, type OutcomeScript } from './support/recording-turn-handler.js';
import { BOT_TOKEN, SIGNING_SECRET, type TestLogLine } from './support/slack-harness.js';
import { messageEnvelope, sendSlackEvent } from './support/slack-requests.js';

const APP_TOKEN = 'xapp-test';

interface SocketModeRig {
  socket: FakeSocketMode;
  slack: FakeSlackApi;
  server: HttpServer;
  channel: SlackChannel;
  eventsUrl: string;
  logs: TestLogLine[];
}

let rig: Partial<SocketModeRig> = {};

afterEach(async () => {
  // Stop the channel first so the client closes its socket and does not try to reconnect.
  await rig.channel?.stop();
  await rig.server?.close();
  await rig.socket?.close();
  await rig.slack?.close();
  rig = {};
});

async function startSocketModeChannel(script: OutcomeScript): Promise<SocketModeRig & { handler: RecordingTurnHandler }> {
  const handler = new RecordingTurnHandler(script);
  const socket = await startFakeSocketMode();
  rig.socket = socket;
  const slack = await startFakeSlackApi({ socketModeUrl: socket.url });
  rig.slack = slack;
  slack.addUser({ id: 'UANA', name: 'ana', realName: 'Ana Lima', email: 'ana@example.com' });
  const logs: TestLogLine[] = [];
  const log = (level: TestLogLine['level']) => (message: string, fields?: Record<string, unknown>) => void logs.push({ level, message, fields });
  const server = createHttpServer();
  rig.server = server;
  const channel = await attachSlackChannel({
    app: server.app,
    handler,
    botToken: BOT_TOKEN,
    signingSecret: SIGNING_SECRET,
    appToken: APP_TOKEN,
    slackApiUrl: slack.apiUrl,
    retryConfig: { retries: 3, factor: 1, minTimeout: 10, maxTimeout: 50 },
    logger: { info: log('info'), warn: log('warn'), error: log('error') },
  });
  rig.channel = channel;
  const port = await server.listen(0, '127.0.0.1');
  return { handler, socket, slack, server, channel, eventsUrl: `http://127.0.0.1:${port}/slack/events`, logs };
}

describe('Slack channel: Socket Mode', () => {
  it('acks a mention on the socket, answers it in its thread, mounts no HTTP route and closes the socket on stop', async () => {
    let releaseTurn: () => void = () => {};
    const turnReleased = new Promise<void>((resolve) => {
      releaseTurn = resolve;
    });
    const { handler, socket, slack, channel, eventsUrl, logs } = await startSocketModeChannel(async () => {
      await turnReleased;
      return { text: 'North sold **300**.' };
    });

    // attachSlackChannel resolves once Slack's `hello` arrived on the one connection, opened with the app token.
    expect(slack.callsOf('apps.connections.open')).toHaveLength(1);
    expect(slack.calls.filter((call) => call.method === 'apps.connections.open' && call.failedWith)).toEqual([]);
    expect(socket.connections).toHaveLength(1);
    expect(socket.openConnections()).toHaveLength(1);
    expect(logs).toContainEqual(expect.objectContaining({ level: 'info', message: 'Slack connected over Socket Mode.' }));

    const envelopeId = socket.sendEvent(messageEnvelope({ user: 'UANA', text: '<@UBOT> sales by region?', channel: 'C1', ts: '1712.0001', eventId: 'EvSocket1' }));

    // Acked by envelope_id while the turn is still running: the ack never waits for the agent.
    const ack = await socket.waitFor(() => socket.acks().find((candidate) => candidate.envelope_id === envelopeId));
    expect(ack).toEqual({ envelope_id: envelopeId, payload: {} });
    await socket.waitFor(() => handler.requests.length === 1);
    expect(slack.threadMessages('C1', '1712.0001').some((message) => message.text.includes('North sold'))).toBe(false);
    expect(handler.requests[0]).toMatchObject({
      threadId: 'slack:T1:C1:1712.0001',
      platform: 'slack',
      text: 'sales by region?',
      kind: 'message',
      actor: { platform: 'slack', userId: 'UANA', displayName: 'ana', email: 'ana@example.com' },
      place: { channelId: 'C1', teamId: 'T1', isDirectMessage: false },
      eventKey: 'slack-event:EvSocket1',
      extraEventKeys: ['slack-message:C1:1712.0001'],
      interactive: true,
    });

    releaseTurn();
    const answer = await slack.waitFor(() => slack.threadMessages('C1', '1712.0001').find((message) => message.text.includes('North sold')));
    expect(answer.thread_ts).toBe('1712.0001');
    expect(answer.blocks).toEqual([{ type: 'section', text: { type: 'mrkdwn', text: 'North sold *300*.' } }]);
    const answerCall = slack.callsOf('chat.postMessage').find((call) => String(call.args.text).includes('North sold'));
    expect(answerCall?.args).toMatchObject({ channel: 'C1', thread_ts: '1712.0001' });
    expect(problemsInCalls(slack.calls)).toEqual([]);
    // One envelope, one ack: nothing else was sent back on the socket.
    expect(socket.connections[0]!.received).toEqual([ack]);

    // Socket Mode mounts nothing on the shared HTTP server: a signed event there is not Slack's.
    const viaHttp = await sendSlackEvent(eventsUrl, SIGNING_SECRET, messageEnvelope({ user: 'UANA', text: '<@UBOT> over http?', channel: 'C1', ts: '1712.0002' }));
    expect(viaHttp.status).toBe(404);

    await channel.stop();
    const connection = socket.connections[0]!;
    await socket.waitFor(() => connection.socketClosed);
    expect(connection.closed).toEqual({ by: 'client', code: 1000 });
    expect(socket.openConnections()).toEqual([]);
    expect(slack.callsOf('apps.connections.open')).toHaveLength(1);
    expect(handler.requests).toHaveLength(1);
  });
});
