// Teams users' SSO tokens (from the Agents SDK token exchange or the OAuth sign-in card), kept
// encrypted until they expire: the on-behalf-of exchange starts from them.
import type { UserTokenVault, TeamsSsoSecret } from './user-token-vault.js';
import { TEAMS_SSO_PROVIDER } from './user-token-vault.js';
import { readTokenClaims } from './jwt-claims.js';
import type { Clock } from '../support/clock-and-ids.js';

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

  async forget(userKey: string): Promise<void> {
    await this.vault.delete(userKey, TEAMS_SSO_PROVIDER);
  }
}
