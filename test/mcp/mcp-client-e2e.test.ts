// End to end: `datathread ask` with an MCP server configured (a small stdio server written for the
// tests) and a broken one. The local OpenAI-compatible fake calls the server's tool; the broken
// server is skipped and `datathread check` says why.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { startFakeOpenAI, toolResultsIn, type FakeOpenAI, type RecordedChatRequest } from '../fakes/openai-server.js';
import { createDuckDbFile } from '../support/duckdb-fixture.js';

const SERVER_SCRIPT = fileURLToPath(new URL('../fakes/mcp-test-server.mjs', import.meta.url));

let directory: string;
let fakeModel: FakeOpenAI;
let variables: Record<string, string>;
let callLog: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'datathread-mcp-client-'));
  callLog = join(directory, 'mcp-calls.log');
  await createDuckDbFile(join(directory, 'shop.duckdb'), ['CREATE TABLE sales (region VARCHAR, amount INTEGER)', "INSERT INTO sales VALUES ('North', 100)"]);
  await mkdir(join(directory, 'context'));
  await writeFile(join(directory, 'context', 'metrics.md'), 'Revenue = gross - refunds\n');
  const config = {
    databases: [{ name: 'shop', type: 'duckdb', path: 'shop.duckdb' }],
    agent: { model: 'scripted-model' },
    python: { enabled: false },
    mcp: {
      servers: [
        { name: 'weather', command: process.execPath, args: [SERVER_SCRIPT], env: { FAKE_MCP_LOG: "{{ env('FAKE_MCP_LOG') }}" } },
        { name: 'broken', command: process.execPath, args: ['-e', "console.error('boom: WEATHER_TOKEN is not set'); process.exit(3)"] },
      ],
    },
  };
  // JSON is YAML.
  await writeFile(join(directory, 'datathread.yaml'), JSON.stringify(config, null, 2));
  fakeModel = await startFakeOpenAI();
  variables = {
    OPENAI_BASE_URL: fakeModel.url,
    OPENAI_API_KEY: 'sk-test-secret-key',
    DATATHREAD_CONFIG: join(directory, 'datathread.yaml'),
    DATATHREAD_STATE: `sqlite:${join(directory, 'state.db')}`,
    LOG_LEVEL: 'error',
    FAKE_MCP_LOG: callLog,
  };
});

afterAll(async () => {
  await fakeModel.close();
  await rm(directory, { recursive: true, force: true });
});

function captureOutput() {
  const chunks: string[] = [];
  return { output: { write: (text: string) => void chunks.push(text) }, text: () => chunks.join('') };
}

type ToolDefinition = { type: string; function: { name: string; parameters?: Record<string, unknown> } };

function toolsOf(request: RecordedChatRequest): ToolDefinition[] {
  return (request.tools ?? []) as ToolDefinition[];
}

function loggedCalls(): Array<{ name: string; args: Record<string, unknown> }> {
  if (!existsSync(callLog)) return [];
  return readFileSync(callLog, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line));
}

describe('MCP servers as tools', () => {
  it("offers the server's tools as server__tool with repaired schemas, and the agent calls one in a turn", async () => {
    fakeModel.enqueue(
      { toolCalls: [{ name: 'weather__forecast', arguments: { city: 'Paris', days: 2 } }] },
      (request) => ({ text: `The MCP server said: ${toolResultsIn(request)[0]}` }),
    );
    const captured = captureOutput();
    const code = await runCli(['ask', 'Weather in Paris?'], { variables, output: captured.output });

    expect(code).toBe(0);
    expect(captured.text()).toContain('The MCP server said: Forecast for Paris: sunny, 21°C for 2 day(s)');
    expect(loggedCalls()).toEqual([{ name: 'forecast', args: { city: 'Paris', days: 2 } }]);

    const first = fakeModel.requests.at(-2)!;
    const names = toolsOf(first).map((tool) => tool.function.name);
    expect(names).toEqual(expect.arrayContaining(['execute_sql', 'read', 'weather__forecast', 'weather__tag_cities']));
    expect(names.some((name) => name.startsWith('broken__'))).toBe(false);
    expect(names).not.toContain('execute_python');
    const tagCities = toolsOf(first).find((tool) => tool.function.name === 'weather__tag_cities')!;
    expect(tagCities.function.parameters).toMatchObject({ type: 'object', properties: { cities: { type: 'array', items: {} } } });
    expect(tagCities.function.parameters).not.toHaveProperty('required', null);

    const system = String(first.messages[0]!.content);
    expect(system).toContain('## Project context folder');
    expect(system).toContain('- /metrics.md (26 B)');
  });

  it('answers malformed arguments with VALIDATION_ERROR without calling the server', async () => {
    const callsBefore = loggedCalls().length;
    fakeModel.enqueue({ toolCalls: [{ name: 'weather__forecast', arguments: { days: 0 } }] }, { text: 'I need a city.' });
    const captured = captureOutput();
    const code = await runCli(['ask', 'Weather?'], { variables, output: captured.output });

    expect(code).toBe(0);
    expect(toolResultsIn(fakeModel.requests.at(-1)!)[0]).toBe(
      [
        'VALIDATION_ERROR: The arguments for tool "forecast" on server "weather" do not match its schema:',
        '- `city` is required (expected string)',
        '- `days`: Too small: expected number to be >=1',
        "Fix the arguments to match the tool's input schema and call again.",
      ].join('\n'),
    );
    expect(loggedCalls()).toHaveLength(callsBefore);
  });

  it('has datathread check report each server, the broken one with its reason, and the final tool list', async () => {
    const captured = captureOutput();
    const code = await runCli(['check'], { variables, output: captured.output });
    const text = captured.text();

    expect(text).toContain(`MCP server weather (stdio: ${process.execPath} ${SERVER_SCRIPT}): OK — 2 tools: forecast, tag_cities\n`);
    expect(text).toMatch(
      /MCP server broken \(stdio: .*\): FAILED — MCP error -32000: Connection closed \(its last output: boom: WEATHER_TOKEN is not set\)\. The server is skipped; the agent runs without its tools\.\n/,
    );
    expect(text).toContain('Python (execute_python): off (python.enabled is false)\n');
    expect(text).toContain(`Context folder: ${join(directory, 'context')} — OK, 1 top-level entries\n`);
    expect(text).toMatch(/\nTools: execute_sql, read_query_result, .*, read, list, search, grep, weather__forecast, weather__tag_cities\n/);
    expect(text).not.toMatch(/Tools: .*(execute_python|broken__)/);
    expect(code).toBe(1);
  });
});
