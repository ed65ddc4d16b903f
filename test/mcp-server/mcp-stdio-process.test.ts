// `datathread mcp` as a real child process, driven by the MCP SDK's own client over stdio: a request
// larger than the documented limit is refused with a JSON-RPC error naming that request, and the
// server stays up to answer the next one.
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_STDIO_MAX_MESSAGE_BYTES } from '../../src/mcp-server/stdio-line-transport.js';
import { createE2eWorkspace, type E2eWorkspace } from '../support/e2e-workspace.js';

const CLI_FROM_SOURCES = join(import.meta.dirname, '..', 'support', 'datathread-cli-from-sources.mjs');
const TWENTY_MEGABYTES = 20 * 1024 * 1024;
const SALES_SQL = 'SELECT region, SUM(amount) AS total FROM sales GROUP BY region ORDER BY region';

let workspace: E2eWorkspace;
let transport: StdioClientTransport;
let client: Client;
let serverLog = '';

beforeAll(async () => {
  workspace = await createE2eWorkspace({
    prefix: 'mcp-stdio',
    duckdb: ['CREATE TABLE sales (region VARCHAR, amount INTEGER)', "INSERT INTO sales VALUES ('North', 100), ('North', 200), ('South', 50)"],
  });
  transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI_FROM_SOURCES, 'mcp'],
    cwd: workspace.directory,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...workspace.variables, LOG_LEVEL: 'warn' },
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => {
    serverLog += chunk.toString('utf8');
  });
  client = new Client({ name: 'other-agent', version: '1.0.0' });
  await client.connect(transport);
});

afterAll(async () => {
  await client?.close();
  await workspace?.close();
});

function textOf(result: Awaited<ReturnType<Client['callTool']>>): string {
  return (result.content as Array<{ type: string; text?: string }>).map((block) => block.text ?? '').join('\n');
}

describe('datathread mcp over stdio', () => {
  it('refuses a 20 MB request with a JSON-RPC error for that request, then answers the next request', async () => {
    const oversized = await client
      .callTool({ name: 'execute_sql', arguments: { sql_query: `SELECT '${'x'.repeat(TWENTY_MEGABYTES)}' AS padding`, database_id: 'shop' } })
      .catch((error: unknown) => error);
    expect(oversized).toBeInstanceOf(McpError);
    expect((oversized as McpError).code).toBe(ErrorCode.InvalidRequest);
    expect((oversized as McpError).message).toContain(`Request too large: messages to datathread may be at most ${MCP_STDIO_MAX_MESSAGE_BYTES} bytes.`);
    expect(serverLog).toContain('MCP protocol error');

    const answered = await client.callTool({ name: 'execute_sql', arguments: { sql_query: SALES_SQL, database_id: 'shop' } });
    expect(answered.isError).toBeUndefined();
    expect(textOf(answered)).toContain('region: North\ntotal: 300');
    expect(transport.pid).not.toBeNull();
  });
});
