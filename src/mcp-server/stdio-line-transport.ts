// `datathread mcp`'s stdio transport: one JSON-RPC message per line, as the MCP SDK's own
// StdioServerTransport reads them, except that a line longer than MCP_STDIO_MAX_MESSAGE_BYTES is
// refused with a JSON-RPC error and the server stays up. The SDK's transport closes itself (and the
// command exits) when its read buffer passes its limit. An oversized line is skipped as it streams in,
// so it is never held in memory; only its first and last bytes are kept, to find its request id.
import process from 'node:process';
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, JSONRPCMessageSchema, type JSONRPCMessage, type RequestId } from '@modelcontextprotocol/sdk/types.js';
import { oversizedRequestId } from './oversized-request-id.js';

/**
 * The largest message a client may send. datathread's tools take a question or one SQL statement,
 * which are far smaller; the limit keeps one client's runaway message from growing the process.
 */
export const MCP_STDIO_MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

/** How much of an oversized message's start and end is kept to find its id. */
const KEPT_EDGE_BYTES = 4 * 1024;

const NEWLINE = 0x0a;

export class StdioLineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private pieces: Buffer[] = [];
  private pieceBytes = 0;
  /** Set while the rest of an oversized line is skipped. */
  private oversized: { head: Buffer; tail: Buffer; bytes: number } | undefined;
  private closed = false;

  constructor(
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
    private readonly maxMessageBytes = MCP_STDIO_MAX_MESSAGE_BYTES,
  ) {}

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('error', this.onInputError);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return;
    const line = `${JSON.stringify(message)}\n`;
    if (!this.output.write(line)) await new Promise<void>((resolve) => this.output.once('drain', resolve));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('error', this.onInputError);
    if (this.input.listenerCount('data') === 0) this.input.pause();
    this.pieces = [];
    this.oversized = undefined;
    this.onclose?.();
  }

  private readonly onInputError = (error: Error): void => this.onerror?.(error);

  private readonly onData = (chunk: Buffer | string): void => {
    let rest = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    while (rest.length > 0) {
      const newline = rest.indexOf(NEWLINE);
      const segment = newline === -1 ? rest : rest.subarray(0, newline);
      this.take(segment);
      if (newline === -1) return;
      this.endLine();
      rest = rest.subarray(newline + 1);
    }
  };

  /** Adds part of the current line: kept while within the limit, otherwise only its edges. */
  private take(segment: Buffer): void {
    if (segment.length === 0) return;
    if (!this.oversized && this.pieceBytes + segment.length <= this.maxMessageBytes) {
      this.pieces.push(segment);
      this.pieceBytes += segment.length;
      return;
    }
    if (!this.oversized) {
      const start = Buffer.concat(this.pieces);
      this.oversized = { head: start.subarray(0, KEPT_EDGE_BYTES), tail: start.subarray(-KEPT_EDGE_BYTES), bytes: start.length };
      this.pieces = [];
      this.pieceBytes = 0;
    }
    const oversized = this.oversized;
    if (oversized.head.length < KEPT_EDGE_BYTES) oversized.head = Buffer.concat([oversized.head, segment.subarray(0, KEPT_EDGE_BYTES - oversized.head.length)]);
    oversized.tail = Buffer.concat([oversized.tail, segment.subarray(-KEPT_EDGE_BYTES)]).subarray(-KEPT_EDGE_BYTES);
    oversized.bytes += segment.length;
  }

  private endLine(): void {
    const oversized = this.oversized;
    this.oversized = undefined;
    if (oversized) {
      this.refuseOversized(oversized);
      return;
    }
    const line = Buffer.concat(this.pieces).toString('utf8').replace(/\r$/, '');
    this.pieces = [];
    this.pieceBytes = 0;
    if (line.trim() === '') return;
    this.deliver(line);
  }

  private refuseOversized(oversized: { head: Buffer; tail: Buffer; bytes: number }): void {
    const id = oversizedRequestId(oversized.head.toString('utf8'), oversized.tail.toString('utf8').replace(/\r$/, ''));
    const limit = `${this.maxMessageBytes} bytes`;
    this.onerror?.(new Error(`Refused an MCP message of at least ${oversized.bytes} bytes (the limit is ${limit}).`));
    void this.send(errorResponse(id, ErrorCode.InvalidRequest, `Request too large: messages to datathread may be at most ${limit}. Send a shorter question or statement.`));
  }

  private deliver(line: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      void this.send(errorResponse(undefined, ErrorCode.ParseError, 'Parse error: the line is not JSON.'));
      return;
    }
    const message = JSONRPCMessageSchema.safeParse(parsed);
    if (!message.success) {
      const id = (parsed as { id?: unknown } | null)?.id;
      void this.send(errorResponse(typeof id === 'string' || typeof id === 'number' ? id : undefined, ErrorCode.InvalidRequest, 'Invalid request: not a JSON-RPC 2.0 message.'));
      return;
    }
    this.onmessage?.(message.data);
  }
}

/** A JSON-RPC error; without an id when the request's is unknown (as the MCP SDK's types have it). */
function errorResponse(id: RequestId | undefined, code: ErrorCode, message: string): JSONRPCMessage {
  return { jsonrpc: '2.0', ...(id === undefined ? {} : { id }), error: { code, message } };
}
