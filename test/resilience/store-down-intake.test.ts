// An event that arrives while the PostgreSQL state store is down: the real Bolt (HTTP mode) and the
// real Agents SDK in front of the real turn queue, the store reached through a TCP relay that is cut
// (new connections refused, open ones dropped), as when the server stops. Nothing may be acknowledged
// that was not stored: the platform gets an error status and delivers again, and the question is
// answered once the store is back; on Slack's last retry, and in Socket Mode (acknowledged by Bolt
// before the bot sees the event), the thread is told to ask again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplication, type Application } from '../../src/application.js';
import { attachSlackChannel, type SlackChannel } from '../../src/channels/slack/index.js';
import { attachTeamsChannel, type TeamsChannel } from '../../src/channels/teams/index.js';
import { readEnvironment } from '../../src/config/environment.js';
import { loadConfig } from '../../src/config/load-config.js';
import { TURN_SENTENCES } from '../../src/conversations/standard-sentences.js';
import { createLogger } from '../../src/logging/logger.js';
import { createHttpServer, type HttpServer } from '../../src/server/http-server.js';
import { startFakeBotConnector, type FakeBotConnector } from '../fakes/bot-connector-server.js';
import { startFakeSlackApi, type FakeSlackApi } from '../fakes/slack-api-server.js';
import { startFakeSocketMode } from '../fakes/slack-socket-mode-server.js';
import { messageEnvelope, sendSlackEvent } from '../channels/slack/support/slack-requests.js';
import { channelMention, postActivity } from '../channels/teams/teams-activities.js';
import { createE2eWorkspace, type E2eWorkspace } from '../support/e2e-workspace.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres-database.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';

const SIGNING_SECRET = 'store-down-intake-signing-secret';
const CHANNEL = 'C1';

let workspace: E2eWorkspace;
let postgres: ScratchDatabase;
let proxy: TcpProxy;
let slack: FakeSlackApi;
let connector: FakeBotConnector;
let application: Application;
let server: HttpServer;
let slackChannel: SlackChannel;
let teamsChannel: TeamsChannel;
let baseUrl: string;

beforeAll(async () => {
  workspace = await createE2eWorkspace({ prefix: 'store-down-intake', duckdb: ['CREATE TABLE numbers (n INTEGER)', 'INSERT INTO numbers VALUES (1)'] });
  postgres = await createScratchDatabase('store_down_intake');
  const target = new URL(postgres.url);
  proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
  slack = await startFakeSlackApi();
  slack.addUser({ id: 'U1', name: 'ana' });
  connector = await startFakeBotConnector();
  const environment = readEnvironment({
    ...workspace.variables,
    DATATHREAD_STATE: proxy.urlFor(postgres.url),
    SLACK_BOT_TOKEN: 'xoxb-store-down-test',
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    SLACK_API_URL: slack.apiUrl,
  });
  const logger = createLogger({ level: 'error', write: () => undefined });
  application = await createApplication({ environment, config: loadConfig(environment), logger });
  server = createHttpServer();
  slackChannel = await attachSlackChannel({ app: server.app, handler: application.engine, turns: application.turns, botToken: 'xoxb-store-down-test', signingSecret: SIGNING_SECRET, slackApiUrl: slack.apiUrl, logger });
  teamsChannel = await attachTeamsChannel({ app: server.app, handler: application.engine, turns: application.turns, auth: environment.teams, logger });
  application.turns.start();
  baseUrl = `http://127.0.0.1:${await server.listen(0, '127.0.0.1')}`;
}, 120_000);

afterAll(async () => {
  await proxy?.restore();
  await application?.turns.drain(0);
  await slackChannel?.stop();
  await teamsChannel?.stop();
  await server?.close();
  await application?.close();
  await proxy?.close();
  await connector?.close();
  await slack?.close();
  await workspace?.close();
  await postgres?.drop();
});

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

let tsCounter = 0;
function newThreadTs(): string {
  tsCounter += 1;
  return `1800001000.${String(tsCounter).padStart(6, '0')}`;
}

function deliver(envelope: object, retryNum?: number): Promise<number> {
  return sendSlackEvent(`${baseUrl}/slack/events`, SIGNING_SECRET, envelope, retryNum === undefined ? {} : { retryNum }).then((response) => response.status);
}

describe('an event that arrives while the state store is down', () => {
  it('Slack: is not acknowledged (500), runs nothing, and is answered once when Slack delivers it again after the store is back', async () => {
    const threadTs = newThreadTs();
    const envelope = messageEnvelope({ user: 'U1', text: '<@UBOT> how many numbers?', channel: CHANNEL, ts: threadTs });
    const requestsBefore = workspace.fakeModel.requests.length;
    await proxy.cut();
    expect(await deliver(envelope)).toBe(500);
    await sleep(1_000);
    expect(workspace.fakeModel.requests.length).toBe(requestsBefore);
    expect(slack.threadMessages(CHANNEL, threadTs)).toEqual([]);

    await proxy.restore();
    workspace.fakeModel.enqueue({ text: 'There is one number.' });
    expect(await deliver(envelope, 1)).toBe(200);
    await slack.waitFor(() => slack.threadMessages(CHANNEL, threadTs).find((message) => message.text.includes('There is one number.')), 20_000);
    await sleep(500);
    expect(slack.threadMessages(CHANNEL, threadTs).filter((message) => message.text.includes('There is one number.'))).toHaveLength(1);
    expect(workspace.fakeModel.requests.length).toBe(requestsBefore + 1);
  });

  it("Slack: on the last retry (x-slack-retry-num 3) the thread is told once, for both twin events, that the question was not taken", async () => {
    const threadTs = newThreadTs();
    const question = '<@UBOT> and now?';
    const requestsBefore = workspace.fakeModel.requests.length;
    await proxy.cut();
    try {
      const mention = messageEnvelope({ user: 'U1', text: question, channel: CHANNEL, ts: threadTs });
      const twin = messageEnvelope({ type: 'message', user: 'U1', text: question, channel: CHANNEL, ts: threadTs });
      expect(await deliver(mention, 3)).toBe(200);
      expect(await deliver(twin, 3)).toBe(200);
      await slack.waitFor(() => slack.threadMessages(CHANNEL, threadTs).find((message) => message.text.includes(TURN_SENTENCES.notTaken)), 10_000);
      await sleep(500);
      expect(slack.threadMessages(CHANNEL, threadTs).map((message) => message.text)).toEqual([`:warning: ${TURN_SENTENCES.notTaken}`]);
      expect(workspace.fakeModel.requests.length).toBe(requestsBefore);
    } finally {
      await proxy.restore();
    }
  });

  it('Teams: is answered 503, the thread is told it was not taken, and a delivery after the store is back is answered', async () => {
    const activity = channelMention(connector.url, 'store-down-root-1', 'how many numbers in teams?');
    const requestsBefore = workspace.fakeModel.requests.length;
    await proxy.cut();
    try {
      expect((await postActivity(baseUrl, activity)).status).toBe(503);
      await expect.poll(() => connector.messages().filter((message) => JSON.stringify(message.activity).includes(TURN_SENTENCES.notTaken)).length, { timeout: 10_000 }).toBe(1);
      expect(workspace.fakeModel.requests.length).toBe(requestsBefore);
    } finally {
      await proxy.restore();
    }
    workspace.fakeModel.enqueue({ text: 'Teams has one number.' });
    expect((await postActivity(baseUrl, activity)).status).toBe(200);
    await expect.poll(() => connector.messages().filter((message) => JSON.stringify(message.activity).includes('Teams has one number.')).length, { timeout: 20_000 }).toBe(1);
    expect(workspace.fakeModel.requests.length).toBe(requestsBefore + 1);
  });

  it('Slack Socket Mode: the event was acknowledged before the bot saw it, so the thread is told at once that the question was not taken', async () => {
    const socket = await startFakeSocketMode();
    const socketSlack = await startFakeSlackApi({ socketModeUrl: socket.url });
    socketSlack.addUser({ id: 'U1', name: 'ana' });
    const socketServer = createHttpServer();
    const logger = createLogger({ level: 'error', write: () => undefined });
    const channel = await attachSlackChannel({ app: socketServer.app, handler: application.engine, turns: application.turns, botToken: 'xoxb-store-down-test', signingSecret: SIGNING_SECRET, appToken: 'xapp-store-down-test', slackApiUrl: socketSlack.apiUrl, logger });
    const threadTs = newThreadTs();
    const requestsBefore = workspace.fakeModel.requests.length;
    await proxy.cut();
    try {
      const envelopeId = socket.sendEvent(messageEnvelope({ user: 'U1', text: '<@UBOT> over the socket?', channel: CHANNEL, ts: threadTs }));
      await socket.waitFor(() => socket.acks().find((ack) => ack.envelope_id === envelopeId));
      await socketSlack.waitFor(() => socketSlack.threadMessages(CHANNEL, threadTs).find((message) => message.text.includes(TURN_SENTENCES.notTaken)), 10_000);
      expect(socketSlack.threadMessages(CHANNEL, threadTs).map((message) => message.text)).toEqual([`:warning: ${TURN_SENTENCES.notTaken}`]);
      expect(workspace.fakeModel.requests.length).toBe(requestsBefore);
    } finally {
      await proxy.restore();
      await channel.stop();
      await socket.close();
      await socketSlack.close();
    }
  });
});
