// Scheduled posts read like answers, posted through the real Agents SDK to the local Bot Framework
// connector: numbers in the report's table and in an alert's line formatted as an answer formats
// them, and the two runs of an hourly schedule in the repeated autumn hour (02:30 Europe/Berlin on
// 25 October 2026 happens at 00:30Z and again at 01:30Z) told apart by the zone's abbreviation.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeSharedChartRenderPool } from '../../../../src/charts/chart-render-pool.js';
import { startFakeBotConnector, type FakeBotConnector } from '../../../fakes/bot-connector-server.js';
import { newSchedule } from '../../../schedules/schedule-fixtures.js';
import { openScheduleBench, type ScheduleBench } from '../../../schedules/schedule-harness.js';
import { createE2eWorkspace, type E2eWorkspace } from '../../../support/e2e-workspace.js';
import { attachmentProblemsIn } from '../adaptive-card-validation.js';
import { startTeamsBot, stopTeamsBot, type RunningTeamsBot } from '../support/teams-bot.js';
import { ADA, BOT_ID, BOT_NAME, CHANNEL_ID, TENANT_ID } from '../teams-activities.js';

const THREAD_CONVERSATION = `${CHANNEL_ID};messageid=1700000000100`;
const SALES_QUERY = [{ queryId: 'query_sales1', databaseName: 'warehouse', sql: 'SELECT region, revenue FROM sales ORDER BY region' }];
const OWNER = { platform: 'teams' as const, userId: ADA.aadObjectId, displayName: ADA.name };

let workspace: E2eWorkspace;
let connector: FakeBotConnector;
let running: RunningTeamsBot | undefined;
let bench: ScheduleBench;

function threadDelivery() {
  return {
    target: {
      channelId: 'msteams',
      serviceUrl: connector.url,
      conversation: { id: THREAD_CONVERSATION, conversationType: 'channel', tenantId: TENANT_ID, isGroup: true },
      bot: { id: BOT_ID, name: BOT_NAME },
      user: ADA,
    },
    identity: {},
  };
}

type CardElement = { type: string; text?: string; rows?: Array<{ cells: Array<{ items: Array<{ text: string }> }> }> };
type Card = { body: CardElement[] };

function cardOf(activity: Record<string, unknown>): Card {
  return (activity.attachments as Array<{ content: Card }>)[0]!.content;
}

function tableTexts(card: Card): string[][] {
  const table = card.body.find((element) => element.type === 'Table');
  return table!.rows!.map((row) => row.cells.map((cell) => cell.items[0]!.text));
}

beforeAll(async () => {
  workspace = await createE2eWorkspace({ prefix: 'teams-schedule-wording', duckdb: ['CREATE TABLE unused (n INTEGER)'] });
  connector = await startFakeBotConnector();
});

beforeEach(async () => {
  bench = await openScheduleBench('2026-12-07T08:00:05Z');
  await bench.changeData(`CREATE TABLE sales (region TEXT, revenue REAL);
    INSERT INTO sales VALUES ('North', 4885141.34), ('South', 9197746.89);`);
  running = await startTeamsBot(workspace.variables);
});

afterEach(async () => {
  connector.clear();
  await stopTeamsBot(running);
  running = undefined;
  await bench.close();
});

afterAll(async () => {
  await connector.close();
  await workspace.close();
  await closeSharedChartRenderPool();
});

describe('Teams scheduled posts read like answers', () => {
  it('shows the report table with grouped thousands and money decimals, as an answer does', async () => {
    await bench.store.schedules.createSchedule(newSchedule({ owner: OWNER, delivery: threadDelivery(), queries: SALES_QUERY }));
    await bench.runDue({ delivery: running!.channel.scheduleDelivery });
    const messages = connector.messages();
    expect(messages).toHaveLength(1);
    expect(await attachmentProblemsIn(messages)).toEqual([]);
    expect(tableTexts(cardOf(messages[0]!.activity))).toEqual([
      ['region', 'revenue'],
      ['North', '4,885,141.34'],
      ['South', '9,197,746.89'],
    ]);
  });

  it("writes an alert's observed value and threshold in the column's format", async () => {
    await bench.store.schedules.createSchedule(
      newSchedule({
        title: 'Revenue above ten million',
        owner: OWNER,
        delivery: threadDelivery(),
        queries: [{ queryId: 'query_total1', databaseName: 'warehouse', sql: 'SELECT SUM(revenue) AS revenue FROM sales' }],
        alert: { column: 'revenue', operator: '>', value: 10_000_000 },
      }),
    );
    await bench.runDue({ delivery: running!.channel.scheduleDelivery });
    const messages = connector.messages();
    expect(messages).toHaveLength(1);
    expect(cardOf(messages[0]!.activity).body[2]).toEqual({ type: 'TextBlock', text: '**Alert:** revenue is above 10,000,000.00 (now 14,082,888.23)', color: 'Attention', wrap: true });
  });

  it('tells the two runs of the repeated autumn hour apart: 02:30 CEST, then 02:30 CET', async () => {
    await bench.store.schedules.createSchedule(
      newSchedule({ cron: '30 * * * *', owner: OWNER, delivery: threadDelivery(), queries: SALES_QUERY, nextRunAt: new Date('2026-10-25T00:30:00Z') }),
    );
    bench.clock.set('2026-10-25T00:30:05Z');
    await bench.runDue({ delivery: running!.channel.scheduleDelivery });
    bench.clock.set('2026-10-25T01:30:05Z');
    await bench.runDue({ delivery: running!.channel.scheduleDelivery });
    const headers = connector.messages().map((message) => cardOf(message.activity).body[1]!.text);
    expect(headers).toEqual([
      'as of Sun 25 Oct 2026, 02:30 CEST (Europe/Berlin) · [from this thread](https://example.slack.com/archives/C_SALES/p1700000000000100)',
      'as of Sun 25 Oct 2026, 02:30 CET (Europe/Berlin) · [from this thread](https://example.slack.com/archives/C_SALES/p1700000000000100)',
    ]);
  });
});
