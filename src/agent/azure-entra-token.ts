// Azure OpenAI without an API key: the app's own Entra ID token for Cognitive Services (client
// credentials). msal-node caches it and asks for a new one before it expires (its renewal offset),
// so every request carries a valid Bearer token without a round trip to Entra each time.
import type { INetworkModule } from '@azure/msal-node';
import { createConfidentialClient } from '../identity/msal-client.js';

export const COGNITIVE_SERVICES_SCOPE = 'https://cognitiveservices.azure.com/.default';

export interface AzureEntraApp {
  clientId: string;
  clientSecret: string;
  authority: string;
  /** msal-node's HTTP client (private CAs, tests). */
  networkClient?: INetworkModule;
}

export function createAzureTokenProvider(app: AzureEntraApp): () => Promise<string> {
  const client = createConfidentialClient(app);
  return async () => {
    const result = await client.acquireTokenByClientCredential({ scopes: [COGNITIVE_SERVICES_SCOPE] });
    if (!result?.accessToken) throw new Error('Microsoft Entra ID returned no access token for Azure OpenAI (client credentials).');
    return result.accessToken;
  };
}
