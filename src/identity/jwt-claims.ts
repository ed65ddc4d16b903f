// Reads the claims of a JWT issued by Microsoft Entra ID WITHOUT verifying it. Only for tokens that
// came to us from a trusted party (msal-node's token response, the Bot Service token exchange):
// the resource they are sent to (Entra, the database) is what verifies them.

export interface TokenClaims {
  /** User principal name (work accounts), e.g. alice@contoso.com. */
  upn?: string;
  preferredUsername?: string;
  /** Object id of the user in the tenant. */
  objectId?: string;
  tenantId?: string;
  audience?: string;
  expiresAt?: Date;
  issuedAt?: Date;
  /** Object ids of the Entra groups the `groups` claim lists (absent when the app does not ask for it). */
  groups?: string[];
  /** Too many groups to list: Entra left `groups` out and says so (`_claim_names.groups` or `hasgroups`). */
  groupsOverage?: boolean;
}

export function readTokenClaims(token: string): TokenClaims {
  const payload = token.split('.')[1];
  if (!payload) return {};
  let claims: Record<string, unknown>;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  const expiry = typeof claims.exp === 'number' ? new Date(claims.exp * 1000) : undefined;
  const claimNames = claims._claim_names;
  const groupsOverage = claims.hasgroups === true || (typeof claimNames === 'object' && claimNames !== null && 'groups' in claimNames);
  return {
    upn: text(claims.upn) ?? text(claims.unique_name),
    preferredUsername: text(claims.preferred_username),
    objectId: text(claims.oid),
    tenantId: text(claims.tid),
    audience: text(claims.aud),
    expiresAt: expiry,
    issuedAt: typeof claims.iat === 'number' ? new Date(claims.iat * 1000) : undefined,
    groups: Array.isArray(claims.groups) ? claims.groups.filter((group): group is string => typeof group === 'string') : undefined,
    groupsOverage,
  };
}

/** The database user name Azure expects: the UPN, else the preferred user name. */
export function userNameFromClaims(claims: TokenClaims): string | undefined {
  return claims.upn ?? claims.preferredUsername;
}
