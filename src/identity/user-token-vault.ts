// Tokens and refresh material at rest: JSON encrypted with AES-256-GCM (token-cipher.ts) in the
// store's user_tokens table. The store never sees plaintext; an expired entry is deleted when read,
// and one that no longer decrypts (key rotated, row tampered with) counts as absent.
import type { Logger } from '../logging/logger.js';
import type { Store } from '../store/types.js';
import type { Clock } from '../support/clock-and-ids.js';
import type { TokenCipher } from './token-cipher.js';

/** The Teams SSO token (audience: this app) the on-behalf-of exchange starts from. */
export const TEAMS_SSO_PROVIDER = 'entra:teams-sso';
/** A linked Microsoft account (Slack): msal-node's serialized cache with the refresh token. */
export const LINKED_ACCOUNT_PROVIDER = 'entra:linked-account';
/** A sign-in in progress: the PKCE verifier and nonce, keyed by the state's id. */
export const PENDING_SIGN_IN_PROVIDER = 'entra:pending-sign-in';

export interface TeamsSsoSecret {
  kind: 'teams_sso';
  token: string;
  upn: string | null;
  objectId: string | null;
  tenantId: string | null;
}

export interface LinkedAccountSecret {
  kind: 'linked_account';
  /** msal-node TokenCache.serialize() of this user's partition: accounts, refresh token, access tokens. */
  msalCache: string;
  homeAccountId: string;
  upn: string | null;
  objectId: string | null;
}

export interface PendingSignInSecret {
  kind: 'pending_sign_in';
  codeVerifier: string;
  nonce: string;
  /** Set once the callback ran: the state cannot start or finish another sign-in. */
  completed: boolean;
}

export type VaultSecret = TeamsSsoSecret | LinkedAccountSecret | PendingSignInSecret;

export class UserTokenVault {
  constructor(
    private readonly store: Store,
    private readonly cipher: TokenCipher,
    private readonly clock: Clock,
    private readonly logger?: Logger,
  ) {}

  async save(userKey: string, provider: string, secret: VaultSecret, expiresAt: Date | null): Promise<void> {
    await this.store.saveUserToken({
      userKey,
      provider,
      ciphertext: this.cipher.encrypt(JSON.stringify(secret), associatedData(userKey, provider)),
      expiresAt,
      updatedAt: this.clock(),
    });
  }

  async read<Secret extends VaultSecret>(userKey: string, provider: string, kind: Secret['kind']): Promise<Secret | undefined> {
    const stored = await this.store.getUserToken(userKey, provider);
    if (!stored) return undefined;
    if (stored.expiresAt && stored.expiresAt.getTime() <= this.clock().getTime()) {
      await this.store.deleteUserToken(userKey, provider);
      return undefined;
    }
    let secret: VaultSecret;
    try {
      secret = JSON.parse(this.cipher.decrypt(stored.ciphertext, associatedData(userKey, provider))) as VaultSecret;
    } catch {
      this.logger?.warn('a stored token could not be decrypted (DATATHREAD_ENCRYPTION_KEY changed?); the user will be asked to sign in again', { userKey, provider });
      await this.store.deleteUserToken(userKey, provider);
      return undefined;
    }
    return secret.kind === kind ? (secret as Secret) : undefined;
  }

  async delete(userKey: string, provider: string): Promise<void> {
    await this.store.deleteUserToken(userKey, provider);
  }
}

function associatedData(userKey: string, provider: string): string {
  return `${provider}\u0000${userKey}`;
}
