// `stop` in Teams reaching the replica that is not running the turn: two applications (replicas) on
// one PostgreSQL state store, each with the Teams channel on its own HTTP server, the Agents SDK in
// front and the fake Bot Framework connector behind. Only the first replica's workers claim jobs;
// `stop` goes to the second, which must stop the first one's turn through the store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplication, type Application } from '../../../src/application.js';
import { attachTeamsChannel, type TeamsChannel } from '../../../src/channels/teams/index.js';
import { readEnvironment } from '../../../src/config/environment.js';
import { loadConfig } from '../../../src/config/load-config.js';
import { NOTHING_TO_STOP_SENTENCE, TURN_SENTENCES } from '../../../src/conversations/standard-sentences.js';
import { createLogger } from '../../../src/logging/logger.js';
import { createHttpServer, type HttpServer } from '../../../src/server/http-server.js';
import { startFakeBotConnector, type FakeBotConnector } from '../../fakes/bot-connector-server.js';
import { createE2eWorkspace, type E2eWorkspace } from '../../support/e2e-workspace.js';
import { createScratchDatabase, type ScratchDatabase } from '../../support/postgres-database.js';
import { channelMention, channelThreadReply, postActivity } from './teams-activities.js';

interface Replica {
  application: Application;
  server: HttpServer;
  channel: TeamsChannel;
  baseUrl: string;
}

let workspace: E2eWorkspace;
let postgres: ScratchDatabase;
let connector: FakeBotConnector;
const replicas: Replica[] = [];

async function startReplica(runsTurns: boolean): Promise<Replica> {
  const environment = readEnvironment({ ...workspace.variables, DATATHREAD_STATE: postgres.url });
  const logger = createLogger({ level: 'error', write: () => undefined });
  const application = await createApplication({ environment, config: loadConfig(environment), logger });
  const server = createHttpServer();
  const channel = await attachTeamsChannel({ app: server.app, handler: application.engine, turns: application.turns, auth: environment.teams, logger, typingIntervalMs: 200 });
  if (runsTurns) application.turns.start();
  const replica = { application, server, channel, baseUrl: `http://127.0.0.1:${await server.listen(0, '127.0.0.1')}` };
  replicas.push(replica);
  return replica;
}

beforeAll(async () => {
  workspace = await createE2eWorkspace({ prefix: 'teams-stop-replicas', duckdb: ['CREATE TABLE t (x INTEGER)'] });
  postgres = await createScratchDatabase('teams_stop_replicas');
  connector = await startFakeBotConnector();
}, 120_000);

afterAll(async () => {
  for (const replica of replicas) {
    await replica.application.turns.drain(0);
    await replica.channel.stop();
    await replica.server.close();
    await replica.application.close();
  }
  await connector?.close();
  await workspace?.close();
  await postgres?.drop();
});

function cardTexts(): string[] {
  return connector.messages().flatMap((message) => ((message.activity.attachments as Array<{ content: { body?: Array<{ text?: string }> } }> | undefined) ?? []).flatMap((attachment) => (attachment.content.body ?? []).map((element) => element.text ?? '')));
}

describe('Teams `stop` across replicas', () => {
  it('stops the turn the other replica runs: the thread gets "Stopped.", never the late answer, and no "nothing is running"', async () => {
    const running = await startReplica(true);
    const other = await startReplica(false);
    const requestsBefore = workspace.fakeModel.requests.length;
    workspace.fakeModel.enqueue({ text: 'This answer comes too late.', delayMs: 20_000 });
    expect((await postActivity(running.baseUrl, channelMention(connector.url, 'replica-root-1', 'a slow question'))).status).toBe(200);
    await expect.poll(() => workspace.fakeModel.requests.length, { timeout: 20_000 }).toBe(requestsBefore + 1);

    expect((await postActivity(other.baseUrl, channelThreadReply(connector.url, 'replica-stop-1', 'replica-root-1', 'stop'))).status).toBe(200);
    await expect.poll(() => cardTexts().filter((text) => text === TURN_SENTENCES.stopped).length, { timeout: 15_000 }).toBe(1);
    await other.channel.idle();
    await running.channel.idle();
    expect(cardTexts().filter((text) => text.includes('comes too late'))).toEqual([]);
    expect(cardTexts().filter((text) => text === NOTHING_TO_STOP_SENTENCE)).toEqual([]);
    expect(workspace.fakeModel.requests.length).toBe(requestsBefore + 1);
  });
});
