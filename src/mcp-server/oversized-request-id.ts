// The id of a JSON-RPC request too large to read, recovered from its first and last bytes only, so
// the error answering it can name the request and the client's pending call fails at once instead
// of waiting for its timeout. Clients put `id` first (`{"jsonrpc":"2.0","id":1,…`) or last (the MCP
// SDK writes `{"method":…,"params":…,"jsonrpc":"2.0","id":1}`). Only a member of the outermost
// object counts: before it, nothing nested may be open; after it, only the closing brace.
const STRING = '"(?:[^"\\\\]|\\\\.)*"';
const SCALAR = `(?:${STRING}|-?\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?|true|false|null)`;
const ID = `(${STRING}|-?\\d+)`;
const ID_FIRST = new RegExp(`^\\s*\\{(?:\\s*${STRING}\\s*:\\s*${SCALAR}\\s*,)*?\\s*"id"\\s*:\\s*${ID}\\s*[,}]`);
const ID_LAST = new RegExp(`[,{]\\s*"id"\\s*:\\s*${ID}(?:\\s*,\\s*${STRING}\\s*:\\s*${SCALAR})*\\s*\\}\\s*$`);

/** The request id found at the start or the end of a message; undefined when neither shows one. */
export function oversizedRequestId(head: string, tail: string): string | number | undefined {
  const found = ID_FIRST.exec(head)?.[1] ?? ID_LAST.exec(tail)?.[1];
  return found === undefined ? undefined : (JSON.parse(found) as string | number);
}
