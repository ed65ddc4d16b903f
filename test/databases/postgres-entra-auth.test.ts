import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createDatabaseAdapter } from '../../src/databases/create-database-adapter.js';
import { UserCredentialRequiredError } from '../../src/databases/errors.js';
import { adminUrl, createScratchDatabase, type ScratchDatabase } from '../support/postgres-database.js';
import { QUERY_OPTIONS } from './database-test-helpers.js';
import { postgresConfigFromUrl } from './postgres-test-config.js';

let scratch: ScratchDatabase;
let personRole: string;

async function asAdmin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  scratch = await createScratchDatabase('dt_pg_entra');
  // Stands in for an Entra ID user: on Azure the token is the password of a role named after the person.
  personRole = `${scratch.name}_alice`;
  await asAdmin(`CREATE ROLE ${personRole} LOGIN PASSWORD 'token-for-alice-1'`);
});

afterAll(async () => {
  await scratch?.drop();
  if (personRole) await asAdmin(`DROP ROLE IF EXISTS ${personRole}`);
});

test('without a credential: UserCredentialRequiredError, and the configured password is never tried', async () => {
  // A bogus host: any connection attempt would surface as DatabaseUnavailableError instead.
  const adapter = await createDatabaseAdapter(
    postgresConfigFromUrl('postgres://shared:shared-password@host.invalid:5432/warehouse', { name: 'federated', auth_mode: 'azure_entra_id' }),
  );
  expect(adapter.requiresUserCredential).toBe(true);
  await expect(adapter.runQuery('SELECT 1', QUERY_OPTIONS)).rejects.toBeInstanceOf(UserCredentialRequiredError);
  await expect(adapter.introspect()).rejects.toBeInstanceOf(UserCredentialRequiredError);
  await adapter.close();
});

test('with a credential: connects as that person, with their token as the password', async () => {
  const adapter = await createDatabaseAdapter(postgresConfigFromUrl(scratch.url, { name: 'federated', auth_mode: 'azure_entra_id' }));
  const result = await adapter.runQuery('SELECT current_user', { ...QUERY_OPTIONS, credential: { userName: personRole, accessToken: 'token-for-alice-1' } });
  expect(result.rows).toEqual([[personRole]]);
  // (The test server may trust local connections, so a wrong token is not asserted here.)
  await adapter.close();
});
