// A plot drawn by execute_sandboxed_code reaches Teams the way display_chart's charts do: Activity
// JSON → /api/messages → engine (DuckDB, scripted OpenAI fake, real bubblewrap sandbox) → an
// Adaptive Card with the PNG inline, posted to the fake Bot Framework connector.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeBotConnector, type FakeBotConnector } from '../../fakes/bot-connector-server.js';
import { firstQueryIdIn } from '../../fakes/openai-server.js';
import { createE2eWorkspace, SCRIPTED_MODEL, type E2eWorkspace } from '../../support/e2e-workspace.js';
import { startTeamsBot, stopTeamsBot, type RunningTeamsBot } from './support/teams-bot.js';
import { CHANNEL_ID, channelMention, postActivity } from './teams-activities.js';

let workspace: E2eWorkspace;
let connector: FakeBotConnector;
let bot: RunningTeamsBot | undefined;

beforeAll(async () => {
  workspace = await createE2eWorkspace({
    prefix: 'teams-sandbox',
    duckdb: ['CREATE TABLE orders (region VARCHAR, amount INTEGER)', "INSERT INTO orders VALUES ('North', 100), ('North', 140), ('South', 90)"],
    config: {
      databases: [{ name: 'shop', type: 'duckdb', path: 'shop.duckdb' }],
      agent: { model: SCRIPTED_MODEL, tools: ['execute_sql', 'execute_sandboxed_code'] },
    },
  });
  connector = await startFakeBotConnector();
  bot = await startTeamsBot(workspace.variables);
}, 120_000);

afterAll(async () => {
  await stopTeamsBot(bot);
  await connector.close();
  await workspace.close();
});

describe('Teams: execute_sandboxed_code', () => {
  it('shows the PNG the sandboxed code wrote inline in the answer card', async () => {
    workspace.fakeModel.enqueue(
      { toolCalls: [{ name: 'execute_sql', arguments: { sql_query: 'SELECT region, amount FROM orders' } }] },
      (request) => {
        const queryId = firstQueryIdIn(request);
        const code = [
          'import pandas as pd',
          `frame = pd.read_csv("/sandbox/data/${queryId}.csv")`,
          'frame.groupby("region")["amount"].sum().plot(kind="pie").get_figure().savefig("/sandbox/output/share.png")',
        ].join('\n');
        return { toolCalls: [{ name: 'execute_sandboxed_code', arguments: { language: 'python', code, data_files: [queryId] } }] };
      },
      { text: 'North has 73 % of the orders.' },
    );
    expect((await postActivity(bot!.baseUrl, channelMention(connector.url, 'sandbox-root-1', 'share of orders by region?'))).status).toBe(200);
    await bot!.channel.idle();

    const answer = connector.messages()[0]!;
    expect(answer.conversationId).toBe(`${CHANNEL_ID};messageid=sandbox-root-1`);
    const card = (answer.activity.attachments as Array<{ content: { body: Array<{ type: string; url?: string; text?: string }> } }>)[0]!.content;
    expect(card.body[0]).toMatchObject({ type: 'TextBlock', text: 'North has 73 % of the orders.' });
    const captioned = card.body.find((element) => element.type === 'Container') as { items?: Array<{ type: string; url?: string; text?: string }> } | undefined;
    expect(captioned?.items?.map((item) => item.text ?? item.type)).toEqual(['share', 'Image']);
    expect(captioned?.items?.[1]?.url).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(workspace.fakeModel.pending()).toBe(0);
  }, 90_000);
});
