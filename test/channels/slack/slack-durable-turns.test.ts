// Slack through the durable turn queue, wired as main.ts wires it (real Bolt over HTTP, the fake
// Slack Web API), with jobs that an earlier release left in the SQLite state store: one in the
// payload shape before versions is answered; one whose request cannot be read is not run, and its
// thread is told.
import sqlite3 from 'sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplication, type Application } from '../../../src/application.js';
import { attachSlackChannel, type SlackChannel } from '../../../src/channels/slack/index.js';
import { readEnvironment } from '../../../src/config/environment.js';
import { loadConfig } from '../../../src/config/load-config.js';
import { TURN_SENTENCES } from '../../../src/conversations/standard-sentences.js';
import { createLogger } from '../../../src/logging/logger.js';
import { createHttpServer, type HttpServer } from '../../../src/server/http-server.js';
import { openStore } from '../../../src/store/open-store.js';
import { startFakeSlackApi, type FakeSlackApi } from '../../fakes/slack-api-server.js';
import { createE2eWorkspace, type E2eWorkspace } from '../../support/e2e-workspace.js';
import { readSqliteRows } from '../../support/sqlite-rows.js';
import { messageEnvelope, sendSlackEvent } from './support/slack-requests.js';

const SIGNING_SECRET = 'slack-durable-turns-signing-secret';
const BOT_TOKEN = 'xoxb-slack-durable-turns';
const CHANNEL = 'C1';

let workspace: E2eWorkspace;
let slack: FakeSlackApi;
let application: Application;
let server: HttpServer;
let channel: SlackChannel;
let baseUrl: string;

beforeAll(async () => {
  workspace = await createE2eWorkspace({ prefix: 'slack-durable', duckdb: ['CREATE TABLE orders (amount INTEGER)', 'INSERT INTO orders VALUES (1)'] });
  slack = await startFakeSlackApi();
  slack.addUser({ id: 'U1', name: 'ana' });
  const environment = readEnvironment({ ...workspace.variables, SLACK_BOT_TOKEN: BOT_TOKEN, SLACK_SIGNING_SECRET: SIGNING_SECRET, SLACK_API_URL: slack.apiUrl });
  const logger = createLogger({ level: 'error', write: (line) => void process.stdout.write(`${line}\n`) });
  application = await createApplication({ environment, config: loadConfig(environment), logger });
  server = createHttpServer();
  channel = await attachSlackChannel({ app: server.app, handler: application.engine, turns: application.turns, botToken: BOT_TOKEN, signingSecret: SIGNING_SECRET, slackApiUrl: slack.apiUrl, logger });
  application.turns.start();
  baseUrl = `http://127.0.0.1:${await server.listen(0, '127.0.0.1')}`;
}, 120_000);

afterAll(async () => {
  await application?.turns.drain(0);
  await channel?.stop();
  await server?.close();
  await application?.close();
  await slack?.close();
  await workspace?.close();
});

describe('Slack turns as durable jobs across an upgrade', () => {
  it('answers a job queued by the release before payload versions, and tells the thread of a queued job whose request cannot be read', async () => {
    const threadTs = '1800002000.000001';
    workspace.fakeModel.enqueue({ text: 'Answered through a versioned job.' });
    workspace.fakeModel.enqueue({ text: 'Queued before the upgrade, answered after.' });
    const response = await sendSlackEvent(`${baseUrl}/slack/events`, SIGNING_SECRET, messageEnvelope({ user: 'U1', text: '<@UBOT> how many orders?', channel: CHANNEL, ts: threadTs }));
    expect(response.status).toBe(200);
    await slack.waitFor(() => slack.threadMessages(CHANNEL, threadTs).find((message) => message.text.includes('Answered through a versioned job.')), 20_000);
    const [row] = await readSqliteRows(statePath(), "SELECT thread_id, payload FROM turn_jobs WHERE platform = 'slack'");
    const { payloadVersion, ...unversioned } = JSON.parse(String(row!.payload)) as { payloadVersion: number; request: Record<string, unknown>; reply: unknown };
    expect(payloadVersion).toBe(1);
    const threadId = String(row!.thread_id);

    // As the earlier release stored them: no version field; the second one's request lost its asker.
    const { actor: _asker, ...requestWithoutActor } = unversioned.request;
    await insertQueuedJob('turn_before_upgrade', threadId, { ...unversioned, request: { ...unversioned.request, text: 'and before the upgrade?' } });
    await insertQueuedJob('turn_unreadable', threadId, { request: requestWithoutActor, reply: unversioned.reply });

    await slack.waitFor(() => slack.threadMessages(CHANNEL, threadTs).find((message) => message.text.includes(TURN_SENTENCES.interrupted)), 20_000);
    const texts = slack.threadMessages(CHANNEL, threadTs).map((message) => message.text);
    expect(texts.filter((text) => text.includes('Queued before the upgrade, answered after.'))).toHaveLength(1);
    expect(texts.filter((text) => text === `:warning: ${TURN_SENTENCES.interrupted}`)).toHaveLength(1);
    expect(workspace.fakeModel.requests).toHaveLength(2);
    const store = await openStore(workspace.variables.DATATHREAD_STATE!);
    try {
      expect((await store.getTurnJob('turn_before_upgrade'))?.state).toBe('done');
      expect((await store.getTurnJob('turn_unreadable'))?.state).toBe('failed');
    } finally {
      await store.close();
    }
  });
});

function statePath(): string {
  return workspace.variables.DATATHREAD_STATE!.replace(/^sqlite:/, '');
}

/** Writes a queued Slack job straight into the state file, bypassing the queue. */
function insertQueuedJob(jobId: string, threadId: string, payload: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    const database = new sqlite3.Database(statePath());
    database.configure('busyTimeout', 5_000);
    const now = Date.now();
    database.run(
      "INSERT INTO turn_jobs (job_id, thread_id, platform, payload, state, attempts, created_at, updated_at) VALUES (?, ?, 'slack', ?, 'queued', 0, ?, ?)",
      [jobId, threadId, JSON.stringify(payload), now, now],
      (error) => {
        database.close();
        if (error) reject(error);
        else resolve();
      },
    );
  });
}
