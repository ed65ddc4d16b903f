import { describe, expect, it } from 'vitest';
import { exposedToolName } from '../../src/mcp/mcp-tool-name.js';
import { renderMcpCallResult } from '../../src/mcp/render-call-result.js';
import { repairToolSchema } from '../../src/mcp/repair-schema.js';
import { compileArgumentsValidator, renderValidationError } from '../../src/mcp/validate-arguments.js';

describe('repairToolSchema', () => {
  it('gives arrays without items an items schema and drops required: null, at any depth', () => {
    const repaired = repairToolSchema({
      type: 'object',
      required: null,
      properties: {
        tags: { type: 'array' },
        filter: { type: 'object', required: null, properties: { ids: { type: ['array', 'null'] } } },
        either: { anyOf: [{ type: 'array' }, { type: 'string' }] },
      },
    });
    expect(repaired).toEqual({
      type: 'object',
      properties: {
        tags: { type: 'array', items: {} },
        filter: { type: 'object', properties: { ids: { type: ['array', 'null'], items: {} } } },
        either: { anyOf: [{ type: 'array', items: {} }, { type: 'string' }] },
      },
    });
  });

  it('turns a missing or property-less schema into an empty object schema', () => {
    expect(repairToolSchema(undefined)).toEqual({ type: 'object', properties: {} });
    expect(repairToolSchema({ type: 'object' })).toEqual({ type: 'object', properties: {} });
  });
});

describe('argument validation', () => {
  const validate = compileArgumentsValidator(
    repairToolSchema({ type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1 } }, required: ['city'], additionalProperties: false }),
  );

  it('accepts arguments that match', () => {
    expect(validate({ city: 'Paris', days: 3 })).toEqual([]);
  });

  it("lists what is wrong, in nao's VALIDATION_ERROR wording", () => {
    const issues = validate({ days: 0, country: 'FR' });
    expect(renderValidationError('weather', 'forecast', issues)).toBe(
      [
        'VALIDATION_ERROR: The arguments for tool "forecast" on server "weather" do not match its schema:',
        '- `city` is required (expected string)',
        '- `days`: Too small: expected number to be >=1',
        '- arguments: Unrecognized key: "country"',
        "Fix the arguments to match the tool's input schema and call again.",
      ].join('\n'),
    );
  });

  it('leaves a schema it cannot compile to the server', () => {
    expect(compileArgumentsValidator({ type: 'object', properties: { a: { $ref: 'http://elsewhere/schema.json' } } })({ a: 1 })).toEqual([]);
  });
});

describe('MCP results and names', () => {
  it('renders text, names other content, and flags errors', () => {
    expect(renderMcpCallResult({ content: [{ type: 'text', text: 'Sunny' }, { type: 'image', mimeType: 'image/png' }] })).toBe(
      'Sunny\n\n[image (image/png) returned by the tool; it is not shown here]',
    );
    expect(renderMcpCallResult({ content: [], structuredContent: { temperature: 21 } })).toBe('{\n  "temperature": 21\n}');
    expect(renderMcpCallResult({ content: [{ type: 'text', text: 'city not found' }], isError: true })).toBe('The tool reported an error:\ncity not found');
  });

  it('exposes tools as server__tool within OpenAI name rules', () => {
    expect(exposedToolName('weather', 'get.forecast')).toBe('weather__get_forecast');
    expect(exposedToolName('s', 'x'.repeat(100))).toHaveLength(64);
  });
});
