// Federated Databricks end to end: a Teams person's single sign-on token is exchanged on behalf of
// them (local Entra ID, msal-node over https) for an Azure Databricks token, and the real engine's
// query runs on the local Databricks warehouse as that person, whose row filter applies. A token
// the warehouse no longer accepts becomes a sign-in request; the configured token is never used.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DatabaseConfig } from '../../src/databases/database-config.js';
import { ConversationEngine } from '../../src/conversations/conversation-engine.js';
import type { TurnRequest } from '../../src/conversations/types.js';
import { createDatabaseAdapter } from '../../src/databases/create-database-adapter.js';
import type { DatabaseAdapter } from '../../src/databases/types.js';
import { createIdentityService, type IdentityService } from '../../src/identity/identity-service.js';
import { createLogger } from '../../src/logging/logger.js';
import { initStatementGate } from '../../src/sql/statement-gate.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/types.js';
import { randomIdFactory } from '../../src/support/clock-and-ids.js';
import { AZURE_DATABRICKS_RESOURCE, startFakeDatabricks, type FakeDatabricks } from '../fakes/databricks-server.js';
import { startFakeEntra, type FakeEntra } from '../fakes/entra-server.js';
import { settingsForTest } from '../support/engine-harness.js';
import { createScriptedModel, type ScriptedModel } from '../support/scripted-model.js';
import { ALICE, BOB, ENCRYPTION_KEY, teamsRequest } from './support/federated-fixture.js';

const SCOPE = `${AZURE_DATABRICKS_RESOURCE}/.default`;
const CONFIGURED_TOKEN = 'dapi-configured-token-never-used-for-people';
const ALICE_OID = '11111111-1111-4111-8111-111111111111';
const BOB_OID = '22222222-2222-4222-8222-222222222222';
const SALES_SQL = 'SELECT region, amount FROM sales ORDER BY region';

let entra: FakeEntra;
let databricks: FakeDatabricks;
let directory: string;
let store: Store;
let database: DatabaseAdapter;
let identity: IdentityService;
let model: ScriptedModel;
let engine: ConversationEngine;
const logLines: string[] = [];

beforeAll(async () => {
  await initStatementGate();
  entra = await startFakeEntra();
  databricks = await startFakeDatabricks({
    catalog: 'lakehouse',
    httpPath: '/sql/1.0/warehouses/federated',
    setup: [
      'CREATE SCHEMA shop',
      'CREATE TABLE shop.sales_data (owner VARCHAR, region VARCHAR, amount INTEGER)',
      `INSERT INTO shop.sales_data VALUES ('${ALICE}', 'North', 100), ('${ALICE}', 'South', 150), ('${BOB}', 'North', 900)`,
      "CREATE VIEW shop.sales AS SELECT region, amount FROM shop.sales_data WHERE owner = getvariable('current_user')",
    ],
    tokens: { [CONFIGURED_TOKEN]: 'shared-service-principal' },
    verifyEntraToken: entra.verifyToken,
  });
  directory = await mkdtemp(join(tmpdir(), 'datathread-federated-databricks-'));
  await writeFile(join(directory, 'ca.pem'), databricks.certificatePem);
  const config: DatabaseConfig = {
    name: 'lakehouse',
    type: 'databricks',
    server_hostname: '127.0.0.1',
    port: databricks.port,
    http_path: '/sql/1.0/warehouses/federated',
    catalog: 'lakehouse',
    schema_name: 'shop',
    access_token: CONFIGURED_TOKEN,
    ssl_ca_path: join(directory, 'ca.pem'),
    auth_mode: 'azure_entra_id',
    entra_scope: SCOPE,
    ssl: true,
    dangerously_allow_writes: false,
    allow_file_access: false,
  };
  const logger = createLogger({ level: 'debug', write: (line) => logLines.push(line) });
  database = await createDatabaseAdapter(config, { logger });
  store = await openStore(`sqlite:${join(directory, 'state.db')}`);
  identity = createIdentityService({
    settings: { entra: { clientId: entra.clientId, clientSecret: entra.clientSecret, authority: entra.authority, networkClient: entra.networkClient }, encryptionKey: ENCRYPTION_KEY, publicUrl: 'http://127.0.0.1:1', scopes: new Map([[config.name, SCOPE]]) },
    store,
    logger,
    clock: () => new Date(),
  });
  model = createScriptedModel();
  engine = new ConversationEngine({ store, databases: [database], settings: settingsForTest(), accessRules: [], model: model.model, logger, clock: () => new Date(), createId: randomIdFactory, credentialFor: identity.credentialFor });
}, 60_000);

afterAll(async () => {
  await database?.close();
  await store?.close();
  await databricks?.close();
  await entra?.close();
  if (directory) await rm(directory, { recursive: true, force: true });
});

async function ask(request: TurnRequest) {
  model.push({ toolCalls: [{ name: 'execute_sql', input: { sql_query: SALES_SQL, database_id: 'lakehouse' } }] }, { text: '' });
  const result = await engine.handle(request);
  if (result.kind !== 'completed') throw new Error(`turn was ${result.kind}`);
  return result.outcome;
}

describe('Databricks queried as the asking Teams person', () => {
  test('Alice’s question runs as Alice with her exchanged token and sees her rows; Bob’s as Bob', async () => {
    expect(await identity.teams.saveSsoToken(ALICE_OID, entra.issueUserToken(ALICE))).toBe(true);
    const alice = await ask(teamsRequest(ALICE_OID, 'What are my sales?', 'dbx-alice'));
    expect(alice.tables[0]?.rows).toEqual([['North', 100], ['South', 150]]);
    expect(databricks.statements.at(-1)!.identity).toBe(ALICE);

    expect(await identity.teams.saveSsoToken(BOB_OID, entra.issueUserToken(BOB))).toBe(true);
    const bob = await ask(teamsRequest(BOB_OID, 'What are my sales?', 'dbx-bob'));
    expect(bob.tables[0]?.rows).toEqual([['North', 900]]);
    expect(databricks.statements.at(-1)!.identity).toBe(BOB);

    // The exchange asked for the Azure Databricks resource, and that token reached the warehouse.
    const issued = entra.issued.filter((token) => token.audience === AZURE_DATABRICKS_RESOURCE).map((token) => token.upn);
    expect(issued).toEqual([ALICE, BOB]);
    expect(databricks.requests.some((request) => request.authorization === `Bearer ${CONFIGURED_TOKEN}`)).toBe(false);
    const audit = await store.listQueryAudit();
    expect(audit.filter((record) => record.sql === SALES_SQL).map((record) => record.ranAs)).toEqual([ALICE, BOB]);
  });

  test('a person without a token is asked to sign in and nothing reaches the warehouse', async () => {
    const before = databricks.requests.length;
    const outcome = await ask(teamsRequest('33333333-3333-4333-8333-333333333333', 'What are my sales?', 'dbx-nobody'));
    expect(outcome.notes?.join('\n')).toMatch(/sign in/i);
    expect(outcome.tables).toEqual([]);
    expect(databricks.requests.length).toBe(before);
  });

  test('a token the warehouse refuses mid-turn becomes a sign-in request, never the configured token', async () => {
    // Bob's exchanged token stays cached in datathread, but the warehouse now refuses it (revoked).
    const bobToken = entra.issued.filter((token) => token.upn === BOB && token.audience === AZURE_DATABRICKS_RESOURCE).at(-1)!.accessToken;
    const before = databricks.requests.length;
    databricks.refuseToken(bobToken);
    const outcome = await ask(teamsRequest(BOB_OID, 'What are my sales?', 'dbx-bob-revoked'));
    expect(outcome.notes?.join('\n')).toMatch(/sign in/i);
    expect(outcome.tables).toEqual([]);
    const sent = databricks.requests.slice(before);
    expect(sent.some((request) => request.authorization === `Bearer ${bobToken}`)).toBe(true);
    expect(sent.some((request) => request.authorization === `Bearer ${CONFIGURED_TOKEN}`)).toBe(false);
    expect(logLines.join('\n')).not.toContain(bobToken);
  });
});
