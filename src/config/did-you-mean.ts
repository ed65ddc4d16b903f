// "Did you mean …?" for a misspelt key or value in the configuration: the closest accepted
// spelling, compared without case, "_" or "-" (so `sql_server` finds `sqlserver`) and counting a
// swap of two neighbouring letters as one edit (so `hots` finds `host`).
import type { z } from 'zod';

function normalise(text: string): string {
  return text.toLowerCase().replace(/[-_\s]/g, '');
}

/** Edits (insert, delete, replace, swap neighbours) between two strings: optimal string alignment. */
function editDistance(left: string, right: string): number {
  const rows = left.length + 1;
  const columns = right.length + 1;
  const distance: number[][] = Array.from({ length: rows }, (_row, index) => Array.from({ length: columns }, (_column, column) => (index === 0 ? column : column === 0 ? index : 0)));
  for (let row = 1; row < rows; row += 1) {
    for (let column = 1; column < columns; column += 1) {
      const cost = left[row - 1] === right[column - 1] ? 0 : 1;
      let best = Math.min(distance[row - 1]![column]! + 1, distance[row]![column - 1]! + 1, distance[row - 1]![column - 1]! + cost);
      if (row > 1 && column > 1 && left[row - 1] === right[column - 2] && left[row - 2] === right[column - 1]) {
        best = Math.min(best, distance[row - 2]![column - 2]! + 1);
      }
      distance[row]![column] = best;
    }
  }
  return distance[left.length]![right.length]!;
}

/** The accepted spelling closest to `input`, when one is close enough to be a typo. */
export function closestMatch(input: string, candidates: readonly string[]): string | undefined {
  const wanted = normalise(input);
  if (!wanted) return undefined;
  const allowed = Math.max(1, Math.floor(wanted.length / 4));
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(wanted, normalise(candidate));
    if (distance <= allowed && (!best || distance < best.distance)) best = { candidate, distance };
  }
  return best?.candidate;
}

/** An enum problem naming the value given and, when one is close, the spelling meant. */
export function invalidValueProblem(message: string, given: unknown, accepted: readonly string[]): string {
  if (typeof given !== 'string') return message;
  const closest = closestMatch(given, accepted);
  return `${message}; "${given}" is not one of them${closest ? ` (did you mean "${closest}"?)` : ''}`;
}

interface SchemaDefinition {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
}

function definitionOf(schema: z.ZodType): SchemaDefinition {
  return (schema as unknown as { _zod: { def: SchemaDefinition } })._zod.def;
}

/** The object schemas a value at `path` is checked against (several under a union). */
function objectsAt(schema: z.ZodType, path: readonly PropertyKey[]): SchemaDefinition[] {
  const definition = definitionOf(schema);
  if (definition.innerType) return objectsAt(definition.innerType, path);
  if (definition.type === 'pipe' && definition.in) return objectsAt(definition.in, path);
  if (definition.type === 'union' && definition.options) return definition.options.flatMap((option) => objectsAt(option, path));
  if (path.length === 0) return definition.type === 'object' ? [definition] : [];
  const [head, ...rest] = path;
  if (definition.type === 'array' && definition.element && typeof head === 'number') return objectsAt(definition.element, rest);
  if (definition.type === 'object' && typeof head === 'string' && definition.shape?.[head]) return objectsAt(definition.shape[head], rest);
  return [];
}

/** The keys an object at `path` of `schema` accepts. */
export function keysAcceptedAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  return [...new Set(objectsAt(schema, path).flatMap((definition) => Object.keys(definition.shape ?? {})))];
}
