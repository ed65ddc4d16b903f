// Builds the language model for the configured provider with the AI SDK's own provider packages.
// OpenAI's own endpoint speaks the Responses API; an OpenAI-compatible server and Azure
// deployments speak Chat Completions, which every such server has.
import { createAmazonBedrock } from '@ai-sdk/amazon-bedrock';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createAzure } from '@ai-sdk/azure';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import type { INetworkModule } from '@azure/msal-node';
import type { LanguageModel } from 'ai';
import type { ModelConfiguration, ModelSettings } from '../config/model-settings.js';
import { createAzureTokenProvider } from './azure-entra-token.js';

export type ModelAvailability =
  | { available: true; model: LanguageModel; provider: ModelSettings['provider']; description: string }
  | { available: false; reason: string };

export interface ModelFactoryOptions {
  /** msal-node's HTTP client for the Azure Entra token (private CAs, tests). */
  entraNetworkClient?: INetworkModule;
}

export function createLanguageModel(configuration: ModelConfiguration, options: ModelFactoryOptions = {}): ModelAvailability {
  if (!configuration.configured) return { available: false, reason: configuration.reason };
  const settings = configuration.settings;
  const built = buildModel(settings, options);
  return { available: true, model: built.model, provider: settings.provider, description: `${settings.model} via ${built.via}` };
}

function buildModel(settings: ModelSettings, options: ModelFactoryOptions): { model: LanguageModel; via: string } {
  switch (settings.provider) {
    case 'openai':
      return { model: createOpenAI({ apiKey: settings.apiKey })(settings.model), via: 'OpenAI (Responses API)' };
    case 'openai_compatible': {
      const provider = createOpenAI({ baseURL: settings.baseUrl, apiKey: settings.apiKey ?? 'not-needed' });
      return { model: provider.chat(settings.model), via: `${new URL(settings.baseUrl).host} (Chat Completions)` };
    }
    case 'azure': {
      const authentication = settings.apiKey
        ? { apiKey: settings.apiKey }
        : { tokenProvider: createAzureTokenProvider({ ...settings.entra!, networkClient: options.entraNetworkClient }) };
      const provider = createAzure({ baseURL: settings.baseUrl, apiVersion: settings.apiVersion, useDeploymentBasedUrls: true, ...authentication });
      const how = settings.apiKey ? 'API key' : 'Entra ID token';
      return { model: provider.chat(settings.model), via: `Azure OpenAI ${new URL(settings.baseUrl).host} (deployment, ${how})` };
    }
    case 'anthropic':
      return { model: createAnthropic({ apiKey: settings.apiKey, baseURL: settings.baseUrl })(settings.model), via: 'Anthropic (Messages API)' };
    case 'google':
      return { model: createGoogleGenerativeAI({ apiKey: settings.apiKey, baseURL: settings.baseUrl })(settings.model), via: 'Google Gemini API' };
    case 'bedrock': {
      const provider = createAmazonBedrock({ region: settings.region, baseURL: settings.baseUrl, apiKey: settings.apiKey, ...settings.credentials });
      return { model: provider(settings.model), via: `Amazon Bedrock ${settings.region} (Converse API)` };
    }
  }
}
