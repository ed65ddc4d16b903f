// The app's own Microsoft Graph token (client credentials), shared by every Graph read datathread
// makes with the Teams app registration; msal-node keeps it in memory and fetches a new one before
// it expires.
import type { Logger } from '../logging/logger.js';
import { GraphRequestError } from './identity-errors.js';
import type { EntraAppSettings } from './identity-settings.js';
import { createConfidentialClient } from './msal-client.js';

/** The token's audience is Graph itself, wherever GRAPH_API_URL points (a proxy, a test server). */
const GRAPH_SCOPE = 'https://graph.microsoft.com/.default';

export function createGraphAppToken(entra: EntraAppSettings, logger?: Logger): () => Promise<string> {
  const client = createConfidentialClient(entra, logger ? { logger } : {});
  return async () => {
    try {
      const result = await client.acquireTokenByClientCredential({ scopes: [GRAPH_SCOPE] });
      if (!result?.accessToken) throw new Error('no access token in the answer');
      return result.accessToken;
    } catch (error) {
      throw new GraphRequestError(undefined, 'Could not get a Microsoft Graph token with the app credentials (check clientId, clientSecret and tenantId).', { cause: error });
    }
  };
}
