// A local server that speaks enough of SQL Server's TDS 7.4 protocol for the real `tedious` driver,
// executing on DuckDB: PRELOGIN (encryption not supported, so the session stays clear text and
// tedious must be configured with encrypt: false), LOGIN7 with either SQL authentication or the
// FEDAUTH feature extension carrying an Entra access token (SECURITYTOKEN library), SQLBatch
// answered with COLMETADATA / ROW / DONE, and ATTENTION answered with DONE(DONE_ATTN) after the
// running DuckDB query is interrupted.
//
// Credentials are checked where SQL Server checks them: an Entra token must verify against the
// local authority (signature, issuer, expiry) and carry the audience of Azure SQL
// (https://database.windows.net); its upn is the login. A failed login is error 18456 as SQL
// Server sends it. After login, `sessionSetup(login)` runs on the connection's own DuckDB
// connection, which is how a test installs a per-identity row filter (a temporary view shadowing
// the table), the way row-level security does on the real server.
//
// Types sent: bigint (INTN 8), float (FLTN 8), bit, nvarchar(4000), date, datetime2(7),
// datetimeoffset(7) (from DuckDB TIMESTAMPTZ), money (from DECIMAL(19,4)), uniqueidentifier (UUID).
import { createServer, type Server, type Socket } from 'node:net';
import { TDS_CATALOG_VIEWS } from './tds-catalog-views.js';
import { DuckDBInstance, StatementType, type DuckDBConnection, type DuckDBResult, type DuckDBValue } from '@duckdb/node-api';

const PACKET = { SQL_BATCH: 0x01, RESPONSE: 0x04, ATTENTION: 0x06, LOGIN7: 0x10, PRELOGIN: 0x12 } as const;
const HEADER_BYTES = 8;
const PACKET_SIZE_BYTES = 4096;
const TDS_7_4 = 0x74000004;
const DONE_ERROR = 0x02;
const DONE_COUNT = 0x10;
const DONE_ATTN = 0x20;
const AZURE_SQL_AUDIENCES = new Set(['https://database.windows.net', 'https://database.windows.net/']);
/** Latin1_General_CI_AS, as an Azure SQL database reports it. */
const COLLATION = Buffer.from([0x09, 0x04, 0xd0, 0x00, 0x34]);
const NVARCHAR_MAX_CHARACTERS = 4000;

export interface FakeTdsOptions {
  /** DuckDB statements run once at start. */
  setup: string[];
  /** SQL authentication: login -> password. */
  logins?: Record<string, string>;
  /** Verifies an Entra access token (the local authority's verifyToken); enables FEDAUTH logins. */
  verifyToken?: (token: string) => Record<string, unknown> | undefined;
  /** DuckDB statements run on each new connection once its login is known (row filters). */
  sessionSetup?: (login: string) => string[];
  /**
   * Logins that are only members of db_datareader: a statement other than a read is refused with
   * error 229 (permission denied), as SQL Server refuses it.
   */
  readers?: string[];
}

export interface TdsConnectionRecord {
  login: string | undefined;
  authentication: 'sql' | 'fedauth' | undefined;
  accepted: boolean;
  readOnlyIntent: boolean;
  database: string;
  appName: string;
  batches: string[];
  attentions: number;
  closed: boolean;
}

export interface FakeTds {
  host: string;
  port: number;
  connections: TdsConnectionRecord[];
  /** Runs SQL directly on the DuckDB behind the server (for checking that data is unchanged). */
  inspect(sql: string): Promise<unknown[][]>;
  close(): Promise<void>;
}

export async function startFakeTds(options: FakeTdsOptions): Promise<FakeTds> {
  const instance = await DuckDBInstance.create(':memory:');
  const admin = await instance.connect();
  for (const statement of options.setup) await admin.run(statement);
  for (const statement of TDS_CATALOG_VIEWS) await admin.run(statement);
  const connections: TdsConnectionRecord[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    const record: TdsConnectionRecord = {
      login: undefined,
      authentication: undefined,
      accepted: false,
      readOnlyIntent: false,
      database: '',
      appName: '',
      batches: [],
      attentions: 0,
      closed: false,
    };
    connections.push(record);
    void new TdsSession(socket, record, instance, options).start();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('fake TDS: no port');
  return {
    host: '127.0.0.1',
    port: address.port,
    connections,
    inspect: async (sql) => (await admin.runAndReadAll(sql)).getRows() as unknown[][],
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      admin.closeSync();
      instance.closeSync();
    },
  };
}

class TdsSession {
  private buffered = Buffer.alloc(0);
  private message: Buffer[] = [];
  private connection: DuckDBConnection | undefined;
  private running: { attention: boolean; connection: DuckDBConnection } | undefined;
  private inTransaction = false;
  private packetId = 0;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly socket: Socket,
    private readonly record: TdsConnectionRecord,
    private readonly instance: DuckDBInstance,
    private readonly options: FakeTdsOptions,
  ) {}

  async start(): Promise<void> {
    this.socket.on('data', (data) => this.receive(data));
    this.socket.on('error', () => undefined);
    this.socket.on('close', () => {
      this.record.closed = true;
      this.connection?.closeSync();
    });
  }

  private receive(data: Buffer): void {
    this.buffered = Buffer.concat([this.buffered, data]);
    while (this.buffered.length >= HEADER_BYTES) {
      const length = this.buffered.readUInt16BE(2);
      if (this.buffered.length < length) return;
      const type = this.buffered[0]!;
      const endOfMessage = (this.buffered[1]! & 0x01) === 0x01;
      this.message.push(this.buffered.subarray(HEADER_BYTES, length));
      this.buffered = this.buffered.subarray(length);
      if (!endOfMessage) continue;
      const payload = Buffer.concat(this.message);
      this.message = [];
      // ATTENTION must reach the running query at once, not wait behind it.
      if (type === PACKET.ATTENTION) this.attention();
      else
        this.queue = this.queue.then(() => this.handle(type, payload)).catch(() => {
          this.socket.destroy();
        });
    }
  }

  private async handle(type: number, payload: Buffer): Promise<void> {
    if (type === PACKET.PRELOGIN) return this.send(preloginResponse());
    if (type === PACKET.LOGIN7) return this.login(payload);
    if (type === PACKET.SQL_BATCH) return this.batch(payload);
    this.send(Buffer.concat([errorToken(4002, 1, 16, 'The incoming tabular data stream (TDS) protocol stream is incorrect.'), doneToken(DONE_ERROR, 0n)]));
  }

  private attention(): void {
    this.record.attentions += 1;
    if (this.running) {
      this.running.attention = true;
      this.running.connection.interrupt();
      return;
    }
    // Nothing running: acknowledge after whatever is queued.
    this.queue = this.queue.then(() => this.send(doneToken(DONE_ATTN, 0n)));
  }

  private async login(payload: Buffer): Promise<void> {
    const login = parseLogin7(payload);
    this.record.readOnlyIntent = login.readOnlyIntent;
    this.record.database = login.database;
    this.record.appName = login.appName;
    let identity: string | undefined;
    if (login.fedAuthToken !== undefined) {
      this.record.authentication = 'fedauth';
      const claims = this.options.verifyToken?.(login.fedAuthToken);
      if (claims && AZURE_SQL_AUDIENCES.has(String(claims.aud)) && typeof claims.upn === 'string') identity = claims.upn;
    } else {
      this.record.authentication = 'sql';
      const expected = this.options.logins?.[login.userName];
      if (expected !== undefined && expected === login.password) identity = login.userName;
    }
    if (!identity) {
      const principal = login.fedAuthToken !== undefined ? '<token-identified principal>' : login.userName;
      this.send(Buffer.concat([errorToken(18456, 1, 14, `Login failed for user '${principal}'.`), doneToken(DONE_ERROR, 0n)]));
      this.socket.end();
      return;
    }
    this.record.login = identity;
    this.record.accepted = true;
    this.connection = await this.instance.connect();
    for (const statement of this.options.sessionSetup?.(identity) ?? []) await this.connection.run(statement);
    const tokens = [loginAckToken()];
    if (login.fedAuthToken !== undefined) tokens.push(Buffer.from([0xae, 0x02, 0, 0, 0, 0, 0xff]));
    tokens.push(doneToken(0, 0n));
    this.send(Buffer.concat(tokens));
  }

  private async batch(payload: Buffer): Promise<void> {
    const headersLength = payload.readUInt32LE(0);
    const sql = payload.subarray(headersLength).toString('utf16le');
    this.record.batches.push(sql);
    const connection = this.connection;
    if (!connection) return this.send(Buffer.concat([errorToken(4060, 1, 11, 'Cannot open database: not logged in.'), doneToken(DONE_ERROR, 0n)]));
    const text = sql.trim();
    // Session options tedious sends after login, and the isolation level: accepted as SQL Server would.
    if (/^set\s/i.test(text) && !/begin\s+tran/i.test(text)) return this.send(doneToken(0, 0n));
    if (/^set transaction isolation level [a-z ]+;\s*begin transaction;?$/i.test(text)) {
      await connection.run('BEGIN TRANSACTION');
      this.inTransaction = true;
      return this.send(doneToken(0, 0n));
    }
    if (/^if @@trancount > 0 rollback transaction;?$/i.test(text)) {
      if (this.inTransaction) await connection.run('ROLLBACK');
      this.inTransaction = false;
      return this.send(doneToken(0, 0n));
    }
    if (this.options.readers?.includes(this.record.login ?? '') && !(await isRead(connection, text))) {
      return this.send(Buffer.concat([errorToken(229, 5, 14, permissionDenied(text, this.record.database)), doneToken(DONE_ERROR, 0n)]));
    }
    await this.query(connection, text);
  }

  private async query(connection: DuckDBConnection, sql: string): Promise<void> {
    const running = { attention: false, connection };
    this.running = running;
    let rowCount = 0n;
    try {
      const result = await connection.stream(sql);
      if (running.attention) return this.acknowledgeAttention(0n);
      const columns = describeColumns(result);
      if (columns.length > 0) this.send(colMetadataToken(columns), false);
      while (true) {
        const chunk = await result.fetchChunk();
        if (running.attention) return this.acknowledgeAttention(rowCount);
        if (!chunk || chunk.rowCount === 0) break;
        const rows = chunk.getRows();
        const encoded: Buffer[] = [];
        for (const row of rows) encoded.push(rowToken(columns, row));
        this.send(Buffer.concat(encoded), false);
        rowCount += BigInt(rows.length);
        // Let an ATTENTION packet in between chunks, as the server reads it between sends.
        await new Promise((resolve) => setImmediate(resolve));
        if (running.attention) return this.acknowledgeAttention(rowCount);
      }
      this.send(doneToken(columns.length > 0 ? DONE_COUNT : 0, rowCount));
    } catch (error) {
      if (running.attention) return this.acknowledgeAttention(rowCount);
      const message = error instanceof Error ? error.message : String(error);
      this.send(Buffer.concat([errorToken(102, 1, 15, message), doneToken(DONE_ERROR, 0n)]));
    } finally {
      this.running = undefined;
    }
  }

  /**
   * The response to the interrupted batch ends, and the acknowledgement follows as a message of its
   * own: the client reads the rest of the cancelled response first, then waits for DONE_ATTN.
   */
  private acknowledgeAttention(rowCount: bigint): void {
    this.send(doneToken(0, rowCount));
    this.send(doneToken(DONE_ATTN, 0n));
  }

  /**
   * Part of a response message, split into packets of the negotiated size; only the packet that
   * ends the message (`endsMessage`) carries EOM, which is how the client knows the answer is complete.
   */
  private send(payload: Buffer, endsMessage = true): void {
    if (this.socket.destroyed) return;
    const room = PACKET_SIZE_BYTES - HEADER_BYTES;
    for (let offset = 0; offset < payload.length || offset === 0; offset += room) {
      const body = payload.subarray(offset, offset + room);
      const last = offset + room >= payload.length;
      const header = Buffer.alloc(HEADER_BYTES);
      header[0] = PACKET.RESPONSE;
      header[1] = last && endsMessage ? 0x01 : 0x00;
      header.writeUInt16BE(HEADER_BYTES + body.length, 2);
      this.packetId = (this.packetId + 1) % 256;
      header[6] = this.packetId;
      this.socket.write(Buffer.concat([header, body]));
      if (last) break;
    }
  }
}

interface Login7 {
  userName: string;
  password: string;
  appName: string;
  database: string;
  readOnlyIntent: boolean;
  fedAuthToken: string | undefined;
}

function parseLogin7(payload: Buffer): Login7 {
  const text = (offsetAt: number): string => {
    const offset = payload.readUInt16LE(offsetAt);
    const characters = payload.readUInt16LE(offsetAt + 2);
    return payload.subarray(offset, offset + characters * 2).toString('utf16le');
  };
  const typeFlags = payload[26]!;
  const optionFlags3 = payload[27]!;
  const passwordOffset = payload.readUInt16LE(44);
  const passwordBytes = Buffer.from(payload.subarray(passwordOffset, passwordOffset + payload.readUInt16LE(46) * 2));
  for (let index = 0; index < passwordBytes.length; index += 1) {
    const byte = passwordBytes[index]! ^ 0xa5;
    passwordBytes[index] = ((byte << 4) & 0xf0) | (byte >> 4);
  }
  let fedAuthToken: string | undefined;
  if (optionFlags3 & 0x10) {
    // ibExtension points at a DWORD holding the offset of the FeatureExt block.
    let offset = payload.readUInt32LE(payload.readUInt16LE(56));
    while (offset < payload.length && payload[offset] !== 0xff) {
      const feature = payload[offset]!;
      const length = payload.readUInt32LE(offset + 1);
      const data = payload.subarray(offset + 5, offset + 5 + length);
      // FEDAUTH with the SECURITYTOKEN library (0x01 in bits 1-7): the token follows its length.
      if (feature === 0x02 && data[0]! >> 1 === 0x01) fedAuthToken = data.subarray(5, 5 + data.readUInt32LE(1)).toString('utf16le');
      offset += 5 + length;
    }
  }
  return {
    userName: text(40),
    password: passwordBytes.toString('utf16le'),
    appName: text(48),
    database: text(68),
    readOnlyIntent: (typeFlags & 0x20) === 0x20,
    fedAuthToken,
  };
}

function preloginResponse(): Buffer {
  // VERSION, ENCRYPTION (NOT_SUP), INSTOPT, THREADID, MARS, FEDAUTHREQUIRED, terminator.
  const options: [number, Buffer][] = [
    [0x00, Buffer.from([16, 0, 0x10, 0x00, 0, 0])],
    [0x01, Buffer.from([0x02])],
    [0x02, Buffer.from([0x00])],
    [0x03, Buffer.alloc(4)],
    [0x04, Buffer.from([0x00])],
    [0x06, Buffer.from([0x01])],
  ];
  const headerBytes = options.length * 5 + 1;
  const headers: Buffer[] = [];
  const bodies: Buffer[] = [];
  let offset = headerBytes;
  for (const [token, data] of options) {
    const header = Buffer.alloc(5);
    header[0] = token;
    header.writeUInt16BE(offset, 1);
    header.writeUInt16BE(data.length, 3);
    headers.push(header);
    bodies.push(data);
    offset += data.length;
  }
  return Buffer.concat([...headers, Buffer.from([0xff]), ...bodies]);
}

function bVarChar(text: string): Buffer {
  const encoded = Buffer.from(text, 'utf16le');
  return Buffer.concat([Buffer.from([text.length]), encoded]);
}

function usVarChar(text: string): Buffer {
  const length = Buffer.alloc(2);
  length.writeUInt16LE(text.length);
  return Buffer.concat([length, Buffer.from(text, 'utf16le')]);
}

function loginAckToken(): Buffer {
  const version = Buffer.alloc(4);
  version.writeUInt32BE(TDS_7_4);
  const body = Buffer.concat([Buffer.from([0x01]), version, bVarChar('Microsoft SQL Server'), Buffer.from([16, 0, 0x10, 0x00])]);
  const length = Buffer.alloc(2);
  length.writeUInt16LE(body.length);
  return Buffer.concat([Buffer.from([0xad]), length, body]);
}

function errorToken(number: number, state: number, severity: number, message: string): Buffer {
  const head = Buffer.alloc(6);
  head.writeInt32LE(number, 0);
  head[4] = state;
  head[5] = severity;
  const line = Buffer.alloc(4);
  line.writeInt32LE(1);
  const body = Buffer.concat([head, usVarChar(message), bVarChar('fake-tds'), bVarChar(''), line]);
  const length = Buffer.alloc(2);
  length.writeUInt16LE(body.length);
  return Buffer.concat([Buffer.from([0xaa]), length, body]);
}

function doneToken(status: number, rowCount: bigint): Buffer {
  const token = Buffer.alloc(13);
  token[0] = 0xfd;
  token.writeUInt16LE(status, 1);
  token.writeUInt16LE(0xc1, 3);
  token.writeBigUInt64LE(rowCount, 5);
  return token;
}

async function isRead(connection: DuckDBConnection, sql: string): Promise<boolean> {
  try {
    const extracted = await connection.extractStatements(sql);
    for (let index = 0; index < extracted.count; index += 1) {
      const prepared = await extracted.prepare(index);
      if (prepared.statementType !== StatementType.SELECT) return false;
    }
    return true;
  } catch {
    // SQL DuckDB cannot prepare fails when it runs, with the engine's own error.
    return true;
  }
}

/** Msg 229 as SQL Server words it, naming the statement's verb and the object it writes. */
function permissionDenied(sql: string, database: string): string {
  const verb = (/^\s*(\w+)/.exec(sql)?.[1] ?? 'EXECUTE').toUpperCase();
  const object = /\b(?:INTO|UPDATE|FROM|TABLE)\s+([\w.]+)/i.exec(sql)?.[1] ?? 'unknown';
  return `The ${verb} permission was denied on the object '${object}', database '${database}', schema 'dbo'.`;
}

type TdsColumnKind = 'bigint' | 'float' | 'bit' | 'nvarchar' | 'date' | 'datetime2' | 'datetimeoffset' | 'money' | 'uniqueidentifier';

interface TdsColumn {
  name: string;
  kind: TdsColumnKind;
}

function columnKind(duckdbType: string): TdsColumnKind {
  const type = duckdbType.toUpperCase();
  if (/^(TINYINT|SMALLINT|INTEGER|BIGINT|UTINYINT|USMALLINT|UINTEGER)$/.test(type)) return 'bigint';
  if (type === 'DECIMAL(19,4)') return 'money';
  if (/^(FLOAT|DOUBLE|DECIMAL|HUGEINT|UBIGINT)/.test(type)) return 'float';
  if (type === 'BOOLEAN') return 'bit';
  if (type === 'DATE') return 'date';
  if (type === 'TIMESTAMP WITH TIME ZONE') return 'datetimeoffset';
  if (type.startsWith('TIMESTAMP')) return 'datetime2';
  if (type === 'UUID') return 'uniqueidentifier';
  return 'nvarchar';
}

function describeColumns(result: DuckDBResult): TdsColumn[] {
  return result.columnNames().map((name, index) => ({ name, kind: columnKind(result.columnType(index).toString()) }));
}

function colMetadataToken(columns: TdsColumn[]): Buffer {
  const parts: Buffer[] = [Buffer.from([0x81]), Buffer.from([columns.length & 0xff, columns.length >> 8])];
  for (const column of columns) {
    // UserType (4) and Flags (2): nullable.
    parts.push(Buffer.from([0, 0, 0, 0, 0x01, 0x00]));
    switch (column.kind) {
      case 'bigint':
        parts.push(Buffer.from([0x26, 8]));
        break;
      case 'float':
        parts.push(Buffer.from([0x6d, 8]));
        break;
      case 'bit':
        parts.push(Buffer.from([0x68, 1]));
        break;
      case 'money':
        parts.push(Buffer.from([0x6e, 8]));
        break;
      case 'uniqueidentifier':
        parts.push(Buffer.from([0x24, 16]));
        break;
      case 'date':
        parts.push(Buffer.from([0x28]));
        break;
      case 'datetime2':
        parts.push(Buffer.from([0x2a, 7]));
        break;
      case 'datetimeoffset':
        parts.push(Buffer.from([0x2b, 7]));
        break;
      case 'nvarchar':
        parts.push(Buffer.from([0xe7, 0x40, 0x1f]), COLLATION);
        break;
    }
    parts.push(bVarChar(column.name));
  }
  return Buffer.concat(parts);
}

const DAYS_BEFORE_UNIX_EPOCH = 719_162;
const MILLISECONDS_PER_DAY = 86_400_000;

/** TIME(7) as 5 bytes of 100-nanosecond units since midnight, then DATE as 3 bytes of days since 0001-01-01. */
function dateTimeBytes(epochMilliseconds: number): Buffer {
  const days = Math.floor(epochMilliseconds / MILLISECONDS_PER_DAY);
  const ticks = BigInt(epochMilliseconds - days * MILLISECONDS_PER_DAY) * 10_000n;
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64LE(ticks);
  const date = Buffer.alloc(3);
  date.writeUIntLE(days + DAYS_BEFORE_UNIX_EPOCH, 0, 3);
  return Buffer.concat([bytes.subarray(0, 5), date]);
}

function epochMillisecondsOf(value: DuckDBValue): number {
  // DuckDB timestamps are microseconds since the epoch.
  const micros = (value as { micros?: bigint }).micros;
  if (typeof micros === 'bigint') return Number(micros / 1000n);
  return new Date(String(value)).getTime();
}

function rowToken(columns: TdsColumn[], row: DuckDBValue[]): Buffer {
  const parts: Buffer[] = [Buffer.from([0xd1])];
  columns.forEach((column, index) => {
    const value = row[index];
    if (value === null || value === undefined) {
      parts.push(column.kind === 'nvarchar' ? Buffer.from([0xff, 0xff]) : Buffer.from([0]));
      return;
    }
    switch (column.kind) {
      case 'bigint': {
        const data = Buffer.alloc(9);
        data[0] = 8;
        data.writeBigInt64LE(BigInt(value as number | bigint), 1);
        parts.push(data);
        return;
      }
      case 'float': {
        const data = Buffer.alloc(9);
        data[0] = 8;
        data.writeDoubleLE(Number(typeof value === 'object' ? String(value) : value), 1);
        parts.push(data);
        return;
      }
      case 'bit':
        parts.push(Buffer.from([1, value ? 1 : 0]));
        return;
      case 'money': {
        // Eight bytes of ten-thousandths: the high 32 bits first, then the low 32 bits.
        const tenThousandths = BigInt(Math.round(Number(String(value)) * 10_000));
        const data = Buffer.alloc(9);
        data[0] = 8;
        data.writeInt32LE(Number(tenThousandths >> 32n), 1);
        data.writeUInt32LE(Number(tenThousandths & 0xffffffffn), 5);
        parts.push(data);
        return;
      }
      case 'uniqueidentifier': {
        const hex = String(value).replaceAll('-', '');
        const bytes = Buffer.from(hex, 'hex');
        // The first three groups travel little-endian.
        const wire = Buffer.concat([Buffer.from(bytes.subarray(0, 4)).reverse(), Buffer.from(bytes.subarray(4, 6)).reverse(), Buffer.from(bytes.subarray(6, 8)).reverse(), bytes.subarray(8)]);
        parts.push(Buffer.from([16]), wire);
        return;
      }
      case 'date': {
        const days = (value as { days?: number }).days ?? Math.floor(new Date(String(value)).getTime() / MILLISECONDS_PER_DAY);
        const data = Buffer.alloc(4);
        data[0] = 3;
        data.writeUIntLE(days + DAYS_BEFORE_UNIX_EPOCH, 1, 3);
        parts.push(data);
        return;
      }
      case 'datetime2':
        parts.push(Buffer.from([8]), dateTimeBytes(epochMillisecondsOf(value)));
        return;
      case 'datetimeoffset':
        // UTC time and date, then the offset in minutes (0: DuckDB hands out instants).
        parts.push(Buffer.from([10]), dateTimeBytes(epochMillisecondsOf(value)), Buffer.from([0, 0]));
        return;
      case 'nvarchar': {
        const text = String(value).slice(0, NVARCHAR_MAX_CHARACTERS);
        const data = Buffer.from(text, 'utf16le');
        const length = Buffer.alloc(2);
        length.writeUInt16LE(data.length);
        parts.push(length, data);
        return;
      }
    }
  });
  return Buffer.concat(parts);
}
