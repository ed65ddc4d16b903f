// Federated queries on Snowflake: from a Teams activity's SSO token and from a linked Slack
// account, through the on-behalf-of exchange for the Snowflake resource's scope, to a login with
// authenticator OAUTH whose token the local Snowflake server checks against the local Entra (as an
// External OAuth security integration does) and maps to the Snowflake user by upn. Each person's
// rows come back only to them; a refused token becomes a sign-in request, never the shared user.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { slackUserKey } from '../../src/identity/user-keys.js';
import { startFakeSnowflake, type FakeSnowflake } from '../fakes/snowflake-server.js';
import { ALICE, BOB, slackRequest, teamsRequest } from './support/federated-fixture.js';
import { createWarehouseIdentityFixture, type FederatedWarehouse, type WarehouseIdentityFixture } from './support/warehouse-identity-fixture.js';

const ALICE_OID = '11111111-1111-4111-8111-111111111111';
const BOB_OID = '22222222-2222-4222-8222-222222222222';
/** The Entra app registered for Snowflake, and the role its scope names. */
const SNOWFLAKE_RESOURCE = 'api://snowflake-oauth-resource';
const SNOWFLAKE_SCOPE = `${SNOWFLAKE_RESOURCE}/session:scope:ANALYST_READ`;
const SHARED_USER = 'DATATHREAD';
const SHARED_PASSWORD = 'configured-shared-password-never-used';
const ROWS_SQL = 'SELECT owner, region, amount FROM sales ORDER BY amount';

interface SnowflakeWarehouse extends FederatedWarehouse {
  server: FakeSnowflake;
  state: { refuseTokens: boolean };
}

let fixture: WarehouseIdentityFixture<SnowflakeWarehouse>;

beforeAll(async () => {
  fixture = await createWarehouseIdentityFixture(async (entra) => {
    const state = { refuseTokens: false };
    const server = await startFakeSnowflake({
      setup: [
        'CREATE TABLE sales_all (owner VARCHAR, region VARCHAR, amount INTEGER)',
        `INSERT INTO sales_all VALUES ('${ALICE}', 'North', 100), ('${ALICE}', 'South', 150), ('${BOB}', 'North', 900)`,
      ],
      passwords: { [SHARED_USER]: SHARED_PASSWORD },
      verifyToken: (token) => (state.refuseTokens ? undefined : entra.verifyToken(token)),
      oauthAudience: SNOWFLAKE_RESOURCE,
      sessionSetup: (user) => [`CREATE TEMP VIEW sales AS SELECT * FROM main.sales_all WHERE owner = '${user.replaceAll("'", "''")}'`],
    });
    return {
      server,
      state,
      databaseConfig: {
        name: 'warehouse',
        type: 'snowflake',
        host: '127.0.0.1',
        port: server.port,
        account_id: 'contoso-analytics',
        database: 'SHOP',
        schema_name: 'PUBLIC',
        warehouse: 'REPORTING',
        role: 'ANALYST_READ',
        user: SHARED_USER,
        password: SHARED_PASSWORD,
        auth_mode: 'azure_entra_id',
        entra_scope: SNOWFLAKE_SCOPE,
        ssl: false,
        dangerously_allow_writes: false,
        allow_file_access: false,
      },
      close: () => server.close(),
    };
  });
});

afterAll(async () => {
  await fixture?.close();
});

function logins(): Array<[string, string | undefined, boolean]> {
  return fixture.warehouse.server.logins.map((login) => [login.authenticator, login.user, login.accepted]);
}

describe('Snowflake: Teams SSO -> on-behalf-of -> OAUTH login as the person', () => {
  test('Alice sees only her rows, as herself; Bob only his; the shared user never logs in', async () => {
    expect(await fixture.identity.teams.saveSsoToken(ALICE_OID, fixture.entra.issueUserToken(ALICE))).toBe(true);
    fixture.scriptQuery(ROWS_SQL);
    const alice = await fixture.ask(teamsRequest(ALICE_OID, 'What are my sales?', 'sf-alice'));
    expect(alice.tables[0]?.rows).toEqual([
      [ALICE, 'North', 100],
      [ALICE, 'South', 150],
    ]);
    expect(await fixture.identity.teams.saveSsoToken(BOB_OID, fixture.entra.issueUserToken(BOB))).toBe(true);
    fixture.scriptQuery(ROWS_SQL);
    const bob = await fixture.ask(teamsRequest(BOB_OID, 'What are my sales?', 'sf-bob'));
    expect(bob.tables[0]?.rows).toEqual([[BOB, 'North', 900]]);
    expect(fixture.entra.issued.filter((issued) => issued.scope === SNOWFLAKE_SCOPE).map((issued) => [issued.upn, issued.audience])).toEqual([
      [ALICE, SNOWFLAKE_RESOURCE],
      [BOB, SNOWFLAKE_RESOURCE],
    ]);
    expect(logins()).toEqual([
      ['OAUTH', ALICE, true],
      ['OAUTH', BOB, true],
    ]);
    expect(fixture.warehouse.server.queries.filter((query) => query.sql === ROWS_SQL).map((query) => query.user)).toEqual([ALICE, BOB]);
  });

  test('a cached token past its expiry is exchanged again, and the query runs as the same person', async () => {
    expect(await fixture.identity.teams.saveSsoToken(ALICE_OID, fixture.entra.issueUserToken(ALICE, { expiresInSeconds: 4 * 60 * 60 }))).toBe(true);
    const exchangesBefore = fixture.entra.issued.length;
    fixture.advanceClock(2 * 60 * 60_000);
    fixture.scriptQuery(ROWS_SQL);
    const again = await fixture.ask(teamsRequest(ALICE_OID, 'And now?', 'sf-alice-later'));
    expect(again.tables[0]?.rows).toHaveLength(2);
    expect(fixture.entra.issued.length).toBe(exchangesBefore + 1);
    expect(logins().at(-1)).toEqual(['OAUTH', ALICE, true]);
  });

  test('a token Snowflake refuses (expired mid-turn) becomes a sign-in request; the shared user is never tried', async () => {
    const before = fixture.warehouse.server.logins.length;
    fixture.warehouse.state.refuseTokens = true;
    try {
      fixture.scriptQuery(ROWS_SQL, '');
      const outcome = await fixture.ask(teamsRequest(ALICE_OID, 'What are my sales?', 'sf-alice-refused'));
      expect(outcome.notes?.join('\n')).toMatch(/sign in/i);
      expect(outcome.tables).toEqual([]);
    } finally {
      fixture.warehouse.state.refuseTokens = false;
    }
    expect(logins().slice(before).map(([authenticator, , accepted]) => [authenticator, accepted])).toEqual([['OAUTH', false]]);
    expect(logins().some(([authenticator]) => authenticator === 'SNOWFLAKE')).toBe(false);
  });
});

describe('Snowflake: a linked Slack account -> the query runs as the linked person', () => {
  test('after linking, Bob’s Slack question runs as Bob and sees only his rows', async () => {
    const before = fixture.warehouse.server.logins.length;
    fixture.scriptQuery(ROWS_SQL, '');
    const unlinked = await fixture.ask(slackRequest('U_BOB', 'What are my sales?', '000800'));
    expect(unlinked.notes?.join('\n')).toMatch(/sign in/i);
    expect(fixture.warehouse.server.logins.length).toBe(before);

    await fixture.linkSlackAccount(slackUserKey('U_BOB'), BOB);
    fixture.scriptQuery(ROWS_SQL);
    const outcome = await fixture.ask(slackRequest('U_BOB', 'What are my sales?', '000801'));
    expect(outcome.tables[0]?.rows).toEqual([[BOB, 'North', 900]]);
    expect(logins().at(-1)).toEqual(['OAUTH', BOB, true]);
  });

  test('no token appears in any log line', () => {
    const tokens = fixture.entra.issued.map((issued) => issued.accessToken);
    expect(tokens.length).toBeGreaterThan(0);
    for (const token of tokens) for (const line of fixture.logLines) expect(line).not.toContain(token);
  });
});
