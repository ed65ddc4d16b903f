// `datathread mcp`: a real MCP client from the SDK, connected in memory to datathread's MCP server,
// runs execute_sql (read-only, through the same gate, even on a database the agent may write to)
// and ask (the same engine, non-interactive, charts as images).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApplication, type Application } from '../../src/application.js';
import { readEnvironment } from '../../src/config/environment.js';
import { loadConfig } from '../../src/config/load-config.js';
import type { TurnOutcome } from '../../src/conversations/types.js';
import { silentLogger } from '../../src/logging/logger.js';
import { createDatathreadMcpServer } from '../../src/mcp-server/datathread-mcp-server.js';
import { startFakeOpenAI, toolResultsIn, type FakeOpenAI } from '../fakes/openai-server.js';
import { createDuckDbFile, queryDuckDbFile } from '../support/duckdb-fixture.js';

let directory: string;
let fakeModel: FakeOpenAI;
let application: Application;
const clients: Client[] = [];

type TextBlock = { type: 'text'; text: string };
type ImageBlock = { type: 'image'; data: string; mimeType: string };
type ToolResult = { content: Array<TextBlock | ImageBlock>; isError?: boolean };

async function connect(app: Application, clientName = 'other-agent'): Promise<Client> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await createDatathreadMcpServer(app).connect(serverTransport);
  const client = new Client({ name: clientName, version: '1.0.0' });
  await client.connect(clientTransport);
  clients.push(client);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<ToolResult> {
  return (await client.callTool({ name, arguments: args })) as ToolResult;
}

function textOf(result: ToolResult): string {
  return result.content.filter((block): block is TextBlock => block.type === 'text').map((block) => block.text).join('\n');
}

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'datathread-mcp-server-'));
  await createDuckDbFile(join(directory, 'shop.duckdb'), ['CREATE TABLE sales (region VARCHAR, amount INTEGER)', "INSERT INTO sales VALUES ('North', 100), ('North', 200), ('South', 50)"]);
  await createDuckDbFile(join(directory, 'scratch.duckdb'), ['CREATE TABLE notes (body VARCHAR)']);
  const config = {
    databases: [
      { name: 'shop', type: 'duckdb', path: 'shop.duckdb' },
      { name: 'scratch', type: 'duckdb', path: 'scratch.duckdb', dangerously_allow_writes: true },
    ],
    agent: { model: 'scripted-model' },
  };
  await writeFile(join(directory, 'datathread.yaml'), JSON.stringify(config));
  fakeModel = await startFakeOpenAI();
  const environment = readEnvironment({
    OPENAI_BASE_URL: fakeModel.url,
    OPENAI_API_KEY: 'sk-test',
    DATATHREAD_CONFIG: join(directory, 'datathread.yaml'),
    DATATHREAD_STATE: `sqlite:${join(directory, 'state.db')}`,
  });
  application = await createApplication({ environment, config: loadConfig(environment), logger: silentLogger });
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

afterAll(async () => {
  await application.close();
  await fakeModel.close();
  await rm(directory, { recursive: true, force: true });
});

describe('datathread mcp', () => {
  it('lists ask and execute_sql', async () => {
    const client = await connect(application);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['ask', 'execute_sql']);
    expect(client.getServerVersion()?.name).toBe('datathread');
  });

  it('answers execute_sql with the same rendering the agent sees, and audits it as an MCP query', async () => {
    const client = await connect(application);
    const result = await call(client, 'execute_sql', { sql_query: 'SELECT region, SUM(amount) AS total FROM sales GROUP BY region ORDER BY region', database_id: 'shop' });
    expect(result.isError).toBeUndefined();
    expect(textOf(result)).toMatch(/^Query ID: query_[a-z0-9]{8}\n/);
    expect(textOf(result)).toContain('region: North\ntotal: 300');
    const audit = await application.store.listQueryAudit();
    expect(audit.at(-1)).toMatchObject({ databaseName: 'shop', refused: false, rowCount: 2, actor: { platform: 'mcp', userId: 'mcp:other-agent' } });
  });

  it('refuses a write, and leaves the table unchanged', async () => {
    const client = await connect(application);
    const result = await call(client, 'execute_sql', { sql_query: "DELETE FROM sales WHERE region = 'North'", database_id: 'shop' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^The query was refused and did not run on "shop"\. .*\nOnly read-only queries can run: rewrite it as a SELECT\.$/s);
    expect(await queryDuckDbFile(join(directory, 'shop.duckdb'), 'SELECT count(*)::INTEGER AS n FROM sales')).toEqual([{ n: 3 }]);
  });

  it('refuses a write even on a database where the agent may write', async () => {
    const client = await connect(application);
    const result = await call(client, 'execute_sql', { sql_query: "INSERT INTO notes VALUES ('x')", database_id: 'scratch' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^The query was refused and did not run on "scratch"\./);
    expect(await queryDuckDbFile(join(directory, 'scratch.duckdb'), 'SELECT count(*)::INTEGER AS n FROM notes')).toEqual([{ n: 0 }]);
  });

  it('answers ask with the same engine, non-interactive (no clarification tool), and a conversation id to continue', async () => {
    fakeModel.enqueue(
      { toolCalls: [{ name: 'execute_sql', arguments: { sql_query: 'SELECT SUM(amount) AS total FROM sales', database_id: 'shop' } }] },
      (request) => ({ text: `Total sales: ${/total: (\d+)/.exec(toolResultsIn(request)[0] ?? '')?.[1]}.` }),
    );
    const client = await connect(application);
    const result = await call(client, 'ask', { question: 'Total sales?' });
    const text = textOf(result);
    expect(result.isError).toBeUndefined();
    expect(text).toMatch(/^Total sales: 350\./);
    expect(text).toMatch(/conversation_id: mcp:[a-z0-9]{8} \(pass it to ask again to continue this conversation\)$/);
    const toolNames = (fakeModel.requests.at(-1)!.tools ?? []).map((tool) => tool.function.name);
    expect(toolNames).toContain('execute_sql');
    expect(toolNames).not.toContain('clarification');
  });

  it('refuses a conversation id it did not hand out', async () => {
    const client = await connect(application);
    const result = await call(client, 'ask', { question: 'And by region?', conversation_id: 'slack:T1:C1:1712.55' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('Unknown conversation_id "slack:T1:C1:1712.55": use the conversation_id an earlier ask returned, or leave it out.');
  });

  it('returns the charts of an answer as PNG images', async () => {
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    const outcome: TurnOutcome = {
      threadId: 'mcp:abcdefgh',
      status: 'answered',
      text: 'North leads.',
      charts: [{ chartId: 'chart_1', queryId: 'query_1', title: 'Sales by region', chartType: 'bar', config: {}, spec: {}, png, widthPx: 10, heightPx: 10 }],
      stories: [],
      queries: [],
      tables: [],
      followUps: [],
    };
    const requests: unknown[] = [];
    const stub = { ...application, engine: { handle: async (request: unknown) => requests.push(request) && { kind: 'completed', outcome } } } as unknown as Application;
    const client = await connect(stub);
    const result = await call(client, 'ask', { question: 'Chart it' });
    expect(result.content[1]).toEqual({ type: 'image', data: png.toString('base64'), mimeType: 'image/png' });
    expect(textOf(result)).toContain('One chart is attached as a PNG image: Sales by region.');
    expect(requests[0]).toMatchObject({ platform: 'mcp', interactive: false, text: 'Chart it', actor: { platform: 'mcp' } });
  });

  it('execute_sql follows access rules by named group: a group listing the MCP client grants its database', async () => {
    const config = {
      databases: [{ name: 'shop', type: 'duckdb', path: 'shop.duckdb' }],
      agent: { model: 'scripted-model' },
      groups: { agents: ['mcp:other-agent'] },
      access: { rules: [{ databases: ['shop'], groups: ['agents'] }] },
    };
    await writeFile(join(directory, 'grouped.yaml'), JSON.stringify(config));
    const environment = readEnvironment({ OPENAI_BASE_URL: fakeModel.url, OPENAI_API_KEY: 'sk-test', DATATHREAD_CONFIG: join(directory, 'grouped.yaml'), DATATHREAD_STATE: `sqlite:${join(directory, 'grouped-state.db')}` });
    const grouped = await createApplication({ environment, config: loadConfig(environment), logger: silentLogger });
    try {
      const member = await call(await connect(grouped), 'execute_sql', { sql_query: 'SELECT region, SUM(amount) AS total FROM sales GROUP BY region ORDER BY region', database_id: 'shop' });
      expect(member.isError).toBeFalsy();
      expect(textOf(member)).toContain('North');
      const stranger = await call(await connect(grouped, 'stranger'), 'execute_sql', { sql_query: 'SELECT region FROM sales', database_id: 'shop' });
      expect(stranger.isError).toBe(true);
      expect(textOf(stranger)).not.toContain('North');
    } finally {
      await Promise.all(clients.splice(0).map((client) => client.close()));
      await grouped.close();
    }
  });
});
