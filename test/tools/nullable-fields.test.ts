// Models without strict function calling leave out fields they would send as null. Every field a
// tool schema lets be null must therefore also be optional, in every tool the agent is offered.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { chartConfigSchema } from '../../src/charts/chart-config.js';
import { clarificationInputSchema } from '../../src/tools/clarification.js';
import { executePythonInputSchema } from '../../src/tools/execute-python.js';
import { executeSqlInputSchema } from '../../src/tools/execute-sql.js';
import { grepFilesInputSchema } from '../../src/tools/grep-files.js';
import { listFilesInputSchema } from '../../src/tools/list-files.js';
import { readFileInputSchema } from '../../src/tools/read-file.js';
import { readQueryResultInputSchema } from '../../src/tools/read-query-result.js';
import { searchFilesInputSchema } from '../../src/tools/search-files.js';
import { storyInputSchema } from '../../src/tools/story.js';
import { suggestFollowUpsInputSchema } from '../../src/tools/suggest-follow-ups.js';

const toolSchemas: Record<string, z.ZodType> = {
  display_chart: chartConfigSchema,
  clarification: clarificationInputSchema,
  execute_python: executePythonInputSchema,
  execute_sql: executeSqlInputSchema,
  grep: grepFilesInputSchema,
  list: listFilesInputSchema,
  read: readFileInputSchema,
  read_query_result: readQueryResultInputSchema,
  search: searchFilesInputSchema,
  story: storyInputSchema,
  suggest_follow_ups: suggestFollowUpsInputSchema,
};

type JsonSchemaNode = {
  type?: string | string[];
  anyOf?: JsonSchemaNode[];
  properties?: Record<string, JsonSchemaNode>;
  required?: string[];
  items?: JsonSchemaNode;
};

function acceptsNull(node: JsonSchemaNode): boolean {
  if (node.type === 'null' || (Array.isArray(node.type) && node.type.includes('null'))) return true;
  return (node.anyOf ?? []).some(acceptsNull);
}

/** Paths of properties that accept null but are still listed as required, at any depth. */
function nullableButRequired(node: JsonSchemaNode, path: string): string[] {
  const found: string[] = [];
  for (const [name, child] of Object.entries(node.properties ?? {})) {
    if (acceptsNull(child) && node.required?.includes(name)) found.push(`${path}.${name}`);
    found.push(...nullableButRequired(child, `${path}.${name}`));
  }
  for (const option of node.anyOf ?? []) found.push(...nullableButRequired(option, path));
  if (node.items) found.push(...nullableButRequired(node.items, `${path}[]`));
  return found;
}

/** Paths of every property that accepts null, at any depth. */
function nullablePaths(node: JsonSchemaNode, path: string): string[] {
  const found: string[] = [];
  for (const [name, child] of Object.entries(node.properties ?? {})) {
    if (acceptsNull(child)) found.push(`${path}.${name}`);
    found.push(...nullablePaths(child, `${path}.${name}`));
  }
  return found;
}

describe('tool fields that may be null', () => {
  it.each(Object.entries(toolSchemas))('%s: no field accepts null yet must be present', (_name, schema) => {
    const jsonSchema = z.toJSONSchema(schema, { io: 'input' }) as JsonSchemaNode;
    expect(nullableButRequired(jsonSchema, '$')).toEqual([]);
  });

  it('finds the nullable fields it checks (display_chart has two)', () => {
    const jsonSchema = z.toJSONSchema(chartConfigSchema, { io: 'input' }) as JsonSchemaNode;
    expect(nullablePaths(jsonSchema, '$')).toEqual(['$.x_axis_key', '$.x_axis_type']);
  });

  it('display_chart accepts a kpi_card with x_axis_key and x_axis_type left out, and with them null', () => {
    const kpi = { query_id: 'query_kpi00001', chart_type: 'kpi_card', series: [{ data_key: 'revenue' }], title: 'Revenue' };
    const omitted = chartConfigSchema.safeParse(kpi);
    expect(omitted.success).toBe(true);
    expect(omitted.data?.x_axis_key).toBeUndefined();
    expect(chartConfigSchema.safeParse({ ...kpi, x_axis_key: null, x_axis_type: null }).success).toBe(true);
  });

  it('display_chart still requires the fields that may not be null', () => {
    const result = chartConfigSchema.safeParse({ chart_type: 'bar', x_axis_key: 'region', series: [{ data_key: 'revenue' }] });
    expect(result.success).toBe(false);
    const missing = (result.error?.issues ?? []).map((issue) => issue.path.join('.')).sort();
    expect(missing).toEqual(['query_id', 'title']);
  });
});
