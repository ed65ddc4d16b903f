// Federated queries on the SQL Server family: from a Teams activity's SSO token and from a linked
// Slack account, through the on-behalf-of exchange for https://database.windows.net/.default, to a
// TDS login whose FEDAUTH token the local server checks against the local Entra. Each person's
// rows come back only to them, and a token the server refuses becomes a sign-in request, never a
// query with the configured SQL login.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { slackUserKey } from '../../src/identity/user-keys.js';
import { startFakeTds, type FakeTds } from '../fakes/tds-server.js';
import { ALICE, BOB, slackRequest, teamsRequest } from './support/federated-fixture.js';
import { createWarehouseIdentityFixture, type FederatedWarehouse, type WarehouseIdentityFixture } from './support/warehouse-identity-fixture.js';

const ALICE_OID = '11111111-1111-4111-8111-111111111111';
const BOB_OID = '22222222-2222-4222-8222-222222222222';
const SHARED_LOGIN = 'datathread_shared';
const SHARED_PASSWORD = 'configured-shared-password-never-used';
const ROWS_SQL = 'SELECT owner, region, amount FROM sales ORDER BY amount';

interface TdsWarehouse extends FederatedWarehouse {
  tds: FakeTds;
  /** When set, the server refuses the next token logins as expired (what SQL Server does for a stale token). */
  refuseTokens: boolean;
}

let fixture: WarehouseIdentityFixture<TdsWarehouse>;

beforeAll(async () => {
  fixture = await createWarehouseIdentityFixture(async (entra) => {
    const state = { refuseTokens: false };
    const tds = await startFakeTds({
      setup: [
        'CREATE TABLE sales_all (owner VARCHAR, region VARCHAR, amount INTEGER)',
        `INSERT INTO sales_all VALUES ('${ALICE}', 'North', 100), ('${ALICE}', 'South', 150), ('${BOB}', 'North', 900)`,
      ],
      logins: { [SHARED_LOGIN]: SHARED_PASSWORD },
      verifyToken: (token) => (state.refuseTokens ? undefined : entra.verifyToken(token)),
      sessionSetup: (login) => [`CREATE TEMP VIEW sales AS SELECT * FROM main.sales_all WHERE owner = '${login.replaceAll("'", "''")}'`],
    });
    const warehouse: TdsWarehouse = {
      tds,
      get refuseTokens() {
        return state.refuseTokens;
      },
      set refuseTokens(value: boolean) {
        state.refuseTokens = value;
      },
      databaseConfig: {
        name: 'warehouse',
        type: 'mssql',
        host: tds.host,
        port: tds.port,
        database: 'sales',
        user: SHARED_LOGIN,
        password: SHARED_PASSWORD,
        auth_mode: 'azure_entra_id',
        entra_scope: 'https://database.windows.net/.default',
        ssl: false,
        dangerously_allow_writes: false,
        allow_file_access: false,
      },
      close: () => tds.close(),
    };
    return warehouse;
  });
});

afterAll(async () => {
  await fixture?.close();
});

function tdsLogins(): Array<[string | undefined, string | undefined, boolean]> {
  return fixture.warehouse.tds.connections.map((connection) => [connection.authentication, connection.login, connection.accepted]);
}

describe('SQL Server: Teams SSO -> on-behalf-of -> FEDAUTH login as the person', () => {
  test('Alice sees only her rows, as herself; Bob only his; the shared login never connects', async () => {
    expect(await fixture.identity.teams.saveSsoToken(ALICE_OID, fixture.entra.issueUserToken(ALICE))).toBe(true);
    fixture.scriptQuery(ROWS_SQL);
    const alice = await fixture.ask(teamsRequest(ALICE_OID, 'What are my sales?', 'ms-alice'));
    expect(alice.tables[0]?.rows).toEqual([
      [ALICE, 'North', 100],
      [ALICE, 'South', 150],
    ]);
    expect(await fixture.identity.teams.saveSsoToken(BOB_OID, fixture.entra.issueUserToken(BOB))).toBe(true);
    fixture.scriptQuery(ROWS_SQL);
    const bob = await fixture.ask(teamsRequest(BOB_OID, 'What are my sales?', 'ms-bob'));
    expect(bob.tables[0]?.rows).toEqual([[BOB, 'North', 900]]);

    const exchanges = fixture.entra.issued.filter((issued) => issued.scope === 'https://database.windows.net/.default');
    expect(exchanges.map((issued) => [issued.upn, issued.audience])).toEqual([
      [ALICE, 'https://database.windows.net'],
      [BOB, 'https://database.windows.net'],
    ]);
    expect(tdsLogins()).toEqual([
      ['fedauth', ALICE, true],
      ['fedauth', BOB, true],
    ]);
    const audit = await fixture.store.listQueryAudit();
    expect(audit.map((record) => [record.actor.userId, record.ranAs])).toEqual([
      [ALICE_OID, ALICE],
      [BOB_OID, BOB],
    ]);
  });

  test('a cached database token past its expiry is exchanged again, and the query runs as the same person', async () => {
    // Teams hands the bot a fresh SSO token on each activity; this one outlives the clock jump below.
    expect(await fixture.identity.teams.saveSsoToken(ALICE_OID, fixture.entra.issueUserToken(ALICE, { expiresInSeconds: 4 * 60 * 60 }))).toBe(true);
    const exchangesBefore = fixture.entra.issued.length;
    // Two hours on: the on-behalf-of token from the first test has expired.
    fixture.advanceClock(2 * 60 * 60_000);
    fixture.scriptQuery(ROWS_SQL);
    const again = await fixture.ask(teamsRequest(ALICE_OID, 'And now?', 'ms-alice-later'));
    expect(again.tables[0]?.rows).toHaveLength(2);
    expect(fixture.entra.issued.length).toBe(exchangesBefore + 1);
    expect(fixture.entra.issued.at(-1)?.upn).toBe(ALICE);
    expect(tdsLogins().at(-1)).toEqual(['fedauth', ALICE, true]);
  });

  test('a token the server refuses (expired mid-turn) becomes a sign-in request; the shared login is never tried', async () => {
    const connectionsBefore = fixture.warehouse.tds.connections.length;
    fixture.warehouse.refuseTokens = true;
    try {
      fixture.scriptQuery(ROWS_SQL, '');
      const outcome = await fixture.ask(teamsRequest(ALICE_OID, 'What are my sales?', 'ms-alice-refused'));
      expect(outcome.notes?.join('\n')).toMatch(/sign in/i);
      expect(outcome.tables).toEqual([]);
    } finally {
      fixture.warehouse.refuseTokens = false;
    }
    const attempts = fixture.warehouse.tds.connections.slice(connectionsBefore);
    expect(attempts.map((connection) => [connection.authentication, connection.accepted])).toEqual([['fedauth', false]]);
    expect(fixture.warehouse.tds.connections.some((connection) => connection.authentication === 'sql')).toBe(false);
  });
});

describe('SQL Server: a linked Slack account -> the query runs as the linked person', () => {
  test('an unlinked Slack user is asked to connect and nothing reaches the server', async () => {
    const connectionsBefore = fixture.warehouse.tds.connections.length;
    fixture.scriptQuery(ROWS_SQL, '');
    const outcome = await fixture.ask(slackRequest('U_BOB', 'What are my sales?', '000900'));
    expect(outcome.notes?.join('\n')).toMatch(/sign in/i);
    expect(fixture.warehouse.tds.connections.length).toBe(connectionsBefore);
  });

  test('after linking, Bob’s Slack question runs as Bob and sees only his rows', async () => {
    await fixture.linkSlackAccount(slackUserKey('U_BOB'), BOB);
    fixture.scriptQuery(ROWS_SQL);
    const outcome = await fixture.ask(slackRequest('U_BOB', 'What are my sales?', '000901'));
    expect(outcome.tables[0]?.rows).toEqual([[BOB, 'North', 900]]);
    expect(tdsLogins().at(-1)).toEqual(['fedauth', BOB, true]);
    const audit = await fixture.store.listQueryAudit({ threadId: 'slack:T1:C1:1700000000.000901' });
    expect(audit.at(-1)?.ranAs).toBe(BOB);
  });

  test('no token appears in any log line', () => {
    const tokens = fixture.entra.issued.map((issued) => issued.accessToken);
    expect(tokens.length).toBeGreaterThan(0);
    for (const token of tokens) for (const line of fixture.logLines) expect(line).not.toContain(token);
  });
});
