// The engine's `credentialFor(actor, database)`: the asker's own database credential, or undefined
// when they have none yet (the adapter then refuses with UserCredentialRequiredError and the turn
// asks them to sign in; the configured password is never a fallback).
//   Teams: stored SSO token -> on-behalf-of exchange for the database's entra_scope.
//   Slack: linked account -> acquireTokenSilent (refresh token in the msal cache) for that scope.
import type { DatabaseAdapter, UserDatabaseCredential } from '../databases/types.js';
import type { Logger } from '../logging/logger.js';
import type { Actor } from '../store/types.js';
import type { LinkedAccounts } from './linked-accounts.js';
import type { ExchangeResult, OnBehalfOfExchange } from './on-behalf-of.js';
import type { TeamsSsoTokens } from './teams-sso.js';
import { userKeyForActor } from './user-keys.js';

export type CredentialProvider = (actor: Actor, database: DatabaseAdapter) => Promise<UserDatabaseCredential | undefined>;

export interface CredentialProviderDeps {
  /** Federated database name -> entra_scope. */
  scopes: ReadonlyMap<string, string>;
  teamsTokens: TeamsSsoTokens;
  onBehalfOf: OnBehalfOfExchange;
  linkedAccounts: LinkedAccounts;
  logger: Logger;
}

export function createCredentialProvider(deps: CredentialProviderDeps): CredentialProvider {
  return async (actor, database) => {
    const scope = deps.scopes.get(database.name);
    const userKey = userKeyForActor(actor);
    if (!database.requiresUserCredential || !scope || !userKey) return undefined;
    let result: ExchangeResult;
    if (actor.platform === 'teams') {
      const sso = await deps.teamsTokens.read(userKey);
      if (!sso) return undefined;
      result = await deps.onBehalfOf.exchange(userKey, sso.token, scope);
      if (result.kind === 'sign_in_required') {
        // Expired or revoked: forget it, so the next answer is a fresh sign-in card.
        await deps.teamsTokens.forget(userKey);
        deps.onBehalfOf.forget(userKey);
      }
    } else {
      result = await deps.linkedAccounts.credentialFor(userKey, scope);
    }
    if (result.kind === 'sign_in_required') {
      deps.logger.info('federated query needs a fresh sign-in', { userKey, database: database.name, reason: result.reason });
      return undefined;
    }
    return result.value.credential;
  };
}
