// A local Socket Mode endpoint: the WebSocket a Bolt app opens with the URL that
// apps.connections.open returns (see startFakeSlackApi({ socketModeUrl })). It speaks just enough
// RFC 6455 over node:http for @slack/socket-mode's undici client (no `ws` package is installed):
// it sends `hello` on connect like Slack, lets a test push envelopes (events_api and others),
// records every message the app sends back (acks are `{ envelope_id, payload }`), answers pings
// and completes the close handshake, recording who closed and with which code.
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';

const WEBSOCKET_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const OPCODE = { continuation: 0x0, text: 0x1, binary: 0x2, close: 0x8, ping: 0x9, pong: 0xa } as const;

export interface SocketModeAck {
  envelope_id: string;
  payload?: Record<string, unknown>;
}

export interface FakeSocketModeConnection {
  id: number;
  /** The request path and query the client opened (`/link/?ticket=…`). */
  path: string;
  /** Text messages the app sent, parsed as JSON when they are JSON. */
  received: unknown[];
  /** Set once the connection is closed: who sent the first close frame and its code. */
  closed?: { by: 'client' | 'server' | 'transport'; code?: number };
  /** True once the TCP socket itself is gone. */
  socketClosed: boolean;
  send(message: unknown): void;
}

export interface EventsApiEnvelopeOptions {
  envelopeId?: string;
  retryAttempt?: number;
  retryReason?: string;
}

export interface FakeSocketMode {
  /** What apps.connections.open answers with: `ws://127.0.0.1:<port>/link/?ticket=…`. */
  url: string;
  connections: FakeSocketModeConnection[];
  /** Connections that are open now. */
  openConnections(): FakeSocketModeConnection[];
  /** Pushes an events_api envelope (payload: an Events API body such as messageEnvelope()) on the open connection; returns its envelope_id. */
  sendEvent(payload: Record<string, unknown>, options?: EventsApiEnvelopeOptions): string;
  /** Every `{ envelope_id }` message the app sent, on any connection. */
  acks(): SocketModeAck[];
  waitFor<T>(probe: () => T | undefined | false, timeoutMs?: number): Promise<T>;
  /** Closes every connection (close frame 1001, then the TCP socket) and the server. */
  close(): Promise<void>;
}

/** Encodes one unmasked server frame (servers never mask). */
function encodeFrame(opcode: number, payload: Buffer): Buffer {
  const length = payload.length;
  let header: Buffer;
  if (length < 126) {
    header = Buffer.from([0x80 | opcode, length]);
  } else if (length < 0x10000) {
    header = Buffer.alloc(4);
    header[0] = 0x80 | opcode;
    header[1] = 126;
    header.writeUInt16BE(length, 2);
  } else {
    header = Buffer.alloc(10);
    header[0] = 0x80 | opcode;
    header[1] = 127;
    header.writeBigUInt64BE(BigInt(length), 2);
  }
  return Buffer.concat([header, payload]);
}

interface DecodedFrame {
  fin: boolean;
  opcode: number;
  payload: Buffer;
  size: number;
}

/** Decodes one client frame from the start of `buffer`, or undefined when it is not complete yet. */
function decodeFrame(buffer: Buffer): DecodedFrame | undefined {
  if (buffer.length < 2) return undefined;
  const fin = (buffer[0]! & 0x80) !== 0;
  const opcode = buffer[0]! & 0x0f;
  const masked = (buffer[1]! & 0x80) !== 0;
  let length = buffer[1]! & 0x7f;
  let offset = 2;
  if (length === 126) {
    if (buffer.length < 4) return undefined;
    length = buffer.readUInt16BE(2);
    offset = 4;
  } else if (length === 127) {
    if (buffer.length < 10) return undefined;
    length = Number(buffer.readBigUInt64BE(2));
    offset = 10;
  }
  const maskLength = masked ? 4 : 0;
  if (buffer.length < offset + maskLength + length) return undefined;
  const mask = masked ? buffer.subarray(offset, offset + 4) : undefined;
  offset += maskLength;
  const payload = Buffer.from(buffer.subarray(offset, offset + length));
  if (mask) for (let index = 0; index < payload.length; index += 1) payload[index]! ^= mask[index % 4]!;
  return { fin, opcode, payload, size: offset + length };
}

function closePayload(code: number): Buffer {
  const payload = Buffer.alloc(2);
  payload.writeUInt16BE(code, 0);
  return payload;
}

export async function startFakeSocketMode(options: { appId?: string } = {}): Promise<FakeSocketMode> {
  const appId = options.appId ?? 'A1';
  const connections: FakeSocketModeConnection[] = [];
  /** Open sockets, each with how to close it from the server side. */
  const sockets = new Map<Duplex, (code: number) => void>();
  const ticket = randomUUID();
  let connectionCounter = 0;

  const server: Server = createServer((_request, response) => {
    response.writeHead(426, { 'content-type': 'text/plain' });
    response.end('Upgrade to a WebSocket.');
  });

  server.on('upgrade', (request: IncomingMessage, socket: Duplex) => {
    const key = request.headers['sec-websocket-key'];
    const url = new URL(request.url ?? '/', 'http://fake.local');
    if (request.headers.upgrade?.toLowerCase() !== 'websocket' || typeof key !== 'string' || url.pathname !== '/link/' || url.searchParams.get('ticket') !== ticket) {
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
      return;
    }
    const accept = createHash('sha1').update(key + WEBSOCKET_GUID).digest('base64');
    socket.write(['HTTP/1.1 101 Switching Protocols', 'Upgrade: websocket', 'Connection: Upgrade', `Sec-WebSocket-Accept: ${accept}`, '', ''].join('\r\n'));

    let pending = Buffer.alloc(0);
    let fragments: Buffer[] = [];
    let closeSent = false;
    const write = (opcode: number, payload: Buffer) => {
      if (!socket.destroyed && !closeSent) socket.write(encodeFrame(opcode, payload));
    };
    const connection: FakeSocketModeConnection = {
      id: ++connectionCounter,
      path: request.url ?? '/',
      received: [],
      socketClosed: false,
      send(message) {
        if (connection.closed || closeSent) throw new Error(`Socket Mode connection ${connection.id} is closed.`);
        write(OPCODE.text, Buffer.from(typeof message === 'string' ? message : JSON.stringify(message), 'utf8'));
      },
    };
    connections.push(connection);
    const markClosed = (by: 'client' | 'server' | 'transport', code?: number) => {
      if (!connection.closed) connection.closed = code === undefined ? { by } : { by, code };
    };
    const sendClose = (code: number) => {
      if (closeSent || socket.destroyed) return;
      socket.write(encodeFrame(OPCODE.close, closePayload(code)));
      closeSent = true;
    };
    sockets.set(socket, (code) => {
      markClosed('server', code);
      sendClose(code);
      socket.end();
    });

    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      for (let frame = decodeFrame(pending); frame; frame = decodeFrame(pending)) {
        pending = pending.subarray(frame.size);
        if (frame.opcode === OPCODE.ping) {
          write(OPCODE.pong, frame.payload);
        } else if (frame.opcode === OPCODE.close) {
          markClosed('client', frame.payload.length >= 2 ? frame.payload.readUInt16BE(0) : undefined);
          // Echo the close frame, then end the TCP connection (the server closes first, RFC 6455 §7.1.1).
          sendClose(frame.payload.length >= 2 ? frame.payload.readUInt16BE(0) : 1000);
          socket.end();
          return;
        } else if (frame.opcode === OPCODE.text || frame.opcode === OPCODE.binary || frame.opcode === OPCODE.continuation) {
          fragments.push(frame.payload);
          if (!frame.fin) continue;
          const text = Buffer.concat(fragments).toString('utf8');
          fragments = [];
          let message: unknown = text;
          try {
            message = JSON.parse(text);
          } catch {
            // Keep non-JSON text as it came.
          }
          connection.received.push(message);
        }
      }
    });
    socket.on('error', () => markClosed('transport'));
    socket.on('close', () => {
      markClosed('transport');
      connection.socketClosed = true;
      sockets.delete(socket);
    });

    // Slack greets every new connection before it delivers anything; the client waits for this.
    connection.send({ type: 'hello', num_connections: connections.filter((candidate) => !candidate.closed).length, debug_info: { host: 'applink-fake', approximate_connection_time: 3_600 }, connection_info: { app_id: appId } });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const openConnections = () => connections.filter((connection) => !connection.closed);
  const waitFor: FakeSocketMode['waitFor'] = async (probe, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = probe();
      if (value !== undefined && value !== false) return value as never;
      if (Date.now() > deadline) {
        const state = connections.map((connection) => `#${connection.id} ${connection.closed ? `closed by ${connection.closed.by}` : 'open'}, ${connection.received.length} received`).join('; ');
        throw new Error(`Timed out after ${timeoutMs} ms waiting for the fake Socket Mode server. Connections: ${state || 'none'}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  return {
    url: `ws://127.0.0.1:${port}/link/?ticket=${ticket}&app_id=${appId}`,
    connections,
    openConnections,
    sendEvent(payload, envelopeOptions = {}) {
      const [connection, ...others] = openConnections();
      if (!connection) throw new Error('No open Socket Mode connection to send the event on.');
      if (others.length > 0) throw new Error(`${others.length + 1} open Socket Mode connections; expected one.`);
      const envelopeId = envelopeOptions.envelopeId ?? randomUUID();
      connection.send({
        envelope_id: envelopeId,
        payload,
        type: 'events_api',
        accepts_response_payload: false,
        retry_attempt: envelopeOptions.retryAttempt ?? 0,
        retry_reason: envelopeOptions.retryReason ?? '',
      });
      return envelopeId;
    },
    acks: () =>
      connections.flatMap((connection) =>
        connection.received.filter((message): message is SocketModeAck => typeof message === 'object' && message !== null && typeof (message as SocketModeAck).envelope_id === 'string'),
      ),
    waitFor,
    close: () =>
      new Promise((resolve) => {
        for (const [socket, closeFromServer] of sockets) {
          closeFromServer(1001);
          socket.destroy();
        }
        server.close(() => resolve());
      }),
  };
}
