// Teams through the durable turn queue, wired as main.ts wires it: the activity is persisted as a
// job (conversation reference and request claims, no token) before /api/messages answers, a worker
// claims it and answers through continueConversation on the fake Bot Framework connector.
import sqlite3 from 'sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplication, type Application } from '../../../src/application.js';
import { attachTeamsChannel, type TeamsChannel } from '../../../src/channels/teams/index.js';
import { readEnvironment } from '../../../src/config/environment.js';
import { TURN_SENTENCES } from '../../../src/conversations/standard-sentences.js';
import { loadConfig } from '../../../src/config/load-config.js';
import { createLogger } from '../../../src/logging/logger.js';
import { createHttpServer, type HttpServer } from '../../../src/server/http-server.js';
import { openStore } from '../../../src/store/open-store.js';
import { startFakeBotConnector, type FakeBotConnector } from '../../fakes/bot-connector-server.js';
import { createE2eWorkspace, type E2eWorkspace } from '../../support/e2e-workspace.js';
import { readSqliteRows } from '../../support/sqlite-rows.js';
import { CHANNEL_ID, channelMention, postActivity } from './teams-activities.js';

let workspace: E2eWorkspace;
let connector: FakeBotConnector;
let application: Application;
let server: HttpServer;
let channel: TeamsChannel;
let baseUrl: string;

beforeAll(async () => {
  workspace = await createE2eWorkspace({ prefix: 'teams-durable', duckdb: ['CREATE TABLE orders (amount INTEGER)', 'INSERT INTO orders VALUES (1)'] });
  connector = await startFakeBotConnector();
  const environment = readEnvironment(workspace.variables);
  const logger = createLogger({ level: 'error', write: (line) => void process.stdout.write(`${line}\n`) });
  application = await createApplication({ environment, config: loadConfig(environment), logger });
  server = createHttpServer();
  channel = await attachTeamsChannel({ app: server.app, handler: application.engine, turns: application.turns, auth: environment.teams, logger, typingIntervalMs: 200 });
  application.turns.start();
  baseUrl = `http://127.0.0.1:${await server.listen(0, '127.0.0.1')}`;
}, 120_000);

afterAll(async () => {
  await application.turns.drain(0);
  await channel.stop();
  await server.close();
  await application.close();
  await connector.close();
  await workspace.close();
});

describe('Teams turns as durable jobs', () => {
  it('answers a mention through a persisted job, once for two deliveries of the activity, and keeps no token in the job', async () => {
    workspace.fakeModel.enqueue({ text: 'One order so far.' });
    const activity = channelMention(connector.url, 'durable-root-1', 'how many orders?');
    const statuses = await Promise.all([postActivity(baseUrl, activity), postActivity(baseUrl, activity)]);
    expect(statuses.map((response) => response.status)).toEqual([200, 200]);
    await expect.poll(() => connector.messages().length, { timeout: 20_000 }).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const answers = connector.messages().filter((message) => JSON.stringify(message.activity).includes('One order so far.'));
    expect(answers).toHaveLength(1);
    expect(answers[0]!.conversationId).toBe(`${CHANNEL_ID};messageid=durable-root-1`);
    expect(workspace.fakeModel.requests).toHaveLength(1);

    const store = await openStore(workspace.variables.DATATHREAD_STATE!);
    try {
      const jobIds = await teamsJobIds();
      expect(jobIds).toHaveLength(1);
      const job = await store.getTurnJob(jobIds[0]!);
      expect(job).toMatchObject({ state: 'done', attempts: 1 });
      const payload = JSON.stringify(job!.payload);
      expect(payload).toContain(connector.url);
      expect(payload).not.toMatch(/Bearer|eyJ[A-Za-z0-9_-]{10,}\./);
    } finally {
      await store.close();
    }
  });

  it('answers a job queued by the release before payload versions, and tells the thread of a queued job whose request cannot be read', async () => {
    workspace.fakeModel.enqueue({ text: 'Queued before the upgrade, answered after.' });
    workspace.fakeModel.enqueue({ text: 'Asked again after the upgrade.' });
    const before = new Set(await teamsJobIds());
    expect((await postActivity(baseUrl, channelMention(connector.url, 'durable-root-2', 'how many orders now?'))).status).toBe(200);
    await expect.poll(() => connector.messages().some((message) => JSON.stringify(message.activity).includes('Queued before the upgrade')), { timeout: 20_000 }).toBe(true);
    const [accepted] = (await teamsJobIds()).filter((jobId) => !before.has(jobId));
    const [row] = await readSqliteRows(statePath(), 'SELECT thread_id, payload FROM turn_jobs WHERE job_id = ?', [accepted]);
    const { payloadVersion, ...unversioned } = JSON.parse(String(row!.payload)) as { payloadVersion: number; request: Record<string, unknown>; reply: unknown };
    expect(payloadVersion).toBe(1);
    const threadId = String(row!.thread_id);

    // As the earlier release stored them: no version field; the second one's request lost its asker.
    const { actor: _asker, ...requestWithoutActor } = unversioned.request;
    await insertQueuedJob('turn_before_upgrade', threadId, unversioned);
    await insertQueuedJob('turn_unreadable', threadId, { request: requestWithoutActor, reply: unversioned.reply });

    await expect.poll(() => connector.messages().some((message) => JSON.stringify(message.activity).includes('Asked again after the upgrade.')), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => connector.messages().some((message) => JSON.stringify(message.activity).includes(TURN_SENTENCES.interrupted)), { timeout: 20_000 }).toBe(true);
    const store = await openStore(workspace.variables.DATATHREAD_STATE!);
    try {
      expect((await store.getTurnJob('turn_before_upgrade'))?.state).toBe('done');
      expect((await store.getTurnJob('turn_unreadable'))?.state).toBe('failed');
    } finally {
      await store.close();
    }
    expect(workspace.fakeModel.requests).toHaveLength(3);
  });
});

function statePath(): string {
  return workspace.variables.DATATHREAD_STATE!.replace(/^sqlite:/, '');
}

/** Writes a queued Teams job straight into the state file, bypassing the queue. */
function insertQueuedJob(jobId: string, threadId: string, payload: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    const database = new sqlite3.Database(statePath());
    database.configure('busyTimeout', 5_000);
    const now = Date.now();
    database.run(
      "INSERT INTO turn_jobs (job_id, thread_id, platform, payload, state, attempts, created_at, updated_at) VALUES (?, ?, 'teams', ?, 'queued', 0, ?, ?)",
      [jobId, threadId, JSON.stringify(payload), now, now],
      (error) => {
        database.close();
        if (error) reject(error);
        else resolve();
      },
    );
  });
}

/** The ids of the Teams jobs in this file's state store. */
async function teamsJobIds(): Promise<string[]> {
  const rows = await readSqliteRows(statePath(), "SELECT job_id FROM turn_jobs WHERE platform = 'teams'");
  return rows.map((row) => String(row.job_id));
}
