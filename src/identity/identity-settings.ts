// Federated identity settings, read once at start-up from the environment and the databases list.
// `identityConfigurationProblems` is the start-up check: federated databases without an encryption
// key, an Entra app or a scope are configuration errors, named with their fix.
import type { INetworkModule } from '@azure/msal-node';
import { ConfigError, type ConfigProblem } from '../config/config-error.js';
import type { DatabaseConfig } from '../databases/database-config.js';
import type { Environment } from '../config/environment.js';
import type { EncryptionKeyError } from './identity-errors.js';
import { ENCRYPTION_KEY_HINT, parseEncryptionKey } from './token-cipher.js';

export const DEFAULT_ENTRA_HOST = 'https://login.microsoftonline.com';

export interface EntraAppSettings {
  clientId: string;
  clientSecret: string;
  /** e.g. https://login.microsoftonline.com/<tenant id> */
  authority: string;
  /** Hosts msal-node may use without asking Microsoft's instance-discovery endpoint (default: the authority's host). */
  knownAuthorities?: string[];
  /** The authority's OpenID configuration as a JSON string: msal-node then skips fetching it. */
  authorityMetadata?: string;
  /** Instance-discovery response as a JSON string (msal-node's cloudDiscoveryMetadata option). */
  cloudDiscoveryMetadata?: string;
  /** msal-node's HTTP client (system.networkClient): proxies, private CAs, tests. */
  networkClient?: INetworkModule;
}

export interface IdentitySettings {
  entra: EntraAppSettings;
  encryptionKey: Buffer;
  /** Base URL users' browsers reach this server at; needed for Slack account linking. */
  publicUrl?: string;
  /** Federated database name -> the scope of its resource (entra_scope). */
  scopes: Map<string, string>;
}

export function federatedDatabases(databases: readonly DatabaseConfig[]): DatabaseConfig[] {
  return databases.filter((database) => database.auth_mode === 'azure_entra_id');
}

export function identityConfigurationProblems(environment: Environment, databases: readonly DatabaseConfig[]): ConfigProblem[] {
  const federated = federatedDatabases(databases);
  if (federated.length === 0) return [];
  const names = federated.map((database) => `"${database.name}"`).join(', ');
  const problems: ConfigProblem[] = [];
  if (!environment.encryptionKey) {
    problems.push({
      key: 'DATATHREAD_ENCRYPTION_KEY',
      problem: `is not set, and ${names} use auth_mode azure_entra_id: users' tokens must be encrypted at rest`,
      fix: ENCRYPTION_KEY_HINT,
    });
  } else {
    try {
      parseEncryptionKey(environment.encryptionKey);
    } catch (error) {
      problems.push({ key: 'DATATHREAD_ENCRYPTION_KEY', problem: (error as EncryptionKeyError).message.replace(/\.$/, ''), fix: ENCRYPTION_KEY_HINT });
    }
  }
  if (!environment.entra?.clientId || !environment.entra.clientSecret) {
    problems.push({
      key: 'DATATHREAD_ENTRA_CLIENT_ID / DATATHREAD_ENTRA_CLIENT_SECRET',
      problem: `are not set (nor the Teams app's clientId / clientSecret), and ${names} use auth_mode azure_entra_id`,
      fix: 'set the Microsoft Entra app registration that may act on behalf of users (the Teams bot app, or a separate web app for Slack)',
    });
  }
  if (!environment.entra?.authority && !environment.entra?.tenantId) {
    problems.push({
      key: 'DATATHREAD_ENTRA_AUTHORITY',
      problem: 'is not set, and neither is tenantId: the on-behalf-of exchange needs your tenant',
      fix: 'set tenantId (or DATATHREAD_ENTRA_AUTHORITY=https://login.microsoftonline.com/<tenant id>)',
    });
  }
  databases.forEach((database, index) => {
    if (database.auth_mode === 'azure_entra_id' && !database.entra_scope) {
      problems.push({
        key: `databases[${index}].entra_scope`,
        problem: `is missing for "${database.name}" (auth_mode azure_entra_id): datathread must know which resource to ask a token for`,
        fix: 'set it, e.g. entra_scope: https://ossrdbms-aad.database.windows.net/.default for Azure Database for PostgreSQL',
      });
    }
  });
  if (environment.slack.botToken && !environment.publicUrl) {
    problems.push({
      key: 'DATATHREAD_PUBLIC_URL',
      problem: `is not set: Slack users cannot connect their Microsoft account to query ${names}`,
      fix: 'set it to the https URL this server is reached at; register <that URL>/auth/microsoft/callback as a Web redirect URI of the Entra app',
    });
  }
  return problems;
}

/** The start-up check: throws a ConfigError listing every problem (call it from bootstrap). */
export function assertIdentityConfiguration(environment: Environment, databases: readonly DatabaseConfig[]): void {
  const problems = identityConfigurationProblems(environment, databases);
  if (problems.length > 0) throw new ConfigError('the federated identity settings (environment + databases)', problems);
}

/** Settings for the identity service, or undefined when no database is federated. Run the check first. */
export function identitySettingsFrom(environment: Environment, databases: readonly DatabaseConfig[]): IdentitySettings | undefined {
  const federated = federatedDatabases(databases);
  if (federated.length === 0) return undefined;
  assertIdentityConfiguration(environment, databases);
  const entra = environment.entra!;
  const authority = entra.authority ?? `${DEFAULT_ENTRA_HOST}/${entra.tenantId}`;
  return {
    entra: { clientId: entra.clientId!, clientSecret: entra.clientSecret!, authority },
    encryptionKey: parseEncryptionKey(environment.encryptionKey!),
    publicUrl: environment.publicUrl,
    scopes: new Map(federated.map((database) => [database.name, database.entra_scope!])),
  };
}
