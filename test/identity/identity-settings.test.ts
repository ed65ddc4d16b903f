import { describe, expect, test } from 'vitest';
import { ConfigError } from '../../src/config/config-error.js';
import type { DatabaseConfig } from '../../src/databases/database-config.js';
import { readEnvironment } from '../../src/config/environment.js';
import { assertIdentityConfiguration, identityConfigurationProblems, identitySettingsFrom } from '../../src/identity/identity-settings.js';

const base = { ssl: false, dangerously_allow_writes: false, allow_file_access: false } as const;
const shared: DatabaseConfig = { ...base, name: 'shop', type: 'duckdb', path: 'shop.duckdb', auth_mode: 'password' };
const federated: DatabaseConfig = {
  ...base,
  name: 'warehouse',
  type: 'postgres',
  host: 'contoso.postgres.database.azure.com',
  auth_mode: 'azure_entra_id',
  entra_scope: 'https://ossrdbms-aad.database.windows.net/.default',
};
const complete = {
  DATATHREAD_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
  clientId: 'app-id',
  clientSecret: 'app-secret',
  tenantId: 'tenant-id',
};

describe('the start-up check', () => {
  test('nothing is required while no database is federated', () => {
    expect(identityConfigurationProblems(readEnvironment({}), [shared])).toEqual([]);
    expect(identitySettingsFrom(readEnvironment({}), [shared])).toBeUndefined();
  });

  test('a federated database without DATATHREAD_ENCRYPTION_KEY is a start-up error naming the key and the fix', () => {
    const environment = readEnvironment({ ...complete, DATATHREAD_ENCRYPTION_KEY: undefined });
    expect(() => assertIdentityConfiguration(environment, [shared, federated])).toThrow(ConfigError);
    const problems = identityConfigurationProblems(environment, [shared, federated]);
    expect(problems.map((problem) => problem.key)).toEqual(['DATATHREAD_ENCRYPTION_KEY']);
    expect(problems[0]!.problem).toContain('"warehouse"');
    expect(problems[0]!.fix).toContain('openssl rand -base64 32');
  });

  test('a key of the wrong size, a missing app, tenant or scope are each named', () => {
    const environment = readEnvironment({ DATATHREAD_ENCRYPTION_KEY: 'too-short', SLACK_BOT_TOKEN: 'xoxb-1' });
    const problems = identityConfigurationProblems(environment, [{ ...federated, entra_scope: undefined }]);
    expect(problems.map((problem) => problem.key)).toEqual([
      'DATATHREAD_ENCRYPTION_KEY',
      'DATATHREAD_ENTRA_CLIENT_ID / DATATHREAD_ENTRA_CLIENT_SECRET',
      'DATATHREAD_ENTRA_AUTHORITY',
      'databases[0].entra_scope',
      'DATATHREAD_PUBLIC_URL',
    ]);
  });

  test('complete settings: the Teams app, an authority from the tenant, the scopes by database', () => {
    const settings = identitySettingsFrom(readEnvironment({ ...complete, DATATHREAD_PUBLIC_URL: 'https://datathread.example.com' }), [shared, federated]);
    expect(settings).toMatchObject({
      entra: { clientId: 'app-id', clientSecret: 'app-secret', authority: 'https://login.microsoftonline.com/tenant-id' },
      publicUrl: 'https://datathread.example.com',
    });
    expect(settings!.encryptionKey).toEqual(Buffer.alloc(32, 9));
    expect([...settings!.scopes]).toEqual([['warehouse', 'https://ossrdbms-aad.database.windows.net/.default']]);
  });

  test('DATATHREAD_ENTRA_* override the Teams app; the authority must be https', () => {
    const environment = readEnvironment({ ...complete, DATATHREAD_ENTRA_CLIENT_ID: 'web-app', DATATHREAD_ENTRA_CLIENT_SECRET: 'web-secret', DATATHREAD_ENTRA_AUTHORITY: 'https://login.microsoftonline.us/t' });
    expect(identitySettingsFrom(environment, [federated])!.entra).toMatchObject({ clientId: 'web-app', clientSecret: 'web-secret', authority: 'https://login.microsoftonline.us/t' });
    expect(() => readEnvironment({ DATATHREAD_ENTRA_AUTHORITY: 'http://login.example.com/t' })).toThrow(ConfigError);
  });
});
