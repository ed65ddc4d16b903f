// The real bot process (node dist/src/main.js, as `npm start` runs it) answering a Teams personal
// chat through the durable turn queue, SIGKILLed while its answer streams: the restarted process
// reruns the job, ends the stream the dead one left open, and streams the answer in a new message.
// Teams runs unauthenticated (no app credentials, as for the Agents Playground) against the local
// connector, which holds both processes to the streaming protocol.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { INTERRUPTED_STREAM_TEXT } from '../../../src/channels/teams/streaming/stream-limits.js';
import { startFakeBotConnector, streamInfoOf, type FakeBotConnector } from '../../fakes/bot-connector-server.js';
import { buildDist, startBotProcess, type BotProcess } from '../../support/bot-process.js';
import { createE2eWorkspace, type E2eWorkspace } from '../../support/e2e-workspace.js';
import { personalMessage, postActivity } from './teams-activities.js';

let workspace: E2eWorkspace;
let connector: FakeBotConnector;
const processes: BotProcess[] = [];

beforeAll(async () => {
  await buildDist();
  workspace = await createE2eWorkspace({ prefix: 'teams-killed-stream', duckdb: ['CREATE TABLE orders (region VARCHAR, amount INTEGER)', "INSERT INTO orders VALUES ('North', 240)"] });
  connector = await startFakeBotConnector();
}, 240_000);

afterEach(async () => {
  await Promise.all(processes.splice(0).map((bot) => bot.kill('SIGKILL')));
});

afterAll(async () => {
  await connector?.close();
  await workspace?.close();
});

async function start(): Promise<BotProcess> {
  const bot = await startBotProcess({ ...workspace.variables, DATATHREAD_STATE: `sqlite:${workspace.directory}/state.db`, LOG_LEVEL: 'info' });
  processes.push(bot);
  return bot;
}

const finals = () => connector.streamingActivities().filter((call) => streamInfoOf(call.activity)?.streamType === 'final');

describe('a Teams personal-chat answer whose process is SIGKILLed while it streams', () => {
  it('is answered by the restarted process, which first ends the stream left open', async () => {
    // The first run writes its first words and runs a query, then the model stalls until the kill.
    workspace.fakeModel.enqueue(
      { text: 'Let me count the orders. ', toolCalls: [{ name: 'execute_sql', arguments: { sql_query: 'SELECT COUNT(*) AS orders FROM orders' } }] },
      { text: 'never delivered', delayMs: 90_000 },
      { text: 'There is one order, from North.' },
    );
    const first = await start();
    expect((await postActivity(first.url, personalMessage(connector.url, 'killed-stream-1', 'how many orders?'))).status).toBe(200);
    await connector.waitFor(() => connector.streamingActivities().some((call) => String(call.activity.text ?? '').includes('Let me count')), 30_000);
    const deadStreamId = connector.streamingActivities()[0]!.assignedId!;
    await expect.poll(() => workspace.fakeModel.requests.length, { timeout: 30_000 }).toBe(2);
    await first.kill('SIGKILL');
    expect(connector.openStreams()).toEqual([deadStreamId]);

    await start();
    await connector.waitFor(() => finals().some((call) => String(call.activity.text ?? '').includes('There is one order')), 60_000);

    expect(connector.streamRefusals()).toEqual([]);
    expect(connector.openStreams()).toEqual([]);
    expect(finals().map((call) => [call.assignedId === deadStreamId, String(call.activity.text).split('\n')[0]])).toEqual([
      [true, INTERRUPTED_STREAM_TEXT],
      [false, 'There is one order, from North.'],
    ]);
  }, 180_000);
});
