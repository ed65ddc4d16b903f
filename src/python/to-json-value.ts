// Monty hands Python values back as JavaScript values (dicts as Map, ints beyond 2^53 as bigint);
// the tool output must be plain JSON.
import type { JsonValue } from '../databases/types.js';

const MAX_DEPTH = 50;

export function toJsonValue(value: unknown, depth = 0): JsonValue {
  if (depth > MAX_DEPTH) return '…';
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (value instanceof Map) {
    return Object.fromEntries([...value.entries()].map(([key, item]) => [typeof key === 'string' ? key : JSON.stringify(toJsonValue(key, depth + 1)), toJsonValue(item, depth + 1)]));
  }
  if (value instanceof Set || Array.isArray(value)) return [...value].map((item) => toJsonValue(item, depth + 1));
  if (value instanceof Uint8Array) return `<${value.length} bytes>`;
  if (typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, toJsonValue(item, depth + 1)]));
  }
  return String(value);
}
