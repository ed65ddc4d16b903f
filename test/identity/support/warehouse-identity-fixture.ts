// Federated identity end to end for a warehouse behind a local protocol server: the fake Entra ID
// (msal-node over https), the identity service with its sign-in routes on a real HTTP server, a
// SQLite store and a ConversationEngine driven by a scripted model. The warehouse itself (a local
// server that checks the Entra token where the real service does and filters rows per identity)
// comes from the test, so each dialect's federated test reads the same.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseConfig } from '../../../src/databases/database-config.js';
import { ConversationEngine } from '../../../src/conversations/conversation-engine.js';
import type { TurnRequest } from '../../../src/conversations/types.js';
import { createDatabaseAdapter } from '../../../src/databases/create-database-adapter.js';
import { createIdentityService, type IdentityService } from '../../../src/identity/identity-service.js';
import { createLogger } from '../../../src/logging/logger.js';
import { createHttpServer, type HttpServer } from '../../../src/server/http-server.js';
import { attachSignInRoutes } from '../../../src/server/sign-in-routes.js';
import { initStatementGate } from '../../../src/sql/statement-gate.js';
import { openStore } from '../../../src/store/open-store.js';
import type { Store } from '../../../src/store/types.js';
import { randomIdFactory } from '../../../src/support/clock-and-ids.js';
import { startFakeEntra, type FakeEntra } from '../../fakes/entra-server.js';
import { settingsForTest } from '../../support/engine-harness.js';
import { createScriptedModel, type ScriptedModel } from '../../support/scripted-model.js';
import { ENCRYPTION_KEY } from './federated-fixture.js';

export interface FederatedWarehouse {
  /** The `databases:` entry (auth_mode azure_entra_id, entra_scope set); its name is `warehouse`. */
  databaseConfig: DatabaseConfig;
  close(): Promise<void>;
}

export interface WarehouseIdentityFixture<W extends FederatedWarehouse> {
  entra: FakeEntra;
  warehouse: W;
  store: Store;
  identity: IdentityService;
  publicUrl: string;
  model: ScriptedModel;
  engine: ConversationEngine;
  logLines: string[];
  /** Moves the clock of the identity service and the authority (cached tokens look older). */
  advanceClock(milliseconds: number): void;
  /** Queues one execute_sql call and a closing text for the next turn (empty: the engine words it). */
  scriptQuery(sql: string, closingText?: string): void;
  /** Runs one turn to completion and returns its outcome. */
  ask(request: TurnRequest): Promise<Extract<Awaited<ReturnType<ConversationEngine['handle']>>, { kind: 'completed' }>['outcome']>;
  /** Links a Slack user to the Entra account the authority signs in next, through the real routes. */
  linkSlackAccount(userKey: string, upn: string): Promise<void>;
  close(): Promise<void>;
}

export async function createWarehouseIdentityFixture<W extends FederatedWarehouse>(startWarehouse: (entra: FakeEntra) => Promise<W>): Promise<WarehouseIdentityFixture<W>> {
  await initStatementGate();
  let clockOffsetMs = 0;
  const clock = () => new Date(Date.now() + clockOffsetMs);
  // The authority shares the clock, so tokens it issues after a jump expire relative to the jump.
  const entra = await startFakeEntra({ now: clock });
  const warehouse = await startWarehouse(entra);
  const logLines: string[] = [];
  const logger = createLogger({ level: 'debug', write: (line) => logLines.push(line) });
  const database = await createDatabaseAdapter(warehouse.databaseConfig, { logger });
  const storeDirectory = await mkdtemp(join(tmpdir(), 'datathread-warehouse-identity-'));
  const store = await openStore(`sqlite:${join(storeDirectory, 'state.db')}`);
  const server: HttpServer = createHttpServer();
  const port = await server.listen(0, '127.0.0.1');
  const publicUrl = `http://127.0.0.1:${port}`;
  const identity = createIdentityService({
    settings: {
      entra: { clientId: entra.clientId, clientSecret: entra.clientSecret, authority: entra.authority, networkClient: entra.networkClient },
      encryptionKey: ENCRYPTION_KEY,
      publicUrl,
      scopes: new Map([[warehouse.databaseConfig.name, warehouse.databaseConfig.entra_scope!]]),
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
    warehouse,
    store,
    identity,
    publicUrl,
    model,
    engine,
    logLines,
    advanceClock: (milliseconds) => {
      clockOffsetMs += milliseconds;
    },
    scriptQuery: (sql, closingText = 'Here is what I found.') =>
      model.push({ toolCalls: [{ name: 'execute_sql', input: { sql_query: sql, database_id: warehouse.databaseConfig.name } }] }, { text: closingText }),
    ask: async (request) => {
      const result = await engine.handle(request);
      if (result.kind !== 'completed') throw new Error(`turn was ${result.kind}`);
      return result.outcome;
    },
    linkSlackAccount: async (userKey, upn) => {
      entra.signInAs(upn);
      const start = await fetch(identity.slack!.createSignInUrl(userKey, undefined), { redirect: 'manual' });
      const cookie = start.headers
        .getSetCookie()
        .map((line) => line.split(';')[0]!)
        .join('; ');
      const authorize = await entra.browserGet(start.headers.get('location')!);
      const callback = await fetch(authorize.location!, { redirect: 'manual', headers: { cookie } });
      if (callback.status !== 200) throw new Error(`linking ${upn} failed with HTTP ${callback.status}`);
    },
    close: async () => {
      await server.close();
      await database.close();
      await store.close();
      await warehouse.close();
      await entra.close();
      await rm(storeDirectory, { recursive: true, force: true });
    },
  };
}
