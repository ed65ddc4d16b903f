// Plays the Microsoft Entra ID login of Azure Database for PostgreSQL in front of a real PostgreSQL:
// it asks every client for a password, accepts it only when it is a token from the fake authority
// for the database resource whose upn / preferred_username is the user name the client connects as,
// then relays the session to the real server (answering a cleartext password request there with the
// same token, so role passwords set to the tokens work too). The test PostgreSQL may trust local
// connections; this makes "the token is the password" checked in every environment.
// Every connection attempt is recorded with its user name and the verdict.
import net from 'node:net';

export interface ProxiedConnection {
  user: string;
  database: string;
  accepted: boolean;
  reason?: string;
}

export interface EntraPostgresProxy {
  host: string;
  port: number;
  connections: ProxiedConnection[];
  close(): Promise<void>;
}

export interface EntraPostgresProxyOptions {
  upstreamHost: string;
  upstreamPort: number;
  /** The resource the tokens must be issued for, e.g. https://ossrdbms-aad.database.windows.net */
  audience: string;
  verifyToken(token: string): Record<string, unknown> | undefined;
}

const SSL_REQUEST_CODE = 80877103;
const GSS_REQUEST_CODE = 80877104;
const CANCEL_REQUEST_CODE = 80877102;

export async function startEntraPostgresProxy(options: EntraPostgresProxyOptions): Promise<EntraPostgresProxy> {
  const connections: ProxiedConnection[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    void handle(client).catch(() => client.destroy());
  });

  async function handle(client: net.Socket): Promise<void> {
    const reader = new SocketReader(client);
    let startup = await reader.startupMessage();
    let code = startup.readInt32BE(4);
    while (code === SSL_REQUEST_CODE || code === GSS_REQUEST_CODE) {
      client.write('N');
      startup = await reader.startupMessage();
      code = startup.readInt32BE(4);
    }
    if (code === CANCEL_REQUEST_CODE) {
      const upstream = net.connect(options.upstreamPort, options.upstreamHost, () => upstream.end(startup));
      upstream.on('error', () => undefined);
      client.end();
      return;
    }
    const parameters = startupParameters(startup);
    const user = parameters.user ?? '';
    const database = parameters.database ?? user;
    client.write(authenticationRequest(3));
    const passwordMessage = await reader.message();
    const password = passwordMessage.type === 'p' ? passwordMessage.body.subarray(0, passwordMessage.body.indexOf(0)).toString('utf8') : '';
    const refusal = checkToken(password, user);
    if (refusal) {
      connections.push({ user, database, accepted: false, reason: refusal });
      client.end(errorResponse('28P01', `password authentication failed for user "${user}"`));
      return;
    }
    connections.push({ user, database, accepted: true });
    const upstream = net.connect(options.upstreamPort, options.upstreamHost);
    sockets.add(upstream);
    upstream.on('close', () => {
      sockets.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.write(startup);
    const upstreamReader = new SocketReader(upstream);
    for (;;) {
      const message = await upstreamReader.message();
      if (message.type === 'R' && message.body.readInt32BE(0) === 3) {
        upstream.write(passwordMessage.raw);
        continue;
      }
      if (message.type === 'R' && message.body.readInt32BE(0) !== 0) {
        client.end(errorResponse('28000', 'the test proxy only relays to servers using trust or password (cleartext) authentication'));
        upstream.destroy();
        return;
      }
      client.write(message.raw);
      break;
    }
    const rest = upstreamReader.release();
    if (rest.length > 0) client.write(rest);
    const pending = reader.release();
    if (pending.length > 0) upstream.write(pending);
    client.pipe(upstream);
    upstream.pipe(client);
  }

  function checkToken(password: string, user: string): string | undefined {
    const claims = options.verifyToken(password);
    if (!claims) return 'not a valid token from the authority (signature, issuer or expiry)';
    if (claims.aud !== options.audience) return `token audience ${String(claims.aud)} is not the database resource`;
    const name = claims.upn ?? claims.preferred_username;
    if (name !== user) return `token is for ${String(name)}, not for ${user}`;
    return undefined;
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    host: '127.0.0.1',
    port,
    connections,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

interface BackendMessage {
  type: string;
  body: Buffer;
  raw: Buffer;
}

/** Reads PostgreSQL protocol messages from a socket until released to plain piping. */
class SocketReader {
  private buffer = Buffer.alloc(0);
  private waiter: (() => void) | undefined;
  private ended = false;
  private readonly onData = (chunk: Buffer) => {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    this.waiter?.();
  };
  private readonly onEnd = () => {
    this.ended = true;
    this.waiter?.();
  };

  constructor(private readonly socket: net.Socket) {
    socket.on('data', this.onData);
    socket.on('end', this.onEnd);
    socket.on('close', this.onEnd);
  }

  async startupMessage(): Promise<Buffer> {
    await this.need(4);
    const length = this.buffer.readInt32BE(0);
    await this.need(length);
    return this.take(length);
  }

  async message(): Promise<BackendMessage> {
    await this.need(5);
    const length = this.buffer.readInt32BE(1);
    await this.need(1 + length);
    const raw = this.take(1 + length);
    return { type: String.fromCharCode(raw[0]!), body: raw.subarray(5), raw };
  }

  /** Stops reading; returns what was received but not consumed. */
  release(): Buffer {
    this.socket.off('data', this.onData);
    this.socket.off('end', this.onEnd);
    this.socket.off('close', this.onEnd);
    const rest = this.buffer;
    this.buffer = Buffer.alloc(0);
    return rest;
  }

  private take(length: number): Buffer {
    const taken = this.buffer.subarray(0, length);
    this.buffer = this.buffer.subarray(length);
    return Buffer.from(taken);
  }

  private async need(length: number): Promise<void> {
    while (this.buffer.length < length) {
      if (this.ended) throw new Error('connection closed');
      await new Promise<void>((resolve) => {
        this.waiter = resolve;
      });
      this.waiter = undefined;
    }
  }
}

function startupParameters(startup: Buffer): Record<string, string> {
  const parts = startup.subarray(8).toString('utf8').split('\u0000');
  const parameters: Record<string, string> = {};
  for (let index = 0; index + 1 < parts.length; index += 2) if (parts[index]) parameters[parts[index]!] = parts[index + 1]!;
  return parameters;
}

function authenticationRequest(code: number): Buffer {
  const message = Buffer.alloc(9);
  message.write('R', 0);
  message.writeInt32BE(8, 1);
  message.writeInt32BE(code, 5);
  return message;
}

function errorResponse(sqlState: string, text: string): Buffer {
  const fields = Buffer.from(`SFATAL\u0000VFATAL\u0000C${sqlState}\u0000M${text}\u0000\u0000`, 'utf8');
  const header = Buffer.alloc(5);
  header.write('E', 0);
  header.writeInt32BE(4 + fields.length, 1);
  return Buffer.concat([header, fields]);
}
