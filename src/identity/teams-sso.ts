// Teams users' SSO tokens (from the Agents SDK token exchange or the OAuth sign-in card), kept
// encrypted until they expire: the on-behalf-of exchange starts from them.
import type { UserTokenVault, TeamsSsoSecret } from './user-token-vault.js';
import { TEAMS_SSO_PROVIDER } from './user-token-vault.js';
import { readTokenClaims } from './jwt-claims.js';
import type { Clock } from '../support/clock-and-ids.js';

/** The Entra group object ids a token listed, and when Entra issued it (the list is as of then). */
export interface TokenGroupsClaim {
  groupIds: readonly string[];
  issuedAt: Date;
}

export class TeamsSsoTokens {
  constructor(
    private readonly vault: UserTokenVault,
    private readonly clock: Clock,
  ) {}

  /** Returns false (and stores nothing) when the token is already expired or carries no expiry. */
  async save(userKey: string, token: string): Promise<boolean> {
    const claims = readTokenClaims(token);
    if (!claims.expiresAt || claims.expiresAt.getTime() <= this.clock().getTime()) return false;
    await this.vault.save(
      userKey,
      TEAMS_SSO_PROVIDER,
      { kind: 'teams_sso', token, upn: claims.upn ?? claims.preferredUsername ?? null, objectId: claims.objectId ?? null, tenantId: claims.tenantId ?? null },
      claims.expiresAt,
    );
    return true;
  }

  async read(userKey: string): Promise<TeamsSsoSecret | undefined> {
    return this.vault.read<TeamsSsoSecret>(userKey, TEAMS_SSO_PROVIDER, 'teams_sso');
  }

  /**
   * The `groups` claim of the user's stored SSO token: undefined without a token, or when Entra
   * left the list out (overage) and Microsoft Graph must be asked instead.
   */
  async groupsClaim(userKey: string): Promise<TokenGroupsClaim | undefined> {
    const stored = await this.read(userKey);
    if (!stored) return undefined;
    const claims = readTokenClaims(stored.token);
    if (claims.groupsOverage || !claims.groups || !claims.issuedAt) return undefined;
    return { groupIds: claims.groups, issuedAt: claims.issuedAt };
  }

  async forget(userKey: string): Promise<void> {
    await this.vault.delete(userKey, TEAMS_SSO_PROVIDER);
  }
}
