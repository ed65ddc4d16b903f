// Tool input schemas every model provider accepts. zod's JSON Schema carries shapes that OpenAI
// takes but Gemini and Bedrock refuse (`type: [x, "null"]`, anyOf with null, additionalProperties,
// formats, patterns, tuples, $schema). The model is shown the plain subset below; the input is
// still validated against the full original schema, so a model that sends null for an optional
// field is accepted as before.
import { asSchema, jsonSchema, type JSONSchema7, type ToolSet } from 'ai';

type SchemaNode = Record<string, unknown>;

/** Keys the portable subset never carries (validation keeps them). */
const DROPPED_KEYS = new Set(['$schema', '$id', 'additionalProperties', 'propertyNames', 'patternProperties', 'format', 'pattern', 'default', 'examples', 'exclusiveMinimum', 'exclusiveMaximum', 'additionalItems', 'prefixItems', 'const']);

function isNode(value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNullSchema(value: unknown): boolean {
  return isNode(value) && value.type === 'null';
}

/** `anyOf: [X, {type: null}]` and `type: [x, "null"]` become X; reports whether null was removed. */
function withoutNull(node: SchemaNode): { node: SchemaNode; nullable: boolean } {
  if (Array.isArray(node.type) && node.type.includes('null')) {
    const types = node.type.filter((type) => type !== 'null');
    return { node: { ...node, type: types.length === 1 ? types[0] : types }, nullable: true };
  }
  const variants = Array.isArray(node.anyOf) ? node.anyOf : Array.isArray(node.oneOf) ? node.oneOf : undefined;
  if (variants?.some(isNullSchema)) {
    const rest = variants.filter((variant) => !isNullSchema(variant));
    const { anyOf: _anyOf, oneOf: _oneOf, ...others } = node;
    if (rest.length === 1 && isNode(rest[0])) return { node: { ...rest[0], ...others }, nullable: true };
    return { node: { ...others, anyOf: rest }, nullable: true };
  }
  return { node, nullable: false };
}

function portableNode(input: unknown): unknown {
  if (!isNode(input)) return input;
  const { node } = withoutNull(input);
  const result: SchemaNode = {};
  for (const [key, value] of Object.entries(node)) {
    if (DROPPED_KEYS.has(key)) continue;
    result[key] = value;
  }
  if ('const' in node && !('enum' in node)) result.enum = [node.const];
  if (isNode(node.properties)) {
    const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
    const properties: SchemaNode = {};
    for (const [name, child] of Object.entries(node.properties)) {
      const stripped = isNode(child) ? withoutNull(child) : { node: child as SchemaNode, nullable: false };
      // A field that may be null may also be absent: the model is told it is optional.
      if (stripped.nullable) required.delete(name);
      properties[name] = portableNode(stripped.node);
    }
    result.properties = properties;
    if (required.size > 0) result.required = [...required];
    else delete result.required;
  }
  // A tuple becomes a list of its first element's type; the original schema still checks each position.
  if (Array.isArray(node.prefixItems)) result.items = portableNode(node.prefixItems[0] ?? {});
  else if (Array.isArray(node.items)) result.items = portableNode(node.items[0] ?? {});
  else if (isNode(node.items)) result.items = portableNode(node.items);
  if (Array.isArray(node.anyOf)) result.anyOf = node.anyOf.map(portableNode);
  return result;
}

export function portableJsonSchema(schema: JSONSchema7): JSONSchema7 {
  const portable = portableNode(schema) as SchemaNode;
  if (portable.type === undefined) portable.type = 'object';
  if (!isNode(portable.properties)) portable.properties = {};
  return portable as JSONSchema7;
}

/** The same tool, showing the model the portable schema and validating with the original one. */
export function withPortableInputSchema(tool: ToolSet[string]): ToolSet[string] {
  if (tool.type === 'provider' || !tool.inputSchema) return tool;
  const original = asSchema(tool.inputSchema);
  return {
    ...tool,
    inputSchema: jsonSchema(async () => portableJsonSchema(await original.jsonSchema), { validate: original.validate ? (value) => original.validate!(value) : undefined }),
  } as ToolSet[string];
}
