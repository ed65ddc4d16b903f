// Every tool's input schema, as the model is shown it, is accepted by every provider; the input is
// still validated with the full original schema (null accepted where the contract says so).
import { asSchema, jsonSchema, tool, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { toolNames } from '../../src/config/agent-settings.js';
import { ContextFolder } from '../../src/context-files/context-folder.js';
import { loadMonty } from '../../src/python/load-monty.js';
import { DEFAULT_SANDBOX_LIMITS } from '../../src/sandbox/sandbox-limits.js';
import type { SandboxRuntime } from '../../src/sandbox/sandbox-runtime.js';
import { portableJsonSchema, withPortableInputSchema } from '../../src/tools/portable-input-schema.js';
import { createToolSet } from '../../src/tools/tool-registry.js';
import { createChartToolContext } from '../charts/chart-tool-context.js';
import { schemaProblems, type SchemaRuleProvider } from '../support/provider-schema-rules.js';

const PROVIDERS: SchemaRuleProvider[] = ['openai', 'anthropic', 'google', 'bedrock'];

async function everyTool(): Promise<ToolSet> {
  const { context } = await createChartToolContext();
  const settings = { ...context.settings, enabledTools: toolNames.filter((name) => !name.startsWith('web_')) };
  Object.assign(context, { settings });
  const python = await loadMonty();
  // Only the schemas are read here: the sandbox tool is built but never run, so no pool is started.
  const sandbox = { available: true, pool: {}, limits: DEFAULT_SANDBOX_LIMITS } as unknown as SandboxRuntime;
  return createToolSet(context, { interactive: true, runtime: { contextFolder: new ContextFolder(process.cwd()), python, sandbox } });
}

describe('tool input schemas', () => {
  it('are accepted by OpenAI, Anthropic, Gemini and Bedrock, for every built-in tool', async () => {
    const tools = await everyTool();
    expect(Object.keys(tools)).toEqual(toolNames.filter((name) => !name.startsWith('web_')));
    for (const [name, candidate] of Object.entries(tools)) {
      const shown = await asSchema(candidate.inputSchema).jsonSchema;
      for (const provider of PROVIDERS) expect({ name, provider, problems: schemaProblems(provider, shown) }).toEqual({ name, provider, problems: [] });
    }
  });

  it('would be refused without the portable form (the rules can fail)', async () => {
    const tools = await everyTool();
    const { createDisplayChartTool } = await import('../../src/tools/display-chart.js');
    const { context } = await createChartToolContext();
    const raw = await asSchema(createDisplayChartTool(context).inputSchema).jsonSchema;
    expect(schemaProblems('google', raw)).toEqual(expect.arrayContaining(['(root): unknown field "$schema" in a function declaration schema', '(root).properties.x_axis_key: "type" must be a single type, not ["string","null"]']));
    expect(schemaProblems('bedrock', raw)).toEqual(expect.arrayContaining(['(root).properties.x_axis_type: "anyOf" is not supported in a tool input schema']));
    expect(tools.display_chart).toBeDefined();
  });

  it('tells the model a nullable field is optional, and still accepts null or absence', async () => {
    const tools = await everyTool();
    const chart = tools.display_chart!;
    const shown = (await asSchema(chart.inputSchema).jsonSchema) as { required: string[]; properties: Record<string, unknown> };
    expect(shown.required).toEqual(['query_id', 'chart_type', 'series', 'title']);
    expect(shown.properties.x_axis_key).toEqual({ type: 'string', description: expect.stringContaining('May be null (or left out) only for kpi_card') });
    expect(shown.properties.x_axis_type).toEqual({ type: 'string', enum: ['date', 'number', 'category'], description: expect.any(String) });
    const validate = asSchema(chart.inputSchema).validate!;
    const base = { query_id: 'query_abcdefgh', chart_type: 'kpi_card', series: [{ data_key: 'total' }], title: 'Total' };
    expect((await validate({ ...base, x_axis_key: null, x_axis_type: null })).success).toBe(true);
    expect((await validate(base)).success).toBe(true);
    expect((await validate({ ...base, chart_type: 'bubble' })).success).toBe(false);
  });

  it('repairs the shapes MCP servers publish: formats, tuples, nullable unions, open maps', async () => {
    const published = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        since: { type: 'string', format: 'date-time' },
        range: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }] },
        label: { anyOf: [{ type: 'string' }, { type: 'null' }], description: 'optional label' },
        kind: { const: 'daily' },
        tags: { type: 'object', additionalProperties: { type: 'string' } },
      },
      required: ['since', 'label'],
      additionalProperties: false,
    };
    const portable = portableJsonSchema(published as never);
    for (const provider of PROVIDERS) expect(schemaProblems(provider, portable)).toEqual([]);
    expect(portable).toEqual({
      type: 'object',
      properties: {
        since: { type: 'string' },
        range: { type: 'array', items: { type: 'number' } },
        label: { type: 'string', description: 'optional label' },
        kind: { enum: ['daily'] },
        tags: { type: 'object' },
      },
      required: ['since'],
    });
    const wrapped = withPortableInputSchema(tool({ inputSchema: jsonSchema(published as never), execute: async () => 'ok' }) as ToolSet[string]);
    expect(await asSchema(wrapped.inputSchema).jsonSchema).toEqual(portable);
  });
});
