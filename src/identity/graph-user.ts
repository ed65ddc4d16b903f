// A person's two Teams names, asked of Microsoft Graph with the app's own token: their Entra object
// id (what a Teams activity's `from.aadObjectId` carries, and what Entra group reads use) and their
// user principal name (the sign-in name, usually the e-mail address, which chat reads from the
// activity). `GET /v1.0/users/{id | userPrincipalName}?$select=id,userPrincipalName`; the app needs
// the application permission User.Read.All (or User.ReadBasic.All).
import type { Logger } from '../logging/logger.js';
import { createGraphAppToken } from './graph-app-token.js';
import { DEFAULT_GRAPH_API_URL, GRAPH_TIMEOUT_MS } from './graph-member-groups.js';
import { GraphRequestError } from './identity-errors.js';
import type { EntraAppSettings } from './identity-settings.js';

export interface GraphUser {
  objectId: string;
  userPrincipalName: string;
}

/** The user with this object id or user principal name; undefined when Entra has none (404). */
export type GraphUserLookup = (objectIdOrPrincipalName: string) => Promise<GraphUser | undefined>;

export function createGraphUserLookup(options: { entra: EntraAppSettings; graphUrl?: string | undefined; logger?: Logger }): GraphUserLookup {
  const appToken = createGraphAppToken(options.entra, options.logger);
  const base = new URL(options.graphUrl ?? DEFAULT_GRAPH_API_URL);
  return async (objectIdOrPrincipalName) => {
    const url = new URL(`v1.0/users/${encodeURIComponent(objectIdOrPrincipalName)}`, base);
    url.searchParams.set('$select', 'id,userPrincipalName');
    const token = await appToken();
    let response: Response;
    try {
      response = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(GRAPH_TIMEOUT_MS) });
    } catch (error) {
      throw new GraphRequestError(undefined, `Microsoft Graph could not be reached at ${base.origin}.`, { cause: error });
    }
    if (response.status === 404) return undefined;
    if (response.status === 403) throw new GraphRequestError(403, 'Microsoft Graph refused to read the user: grant the app the application permission User.Read.All (or User.ReadBasic.All), with admin consent.');
    if (!response.ok) throw new GraphRequestError(response.status, `Microsoft Graph answered ${response.status} to reading a user.`);
    const body = (await response.json()) as { id?: unknown; userPrincipalName?: unknown };
    if (typeof body.id !== 'string' || typeof body.userPrincipalName !== 'string') throw new GraphRequestError(response.status, 'Microsoft Graph answered a user without id or userPrincipalName.');
    return { objectId: body.id.toLowerCase(), userPrincipalName: body.userPrincipalName };
  };
}
