// The stdio transport of `datathread mcp` on in-memory streams, with a small limit: messages split
// or joined across chunks arrive whole, an oversized message is refused with an error naming its
// request (whether the id comes first, last or not at all) and the next message still arrives.
import { PassThrough } from 'node:stream';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { StdioLineTransport } from '../../src/mcp-server/stdio-line-transport.js';

const LIMIT_BYTES = 200;

async function started() {
  const input = new PassThrough();
  const output = new PassThrough();
  const transport = new StdioLineTransport(input, output, LIMIT_BYTES);
  const received: JSONRPCMessage[] = [];
  const errors: string[] = [];
  transport.onmessage = (message) => received.push(message);
  transport.onerror = (error) => errors.push(error.message);
  let written = '';
  output.on('data', (chunk: Buffer) => {
    written += chunk.toString('utf8');
  });
  await transport.start();
  const flush = () => new Promise((resolve) => setImmediate(resolve));
  const replies = () => written.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Record<string, unknown>);
  return { input, transport, received, errors, replies, flush };
}

const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });
const padding = 'x'.repeat(LIMIT_BYTES * 3);

describe('StdioLineTransport', () => {
  it('delivers messages joined in one chunk and one split across chunks with a CRLF ending', async () => {
    const { input, received, replies, flush } = await started();
    input.write(`${JSON.stringify(ping(1))}\n${JSON.stringify(ping(2))}\n`);
    const third = JSON.stringify(ping(3));
    input.write(third.slice(0, 5));
    input.write(third.slice(5, 20));
    input.write(`${third.slice(20)}\r\n`);
    await flush();
    expect(received).toEqual([ping(1), ping(2), ping(3)]);
    expect(replies()).toEqual([]);
  });

  it.each([
    { order: 'id first', line: `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"sql":"${padding}"}}`, id: 7 },
    { order: 'id last, as the MCP SDK writes it', line: `{"method":"tools/call","params":{"sql":"${padding}"},"jsonrpc":"2.0","id":"call-8"}`, id: 'call-8' },
  ])('refuses an oversized message ($order) with an error for its id, and keeps reading', async ({ line, id }) => {
    const { input, received, errors, replies, flush } = await started();
    // Sent in small pieces: the limit is crossed in the middle of a chunk.
    for (let offset = 0; offset < line.length; offset += 37) input.write(line.slice(offset, offset + 37));
    input.write(`\n${JSON.stringify(ping(9))}\n`);
    await flush();
    expect(replies()).toEqual([{ jsonrpc: '2.0', id, error: { code: -32600, message: `Request too large: messages to datathread may be at most ${LIMIT_BYTES} bytes. Send a shorter question or statement.` } }]);
    expect(received).toEqual([ping(9)]);
    expect(errors).toEqual([`Refused an MCP message of at least ${line.length} bytes (the limit is ${LIMIT_BYTES} bytes).`]);
  });

  it('answers an oversized message whose only id is nested in its params without an id', async () => {
    const { input, replies, flush } = await started();
    input.write(`{"method":"tools/call","params":{"sql":"${padding}","id":5}}\n`);
    await flush();
    expect(replies()).toEqual([{ jsonrpc: '2.0', error: { code: -32600, message: expect.stringMatching(/^Request too large/) } }]);
  });

  it('answers a line that is not JSON with a parse error and one that is not JSON-RPC as an invalid request', async () => {
    const { input, received, replies, flush } = await started();
    input.write('not json\n{"id":4,"hello":"world"}\n');
    input.write(`${JSON.stringify(ping(5))}\n`);
    await flush();
    expect(replies()).toEqual([
      { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: the line is not JSON.' } },
      { jsonrpc: '2.0', id: 4, error: { code: -32600, message: 'Invalid request: not a JSON-RPC 2.0 message.' } },
    ]);
    expect(received).toEqual([ping(5)]);
  });
});
