// What each model provider refuses in a tool's input schema (from their API references and the
// errors they answer with). The fakes in test/fakes/ answer 400 when a request breaks these, as
// the real services do; the schema test checks every tool against all of them.
type SchemaNode = Record<string, unknown>;

export type SchemaRuleProvider = 'openai' | 'anthropic' | 'google' | 'bedrock';

/** Gemini's function declarations take an OpenAPI 3.0 subset. */
const GEMINI_KEYS = new Set(['type', 'description', 'properties', 'required', 'items', 'enum', 'nullable', 'minItems', 'maxItems', 'minimum', 'maximum', 'minLength', 'maxLength', 'title', 'propertyOrdering']);
/** Bedrock Converse (toolSpec.inputSchema.json): no unions, references or open maps; no string formats. */
const BEDROCK_REFUSED = new Set(['anyOf', 'oneOf', 'allOf', 'not', '$ref', '$defs', 'definitions', 'format', 'prefixItems', 'additionalProperties', 'patternProperties']);

function isNode(value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function walk(node: unknown, path: string, visit: (node: SchemaNode, path: string) => void): void {
  if (!isNode(node)) return;
  visit(node, path);
  if (isNode(node.properties)) for (const [name, child] of Object.entries(node.properties)) walk(child, `${path}.properties.${name}`, visit);
  if (isNode(node.items)) walk(node.items, `${path}.items`, visit);
  if (Array.isArray(node.items)) node.items.forEach((child, index) => walk(child, `${path}.items[${index}]`, visit));
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) {
    if (Array.isArray(node[key])) (node[key] as unknown[]).forEach((child, index) => walk(child, `${path}.${key}[${index}]`, visit));
  }
}

/** The problems a provider would answer with, one line each; empty when the schema is accepted. */
export function schemaProblems(provider: SchemaRuleProvider, schema: unknown): string[] {
  const problems: string[] = [];
  if (!isNode(schema) || schema.type !== 'object') problems.push('(root): the input schema must be of type "object"');
  if (isNode(schema) && (provider === 'openai' || provider === 'bedrock') && !isNode(schema.properties)) problems.push('(root): an object schema needs "properties"');
  walk(schema, '(root)', (node, path) => {
    if (Array.isArray(node.type)) problems.push(`${path}: "type" must be a single type, not ${JSON.stringify(node.type)}`);
    if (Array.isArray(node.items)) problems.push(`${path}: tuple "items" are not supported`);
    if (provider === 'google') {
      for (const key of Object.keys(node)) if (!GEMINI_KEYS.has(key)) problems.push(`${path}: unknown field "${key}" in a function declaration schema`);
    }
    if (provider === 'bedrock') {
      for (const key of Object.keys(node)) if (BEDROCK_REFUSED.has(key)) problems.push(`${path}: "${key}" is not supported in a tool input schema`);
    }
  });
  return problems;
}
