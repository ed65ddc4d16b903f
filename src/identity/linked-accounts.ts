// Slack users' linked Microsoft accounts. Each person gets an msal-node client whose token cache is
// their own partition, loaded from and saved to the vault (encrypted) by a cache plugin: the
// authorization-code redemption writes it, acquireTokenSilent reads it and refreshes through the
// refresh token it holds, for whatever database scope a query needs.
import type { AuthenticationResult, ConfidentialClientApplication, ICachePlugin, TokenCacheContext } from '@azure/msal-node';
import type { Logger } from '../logging/logger.js';
import { IdentityProviderError } from './identity-errors.js';
import type { EntraAppSettings } from './identity-settings.js';
import { readTokenClaims } from './jwt-claims.js';
import { createConfidentialClient } from './msal-client.js';
import { credentialFromToken, type ExchangeResult } from './on-behalf-of.js';
import { describeAuthError, needsFreshSignIn } from './token-errors.js';
import { LINKED_ACCOUNT_PROVIDER, type LinkedAccountSecret, type UserTokenVault } from './user-token-vault.js';

const MAX_CLIENTS = 500;

export interface CodeRedemption {
  code: string;
  codeVerifier: string;
  nonce: string;
  redirectUri: string;
  scopes: string[];
}

export interface LinkedAccount {
  upn: string | null;
  objectId: string | null;
}

interface SerializedAccount {
  home_account_id?: string;
  username?: string;
  local_account_id?: string;
}

export class LinkedAccounts {
  /** Per person, most recently used last; a client caches the authority's metadata. */
  private readonly clients = new Map<string, ConfidentialClientApplication>();

  constructor(
    private readonly settings: EntraAppSettings,
    private readonly vault: UserTokenVault,
    private readonly logger?: Logger,
  ) {}

  /** Second leg of the authorization-code flow: stores the person's tokens, replacing any earlier link. */
  async redeemCode(userKey: string, redemption: CodeRedemption): Promise<LinkedAccount> {
    await this.unlink(userKey);
    let result: AuthenticationResult;
    try {
      result = await this.clientFor(userKey).acquireTokenByCode({
        code: redemption.code,
        codeVerifier: redemption.codeVerifier,
        nonce: redemption.nonce,
        redirectUri: redemption.redirectUri,
        scopes: redemption.scopes,
      });
    } catch (error) {
      await this.unlink(userKey);
      throw new IdentityProviderError(`Microsoft Entra ID did not accept the sign-in (${describeAuthError(error)}).`, { cause: error });
    }
    const claims = result.idToken ? readTokenClaims(result.idToken) : {};
    return { upn: result.account?.username ?? claims.preferredUsername ?? null, objectId: result.account?.localAccountId ?? claims.objectId ?? null };
  }

  /** A database token for the linked person, refreshed silently; sign_in_required when there is no usable link. */
  async credentialFor(userKey: string, scope: string): Promise<ExchangeResult> {
    const secret = await this.vault.read<LinkedAccountSecret>(userKey, LINKED_ACCOUNT_PROVIDER, 'linked_account');
    if (!secret) return { kind: 'sign_in_required', reason: 'no linked account' };
    const client = this.clientFor(userKey);
    try {
      const account = await client.getTokenCache().getAccountByHomeId(secret.homeAccountId);
      if (!account) return { kind: 'sign_in_required', reason: 'no account in the linked cache' };
      const result = await client.acquireTokenSilent({ account, scopes: [scope] });
      return { kind: 'ok', value: credentialFromToken(result.accessToken, result.expiresOn, result.account?.username) };
    } catch (error) {
      if (!needsFreshSignIn(error)) {
        if (error instanceof IdentityProviderError) throw error;
        throw new IdentityProviderError(`Microsoft Entra ID did not refresh the linked account's token (${describeAuthError(error)}). Try again in a minute.`, { cause: error });
      }
      // Expired or revoked refresh material: forget it, so the person gets a fresh Connect button.
      await this.unlink(userKey);
      return { kind: 'sign_in_required', reason: describeAuthError(error) };
    }
  }

  async linkedAccount(userKey: string): Promise<LinkedAccount | undefined> {
    const secret = await this.vault.read<LinkedAccountSecret>(userKey, LINKED_ACCOUNT_PROVIDER, 'linked_account');
    return secret ? { upn: secret.upn, objectId: secret.objectId } : undefined;
  }

  async unlink(userKey: string): Promise<void> {
    this.clients.delete(userKey);
    await this.vault.delete(userKey, LINKED_ACCOUNT_PROVIDER);
  }

  private clientFor(userKey: string): ConfidentialClientApplication {
    const existing = this.clients.get(userKey);
    if (existing) {
      this.clients.delete(userKey);
      this.clients.set(userKey, existing);
      return existing;
    }
    const client = createConfidentialClient(this.settings, { cachePlugin: this.cachePluginFor(userKey), logger: this.logger });
    if (this.clients.size >= MAX_CLIENTS) this.clients.delete(this.clients.keys().next().value!);
    this.clients.set(userKey, client);
    return client;
  }

  /** msal-node calls these around every cache read and write: the vault holds the truth, so replicas agree. */
  private cachePluginFor(userKey: string): ICachePlugin {
    return {
      beforeCacheAccess: async (context: TokenCacheContext) => {
        const secret = await this.vault.read<LinkedAccountSecret>(userKey, LINKED_ACCOUNT_PROVIDER, 'linked_account');
        context.tokenCache.deserialize(secret?.msalCache ?? '{}');
      },
      afterCacheAccess: async (context: TokenCacheContext) => {
        if (!context.cacheHasChanged) return;
        const msalCache = context.tokenCache.serialize();
        const account = firstAccount(msalCache);
        if (!account?.home_account_id) return;
        const claims = account.local_account_id ? { objectId: account.local_account_id } : {};
        await this.vault.save(
          userKey,
          LINKED_ACCOUNT_PROVIDER,
          { kind: 'linked_account', msalCache, homeAccountId: account.home_account_id, upn: account.username ?? null, objectId: claims.objectId ?? null },
          null,
        );
      },
    };
  }
}

function firstAccount(serializedCache: string): SerializedAccount | undefined {
  const parsed = JSON.parse(serializedCache) as { Account?: Record<string, SerializedAccount> };
  return Object.values(parsed.Account ?? {})[0];
}
