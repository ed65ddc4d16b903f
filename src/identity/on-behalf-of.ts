// Teams: the user's SSO token (audience: this app) -> msal-node acquireTokenOnBehalfOf -> a token
// for the database's resource -> UserDatabaseCredential (user name from the token's upn /
// preferred_username, the token as the password, as Azure Database for PostgreSQL expects).
// Results are kept in memory per user and scope until shortly before they expire.
import type { ConfidentialClientApplication } from '@azure/msal-node';
import type { UserDatabaseCredential } from '../databases/types.js';
import type { Clock } from '../support/clock-and-ids.js';
import { IdentityProviderError } from './identity-errors.js';
import { readTokenClaims, userNameFromClaims } from './jwt-claims.js';
import { describeAuthError, needsFreshSignIn } from './token-errors.js';

/** A token this close to its expiry is not handed out: a query and its pool outlive the check. */
export const TOKEN_REFRESH_MARGIN_MS = 5 * 60_000;
const MAX_CACHED_CREDENTIALS = 10_000;

export type OnBehalfOfClient = Pick<ConfidentialClientApplication, 'acquireTokenOnBehalfOf' | 'clearCache'>;

export interface FederatedCredential {
  credential: UserDatabaseCredential;
  objectId: string | null;
  expiresAt: Date;
}

export type ExchangeResult = { kind: 'ok'; value: FederatedCredential } | { kind: 'sign_in_required'; reason: string };

export class OnBehalfOfExchange {
  private readonly cache = new Map<string, FederatedCredential>();

  constructor(
    private readonly client: OnBehalfOfClient,
    private readonly clock: Clock,
    private readonly refreshMarginMs: number = TOKEN_REFRESH_MARGIN_MS,
  ) {}

  async exchange(userKey: string, incomingToken: string, scope: string): Promise<ExchangeResult> {
    const key = `${userKey}\u0000${scope}`;
    const cached = this.cache.get(key);
    if (cached && this.isFresh(cached.expiresAt)) return { kind: 'ok', value: cached };
    this.cache.delete(key);
    let result: Awaited<ReturnType<typeof this.client.acquireTokenOnBehalfOf>>;
    try {
      // skipCache: this class is the cache; msal's own copy is cleared below so memory stays bounded.
      result = await this.client.acquireTokenOnBehalfOf({ oboAssertion: incomingToken, scopes: [scope], skipCache: true });
    } catch (error) {
      if (needsFreshSignIn(error)) return { kind: 'sign_in_required', reason: describeAuthError(error) };
      throw new IdentityProviderError(`Microsoft Entra ID did not exchange the user's token (${describeAuthError(error)}). Try again in a minute.`, { cause: error });
    }
    this.client.clearCache();
    if (!result?.accessToken) return { kind: 'sign_in_required', reason: 'no token returned' };
    const value = credentialFromToken(result.accessToken, result.expiresOn, result.account?.username, readTokenClaims(incomingToken));
    if (!this.isFresh(value.expiresAt)) return { kind: 'sign_in_required', reason: 'the token returned expires too soon' };
    this.remember(key, value);
    return { kind: 'ok', value };
  }

  /** Drops everything cached for a person (sign-out, unlink, a refused token). */
  forget(userKey: string): void {
    for (const key of this.cache.keys()) if (key.startsWith(`${userKey}\u0000`)) this.cache.delete(key);
  }

  private isFresh(expiresAt: Date): boolean {
    return expiresAt.getTime() - this.refreshMarginMs > this.clock().getTime();
  }

  private remember(key: string, value: FederatedCredential): void {
    if (this.cache.size >= MAX_CACHED_CREDENTIALS) {
      for (const [cachedKey, cached] of this.cache) if (!this.isFresh(cached.expiresAt)) this.cache.delete(cachedKey);
      if (this.cache.size >= MAX_CACHED_CREDENTIALS) this.cache.delete(this.cache.keys().next().value!);
    }
    this.cache.set(key, value);
  }
}

/** Builds the credential from a database token; the person's name comes from the token itself. */
export function credentialFromToken(
  accessToken: string,
  expiresOn: Date | null | undefined,
  accountUserName: string | undefined,
  fallbackClaims: ReturnType<typeof readTokenClaims> = {},
): FederatedCredential {
  const claims = readTokenClaims(accessToken);
  const userName = userNameFromClaims(claims) ?? accountUserName ?? userNameFromClaims(fallbackClaims);
  if (!userName) throw new IdentityProviderError('The database token from Microsoft Entra ID carries no upn or preferred_username claim, so there is no database user to connect as.');
  const expiresAt = claims.expiresAt ?? expiresOn ?? undefined;
  if (!expiresAt) throw new IdentityProviderError('The database token from Microsoft Entra ID has no expiry.');
  return { credential: { userName, accessToken }, objectId: claims.objectId ?? fallbackClaims.objectId ?? null, expiresAt };
}
