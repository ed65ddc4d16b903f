// Everything a federated-identity test needs, real where it matters: the fake Entra ID (msal-node
// talks to it over https), a real PostgreSQL with two login roles and a row-level security policy,
// the Entra login of Azure Database for PostgreSQL played by a proxy in front of it, a SQLite store,
// the identity service, the HTTP server with the sign-in routes, and a ConversationEngine driven by
// a scripted model. Log lines are captured (no secret masking registered, so a leak would show).
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INetworkModule } from '@azure/msal-node';
import pg from 'pg';
import type { DatabaseConfig } from '../../../src/databases/database-config.js';
import { ConversationEngine } from '../../../src/conversations/conversation-engine.js';
import type { TurnRequest } from '../../../src/conversations/types.js';
import { createDatabaseAdapter } from '../../../src/databases/create-database-adapter.js';
import type { DatabaseAdapter } from '../../../src/databases/types.js';
import { createIdentityService, type IdentityService } from '../../../src/identity/identity-service.js';
import { createLogger } from '../../../src/logging/logger.js';
import { createHttpServer, type HttpServer } from '../../../src/server/http-server.js';
import { initStatementGate } from '../../../src/sql/statement-gate.js';
import { openStore } from '../../../src/store/open-store.js';
import type { Store } from '../../../src/store/types.js';
import { randomIdFactory } from '../../../src/support/clock-and-ids.js';
import { startFakeEntra, type FakeEntra } from '../../fakes/entra-server.js';
import { adminUrl, createScratchDatabase, type ScratchDatabase } from '../../support/postgres-database.js';
import { createScriptedModel, type ScriptedModel } from '../../support/scripted-model.js';
import { settingsForTest } from '../../support/engine-harness.js';
import { startEntraPostgresProxy, type EntraPostgresProxy } from './entra-postgres-proxy.js';
import { attachSignInRoutes } from '../../../src/server/sign-in-routes.js';

export const DATABASE_SCOPE = 'https://ossrdbms-aad.database.windows.net/.default';
export const DATABASE_AUDIENCE = 'https://ossrdbms-aad.database.windows.net';
export const ALICE = 'alice@contoso.com';
export const BOB = 'bob@contoso.com';
export const CONFIGURED_PASSWORD = 'configured-shared-password-never-used';
export const ENCRYPTION_KEY = Buffer.alloc(32, 7);

export const SALES = [
  [ALICE, 'North', 100],
  [ALICE, 'South', 150],
  [BOB, 'North', 900],
] as const;

export interface FederatedFixture {
  entra: FakeEntra;
  scratch: ScratchDatabase;
  proxy: EntraPostgresProxy;
  /** The configured (shared) role of the federated database: it must never log in. */
  sharedRole: string;
  storeDirectory: string;
  store: Store;
  database: DatabaseAdapter;
  databaseConfig: DatabaseConfig;
  identity: IdentityService;
  server: HttpServer;
  publicUrl: string;
  model: ScriptedModel;
  engine: ConversationEngine;
  logLines: string[];
  /** Every URL msal-node asked for. */
  msalUrls: string[];
  /** Moves the identity service's clock (sign-in state expiry). */
  advanceClock(milliseconds: number): void;
  asAdmin<T extends pg.QueryResultRow>(sql: string, values?: unknown[]): Promise<pg.QueryResult<T>>;
  /**
   * Queues one execute_sql call and a closing text for the next turn. An empty closing text lets
   * the engine write the outcome (for refused queries: its sign-in request).
   */
  scriptQuery(sql: string, closingText?: string): void;
  close(): Promise<void>;
}

async function adminQuery<T extends pg.QueryResultRow>(url: string, sql: string, values?: unknown[]): Promise<pg.QueryResult<T>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query<T>(sql, values);
  } finally {
    await client.end();
  }
}

function recordingNetworkClient(inner: INetworkModule, urls: string[]): INetworkModule {
  return {
    sendGetRequestAsync: (url, options, timeout) => {
      urls.push(url);
      return inner.sendGetRequestAsync(url, options, timeout);
    },
    sendPostRequestAsync: (url, options) => {
      urls.push(url);
      return inner.sendPostRequestAsync(url, options);
    },
  };
}

export async function createFederatedFixture(): Promise<FederatedFixture> {
  await initStatementGate();
  const scratch = await createScratchDatabase('dt_identity');
  const sharedRole = `${scratch.name}_shared`;
  // Roles are cluster-wide and shared with any other test that uses these people: create once.
  for (const upn of [ALICE, BOB]) {
    await adminQuery(adminUrl(), `CREATE ROLE "${upn}" LOGIN`).catch((error: { code?: string }) => {
      if (error.code !== '42710' && error.code !== '23505') throw error;
    });
  }
  await adminQuery(adminUrl(), `CREATE ROLE ${sharedRole} LOGIN PASSWORD '${CONFIGURED_PASSWORD}'`);
  await adminQuery(scratch.url, 'CREATE TABLE sales (owner TEXT NOT NULL, region TEXT NOT NULL, amount INTEGER NOT NULL)');
  await adminQuery(scratch.url, `INSERT INTO sales VALUES ${SALES.map(([owner, region, amount]) => `('${owner}', '${region}', ${amount})`).join(', ')}`);
  await adminQuery(scratch.url, 'ALTER TABLE sales ENABLE ROW LEVEL SECURITY');
  await adminQuery(scratch.url, 'CREATE POLICY own_rows ON sales FOR SELECT USING (owner = current_user)');
  await adminQuery(scratch.url, `GRANT SELECT ON sales TO "${ALICE}", "${BOB}", ${sharedRole}`);

  // On Azure the server checks the token itself; here the role's password becomes the token as
  // soon as the authority issues it (and the proxy below checks the token like Azure does).
  const entra = await startFakeEntra({
    onAccessTokenIssued: async (issued) => {
      await adminQuery(adminUrl(), `ALTER ROLE "${issued.upn}" PASSWORD ${pg.Client.prototype.escapeLiteral(issued.accessToken)}`);
    },
  });
  const upstream = new URL(scratch.url);
  const proxy = await startEntraPostgresProxy({
    upstreamHost: upstream.hostname,
    upstreamPort: Number(upstream.port || 5432),
    audience: DATABASE_AUDIENCE,
    verifyToken: entra.verifyToken,
  });
  const databaseConfig: DatabaseConfig = {
    name: 'warehouse',
    type: 'postgres',
    host: proxy.host,
    port: proxy.port,
    database: scratch.name,
    user: sharedRole,
    password: CONFIGURED_PASSWORD,
    auth_mode: 'azure_entra_id',
    entra_scope: DATABASE_SCOPE,
    ssl: false,
    dangerously_allow_writes: false,
    allow_file_access: false,
  };
  const logLines: string[] = [];
  const logger = createLogger({ level: 'debug', write: (line) => logLines.push(line) });
  const database = await createDatabaseAdapter(databaseConfig, { logger });
  const storeDirectory = await mkdtemp(join(tmpdir(), 'datathread-identity-'));
  const store = await openStore(`sqlite:${join(storeDirectory, 'state.db')}`);
  const server = createHttpServer();
  const port = await server.listen(0, '127.0.0.1');
  const publicUrl = `http://127.0.0.1:${port}`;
  let clockOffsetMs = 0;
  const clock = () => new Date(Date.now() + clockOffsetMs);
  const msalUrls: string[] = [];
  const identity = createIdentityService({
    settings: {
      entra: { clientId: entra.clientId, clientSecret: entra.clientSecret, authority: entra.authority, networkClient: recordingNetworkClient(entra.networkClient, msalUrls) },
      encryptionKey: ENCRYPTION_KEY,
      publicUrl,
      scopes: new Map([[databaseConfig.name, DATABASE_SCOPE]]),
    },
    store,
    logger,
    clock,
  });
  if (identity.slack) attachSignInRoutes(server.app, { linking: identity.slack, logger });
  const model = createScriptedModel();
  const engine = new ConversationEngine({
    store,
    databases: [database],
    settings: settingsForTest(),
    accessRules: [],
    model: model.model,
    logger,
    clock,
    createId: randomIdFactory,
    credentialFor: identity.credentialFor,
  });
  return {
    entra,
    scratch,
    proxy,
    sharedRole,
    storeDirectory,
    store,
    database,
    databaseConfig,
    identity,
    server,
    publicUrl,
    model,
    engine,
    logLines,
    msalUrls,
    advanceClock: (milliseconds) => {
      clockOffsetMs += milliseconds;
    },
    asAdmin: (sql, values) => adminQuery(scratch.url, sql, values),
    scriptQuery: (sql, closingText = 'Here is what I found.') =>
      model.push({ toolCalls: [{ name: 'execute_sql', input: { sql_query: sql, database_id: 'warehouse' } }] }, { text: closingText }),
    close: async () => {
      await server.close();
      await database.close();
      await store.close();
      await proxy.close();
      await entra.close();
      await rm(storeDirectory, { recursive: true, force: true });
      await scratch.drop();
      await adminQuery(adminUrl(), `DROP ROLE IF EXISTS ${sharedRole}`).catch(() => undefined);
    },
  };
}

export function teamsRequest(objectId: string, text: string, threadSuffix: string): TurnRequest {
  return {
    threadId: `teams:contoso:19:chat-${threadSuffix}`,
    platform: 'teams',
    actor: { platform: 'teams', userId: objectId },
    text,
    kind: 'message',
    place: { isDirectMessage: true, tenantId: 'contoso' },
    interactive: true,
  };
}

export function slackRequest(userId: string, text: string, threadSuffix: string): TurnRequest {
  return {
    threadId: `slack:T1:C1:1700000000.${threadSuffix}`,
    platform: 'slack',
    actor: { platform: 'slack', userId },
    text,
    kind: 'message',
    place: { channelId: 'C1', teamId: 'T1', isDirectMessage: false },
    interactive: true,
  };
}

/** The raw bytes of every file of the SQLite store (database, WAL, shared memory). */
export async function storeFileBytes(directory: string): Promise<Buffer> {
  const names = (await readdir(directory)).filter((name) => name.startsWith('state.db'));
  return Buffer.concat(await Promise.all(names.map((name) => readFile(join(directory, name)))));
}
