// Microsoft Graph for Entra ID groups, with the Teams app registration (clientId, clientSecret,
// tenantId, or the Bot Framework names): the app that Teams already trusts is the one an
// administrator grants GroupMember.Read.All. Undefined when those credentials are not set.
import type { INetworkModule } from '@azure/msal-node';
import type { Environment } from '../config/environment.js';
import type { Logger } from '../logging/logger.js';
import { createGraphMemberGroups, type MemberGroupsCheck } from './graph-member-groups.js';
import { DEFAULT_ENTRA_HOST } from './identity-settings.js';

export function graphMemberGroupsFrom(environment: Environment, options: { logger?: Logger; networkClient?: INetworkModule } = {}): MemberGroupsCheck | undefined {
  const { clientId, clientSecret, tenantId } = environment.teams;
  if (!clientId || !clientSecret || !tenantId) return undefined;
  const authority = environment.entra?.authority ?? `${DEFAULT_ENTRA_HOST}/${tenantId}`;
  return createGraphMemberGroups({
    entra: { clientId, clientSecret, authority, ...(options.networkClient ? { networkClient: options.networkClient } : {}) },
    graphUrl: environment.graphApiUrl,
    ...(options.logger ? { logger: options.logger } : {}),
  });
}
