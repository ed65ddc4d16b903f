// Composition of the identity pieces for one process: the engine's credential provider, Teams SSO
// token storage, Slack account linking (when DATATHREAD_PUBLIC_URL is set) and the HTTP routes.
import type { Logger } from '../logging/logger.js';
import type { Store } from '../store/types.js';
import type { Clock } from '../support/clock-and-ids.js';
import { createCredentialProvider, type CredentialProvider } from './credential-provider.js';
import type { IdentitySettings } from './identity-settings.js';
import { LinkedAccounts } from './linked-accounts.js';
import { createConfidentialClient } from './msal-client.js';
import { OnBehalfOfExchange } from './on-behalf-of.js';
import { SignInStateSigner } from './sign-in-state.js';
import { SlackAccountLinking } from './slack-account-linking.js';
import { TeamsSsoTokens, type TokenGroupsClaim } from './teams-sso.js';
import { createTokenCipher } from './token-cipher.js';
import { teamsUserKey } from './user-keys.js';
import { UserTokenVault } from './user-token-vault.js';

export interface IdentityServiceOptions {
  settings: IdentitySettings;
  store: Store;
  logger: Logger;
  clock: Clock;
}

export interface IdentityService {
  /** Pass to the ConversationEngine (`credentialFor`). */
  credentialFor: CredentialProvider;
  teams: {
    /**
     * Stores the user's SSO token (audience: this app) after the Agents SDK's token exchange or a
     * sign-in card. Returns false when the token is already expired (ask the user to sign in again).
     */
    saveSsoToken(aadObjectId: string, token: string): Promise<boolean>;
    hasSsoToken(aadObjectId: string): Promise<boolean>;
    /** The `groups` claim of the user's stored SSO token; undefined without one or on overage (entra-groups.ts then asks Graph). */
    groupsClaim(aadObjectId: string): Promise<TokenGroupsClaim | undefined>;
    /** Forgets the user's SSO token and the database tokens derived from it (sign-out). */
    signOut(aadObjectId: string): Promise<void>;
  };
  /** Slack account linking (its HTTP routes live in server/sign-in-routes.ts); undefined when DATATHREAD_PUBLIC_URL is not set. */
  slack: SlackAccountLinking | undefined;
}

export function createIdentityService(options: IdentityServiceOptions): IdentityService {
  const { settings, store, logger, clock } = options;
  const cipher = createTokenCipher(settings.encryptionKey);
  const vault = new UserTokenVault(store, cipher, clock, logger);
  const teamsTokens = new TeamsSsoTokens(vault, clock);
  const onBehalfOf = new OnBehalfOfExchange(createConfidentialClient(settings.entra, { logger }), clock);
  const linkedAccounts = new LinkedAccounts(settings.entra, vault, logger);
  const slack = settings.publicUrl
    ? new SlackAccountLinking({
        entra: settings.entra,
        publicUrl: settings.publicUrl,
        scopes: [...new Set(settings.scopes.values())],
        signer: new SignInStateSigner(cipher.deriveKey('sign-in state'), clock),
        vault,
        accounts: linkedAccounts,
        clock,
        logger,
      })
    : undefined;
  return {
    credentialFor: createCredentialProvider({ scopes: settings.scopes, teamsTokens, onBehalfOf, linkedAccounts, logger }),
    teams: {
      saveSsoToken: (aadObjectId, token) => teamsTokens.save(teamsUserKey(aadObjectId), token),
      hasSsoToken: async (aadObjectId) => (await teamsTokens.read(teamsUserKey(aadObjectId))) !== undefined,
      groupsClaim: (aadObjectId) => teamsTokens.groupsClaim(teamsUserKey(aadObjectId)),
      signOut: async (aadObjectId) => {
        await teamsTokens.forget(teamsUserKey(aadObjectId));
        onBehalfOf.forget(teamsUserKey(aadObjectId));
      },
    },
    slack,
  };
}
