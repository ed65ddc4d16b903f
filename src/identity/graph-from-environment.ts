// Microsoft Graph for Entra ID groups, with the Teams app registration (clientId, clientSecret,
// tenantId, or the Bot Framework names): the app that Teams already trusts is the one an
// administrator grants GroupMember.Read.All. Undefined when those credentials are not set.
import type { INetworkModule } from '@azure/msal-node';
import type { Environment } from '../config/environment.js';
import type { Logger } from '../logging/logger.js';
import { createGraphMemberGroups, type MemberGroupsCheck } from './graph-member-groups.js';
import { createGraphUserLookup, type GraphUserLookup } from './graph-user.js';
import { DEFAULT_ENTRA_HOST, type EntraAppSettings } from './identity-settings.js';

interface GraphOptions {
  logger?: Logger;
  networkClient?: INetworkModule;
}

function entraAppFrom(environment: Environment, options: GraphOptions): EntraAppSettings | undefined {
  const { clientId, clientSecret, tenantId } = environment.teams;
  if (!clientId || !clientSecret || !tenantId) return undefined;
  const authority = environment.entra?.authority ?? `${DEFAULT_ENTRA_HOST}/${tenantId}`;
  return { clientId, clientSecret, authority, ...(options.networkClient ? { networkClient: options.networkClient } : {}) };
}

export function graphMemberGroupsFrom(environment: Environment, options: GraphOptions = {}): MemberGroupsCheck | undefined {
  const entra = entraAppFrom(environment, options);
  return entra ? createGraphMemberGroups({ entra, graphUrl: environment.graphApiUrl, ...(options.logger ? { logger: options.logger } : {}) }) : undefined;
}

/** Graph's user read (object id ↔ user principal name) with the same app; undefined without its credentials. */
export function graphUserLookupFrom(environment: Environment, options: GraphOptions = {}): GraphUserLookup | undefined {
  const entra = entraAppFrom(environment, options);
  return entra ? createGraphUserLookup({ entra, graphUrl: environment.graphApiUrl, ...(options.logger ? { logger: options.logger } : {}) }) : undefined;
}
