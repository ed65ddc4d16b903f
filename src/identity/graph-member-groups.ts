// Which of some Entra ID groups a user belongs to, asked of Microsoft Graph
// (`POST /v1.0/users/{id}/checkMemberGroups`, transitive membership) with the app's own token
// (client credentials; the app needs the application permission GroupMember.Read.All).
// msal-node keeps the app token in memory and fetches a new one before it expires.
import type { EntraAppSettings } from './identity-settings.js';
import { GraphRequestError } from './identity-errors.js';
import { createGraphAppToken } from './graph-app-token.js';
import type { Logger } from '../logging/logger.js';

export const DEFAULT_GRAPH_API_URL = 'https://graph.microsoft.com/';
/** Graph takes at most 20 group ids per checkMemberGroups call. */
const GROUP_IDS_PER_REQUEST = 20;
export const GRAPH_TIMEOUT_MS = 10_000;

export interface GraphMemberGroupsOptions {
  entra: EntraAppSettings;
  /** GRAPH_API_URL; default https://graph.microsoft.com/ */
  graphUrl?: string | undefined;
  logger?: Logger;
}

/** The ids among `groupIds` that the user (Entra object id) is a member of, directly or through nested groups. */
export type MemberGroupsCheck = (userObjectId: string, groupIds: readonly string[]) => Promise<string[]>;

export function createGraphMemberGroups(options: GraphMemberGroupsOptions): MemberGroupsCheck {
  const appToken = createGraphAppToken(options.entra, options.logger);
  const base = new URL(options.graphUrl ?? DEFAULT_GRAPH_API_URL);
  const checkChunk = async (token: string, userObjectId: string, groupIds: readonly string[]): Promise<string[]> => {
    const url = new URL(`v1.0/users/${encodeURIComponent(userObjectId)}/checkMemberGroups`, base);
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ groupIds }),
        signal: AbortSignal.timeout(GRAPH_TIMEOUT_MS),
      });
    } catch (error) {
      throw new GraphRequestError(undefined, `Microsoft Graph could not be reached at ${base.origin}.`, { cause: error });
    }
    if (!response.ok) throw new GraphRequestError(response.status, graphFailure(response.status, await response.text()));
    const body = (await response.json()) as { value?: unknown };
    return Array.isArray(body.value) ? body.value.filter((id): id is string => typeof id === 'string') : [];
  };
  return async (userObjectId, groupIds) => {
    if (groupIds.length === 0) return [];
    const token = await appToken();
    const found: string[] = [];
    for (let start = 0; start < groupIds.length; start += GROUP_IDS_PER_REQUEST) {
      found.push(...(await checkChunk(token, userObjectId, groupIds.slice(start, start + GROUP_IDS_PER_REQUEST))));
    }
    return found;
  };
}

function graphFailure(status: number, body: string): string {
  let code = '';
  try {
    code = String((JSON.parse(body) as { error?: { code?: unknown } }).error?.code ?? '');
  } catch {
    // Not JSON: the status says enough.
  }
  const detail = code ? ` (${code})` : '';
  if (status === 403) return `Microsoft Graph refused checkMemberGroups${detail}: grant the app the application permission GroupMember.Read.All, with admin consent.`;
  if (status === 401) return `Microsoft Graph did not accept the app token${detail}.`;
  return `Microsoft Graph answered ${status} to checkMemberGroups${detail}.`;
}
