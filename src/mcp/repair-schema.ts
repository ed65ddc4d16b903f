// MCP servers publish JSON Schemas that the AI SDK and OpenAI reject: an array without `items`,
// `required: null`, a tool with no schema at all. Repaired here, recursively, before anything
// else sees them (nao's sanitizeTools does the same).
import type { JSONSchema7 } from 'ai';

type SchemaObject = Record<string, unknown>;

const SCHEMA_MAP_KEYS = ['properties', 'patternProperties', '$defs', 'definitions'] as const;
const SCHEMA_LIST_KEYS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;
const SCHEMA_KEYS = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains'] as const;

function isObject(value: unknown): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isArrayType(type: unknown): boolean {
  return type === 'array' || (Array.isArray(type) && type.includes('array'));
}

function repairNode(node: unknown): unknown {
  if (!isObject(node)) return node;
  const repaired: SchemaObject = { ...node };
  if (repaired.required === null || (repaired.required !== undefined && !Array.isArray(repaired.required))) delete repaired.required;
  if (isArrayType(repaired.type) && (repaired.items === undefined || repaired.items === null)) repaired.items = {};
  for (const key of SCHEMA_MAP_KEYS) {
    const map = repaired[key];
    if (isObject(map)) repaired[key] = Object.fromEntries(Object.entries(map).map(([name, child]) => [name, repairNode(child)]));
    else if (map === null) delete repaired[key];
  }
  for (const key of SCHEMA_LIST_KEYS) {
    const list = repaired[key];
    if (Array.isArray(list)) repaired[key] = list.map(repairNode);
  }
  for (const key of SCHEMA_KEYS) {
    if (repaired[key] === null) delete repaired[key];
    else if (isObject(repaired[key])) repaired[key] = repairNode(repaired[key]);
  }
  return repaired;
}

/** A tool input schema the model can be given: always an object schema with `properties`. */
export function repairToolSchema(schema: unknown): JSONSchema7 {
  const repaired = (repairNode(isObject(schema) ? schema : {}) as SchemaObject) ?? {};
  if (repaired.type === undefined) repaired.type = 'object';
  if (repaired.type === 'object' && !isObject(repaired.properties)) repaired.properties = {};
  return repaired as JSONSchema7;
}
