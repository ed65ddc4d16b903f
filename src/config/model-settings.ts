// Which model provider a turn talks to, with that provider's settings, resolved once at start-up
// from agent.provider / DATATHREAD_PROVIDER and the environment. With no provider named, the one
// provider whose settings are present is used; settings of several providers need a choice.
import { ConfigError, type ConfigProblem } from './config-error.js';
import type { Environment } from './environment.js';
import { DEFAULT_MODELS, type ModelProvider } from './model-providers.js';

export const DEFAULT_AZURE_API_VERSION = '2025-04-01-preview';

export type ModelSettings =
  | { provider: 'openai'; model: string; apiKey: string }
  | { provider: 'openai_compatible'; model: string; baseUrl: string; apiKey?: string }
  | {
      provider: 'azure';
      /** The deployment name (Azure's URLs name deployments, not models). */
      model: string;
      /** https://<resource>.openai.azure.com/openai, or the AZURE_OPENAI_ENDPOINT override. */
      baseUrl: string;
      apiVersion: string;
      /** Without a key, an Entra ID token of the app (client credentials) is sent as Bearer. */
      apiKey?: string;
      entra?: { clientId: string; clientSecret: string; authority: string };
    }
  | { provider: 'anthropic'; model: string; apiKey: string; baseUrl?: string }
  | { provider: 'google'; model: string; apiKey: string; baseUrl?: string }
  | {
      provider: 'bedrock';
      model: string;
      region: string;
      /** Bedrock API key (AWS_BEARER_TOKEN_BEDROCK), or SigV4 access keys. */
      apiKey?: string;
      credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
      baseUrl?: string;
    };

export type ModelConfiguration = { configured: true; settings: ModelSettings } | { configured: false; reason: string };

export const MODEL_NOT_CONFIGURED_HELP =
  'No AI model is configured: set OPENAI_API_KEY (OpenAI), OPENAI_BASE_URL (any OpenAI-compatible server such as vLLM, Ollama or LiteLLM), AZURE_OPENAI_RESOURCE_NAME or AZURE_OPENAI_ENDPOINT (Azure OpenAI), ANTHROPIC_API_KEY (Anthropic), GOOGLE_GENERATIVE_AI_API_KEY (Google Gemini) or AWS_BEARER_TOKEN_BEDROCK / agent.provider: bedrock (Amazon Bedrock), then restart datathread.';

const SOURCE = 'the model settings (agent.provider, DATATHREAD_PROVIDER and the environment)';

/** Providers whose settings are present in the environment, in the order of the list above. */
export function providersWithSettings(environment: Environment): ModelProvider[] {
  const { azure, anthropic, google, bedrock } = environment.providers;
  const present: ModelProvider[] = [];
  if (environment.openAiBaseUrl) present.push('openai_compatible');
  else if (environment.openAiApiKey) present.push('openai');
  if (azure.apiKey || azure.resourceName || azure.endpoint) present.push('azure');
  if (anthropic.apiKey) present.push('anthropic');
  if (google.apiKey) present.push('google');
  // AWS access keys alone often serve other things (Athena, S3): Bedrock is inferred only from its own settings.
  if (bedrock.apiKey || bedrock.baseUrl) present.push('bedrock');
  return present;
}

const PROVIDER_KEYS: Record<ModelProvider, string> = {
  openai: 'OPENAI_API_KEY',
  openai_compatible: 'OPENAI_BASE_URL',
  azure: 'AZURE_OPENAI_*',
  anthropic: 'ANTHROPIC_API_KEY',
  google: 'GOOGLE_GENERATIVE_AI_API_KEY',
  bedrock: 'AWS_BEARER_TOKEN_BEDROCK / BEDROCK_BASE_URL',
};

export function resolveModelSettings(environment: Environment, agent: { provider?: ModelProvider; model?: string }): ModelConfiguration {
  const named = environment.provider ?? agent.provider;
  const present = providersWithSettings(environment);
  if (!named && present.length > 1) {
    throw new ConfigError(SOURCE, [
      {
        key: 'agent.provider',
        problem: `is not set, and settings of several model providers are present (${present.map((provider) => `${provider}: ${PROVIDER_KEYS[provider]}`).join('; ')})`,
        fix: `set agent.provider (or DATATHREAD_PROVIDER) to one of ${present.join(', ')}, or unset the other providers' variables`,
      },
    ]);
  }
  const provider = named ?? present[0];
  if (!provider) return { configured: false, reason: MODEL_NOT_CONFIGURED_HELP };
  const model = environment.model ?? agent.model;
  const problems: ConfigProblem[] = [];
  const settings = settingsFor(provider, model, environment, problems);
  if (problems.length > 0 || !settings) throw new ConfigError(SOURCE, problems);
  return { configured: true, settings };
}

function settingsFor(provider: ModelProvider, model: string | undefined, environment: Environment, problems: ConfigProblem[]): ModelSettings | undefined {
  const { azure, anthropic, google } = environment.providers;
  const missing = (key: string, fix: string) => problems.push({ key, problem: `is not set, and the model provider is ${provider}`, fix });
  switch (provider) {
    case 'openai':
      if (environment.openAiBaseUrl) {
        problems.push({ key: 'OPENAI_BASE_URL', problem: 'is set, and the model provider is openai (OpenAI\'s own Responses API)', fix: 'set agent.provider: openai_compatible for a Chat Completions server, or unset OPENAI_BASE_URL' });
      }
      if (!environment.openAiApiKey) return void missing('OPENAI_API_KEY', 'set it to an OpenAI API key');
      return { provider, model: model ?? DEFAULT_MODELS.openai, apiKey: environment.openAiApiKey };
    case 'openai_compatible':
      if (!environment.openAiBaseUrl) return void missing('OPENAI_BASE_URL', 'set it to the server\'s /v1 URL, such as http://localhost:11434/v1');
      return { provider, model: model ?? DEFAULT_MODELS.openai, baseUrl: environment.openAiBaseUrl, apiKey: environment.openAiApiKey };
    case 'azure': {
      const baseUrl = azure.endpoint ? azure.endpoint.replace(/\/+$/, '') : azure.resourceName ? `https://${azure.resourceName}.openai.azure.com/openai` : undefined;
      if (azure.endpoint && azure.resourceName) {
        problems.push({ key: 'AZURE_OPENAI_ENDPOINT', problem: 'and AZURE_OPENAI_RESOURCE_NAME are both set', fix: 'keep one: the resource name, or the full endpoint URL (gateways, sovereign clouds)' });
      }
      if (!baseUrl) missing('AZURE_OPENAI_RESOURCE_NAME', 'set it to the Azure OpenAI resource name (or AZURE_OPENAI_ENDPOINT to its full URL)');
      const deployment = azure.deployment ?? model;
      if (!deployment) missing('AZURE_OPENAI_DEPLOYMENT', 'set it to the name of the model deployment in your Azure OpenAI resource');
      const entra = azure.apiKey ? undefined : entraAppFor(environment, problems);
      if (!baseUrl || !deployment) return undefined;
      return { provider, model: deployment, baseUrl, apiVersion: azure.apiVersion ?? DEFAULT_AZURE_API_VERSION, apiKey: azure.apiKey, entra };
    }
    case 'anthropic':
      if (!anthropic.apiKey) return void missing('ANTHROPIC_API_KEY', 'set it to an Anthropic API key');
      return { provider, model: model ?? DEFAULT_MODELS.anthropic, apiKey: anthropic.apiKey, baseUrl: anthropic.baseUrl };
    case 'google':
      if (!google.apiKey) return void missing('GOOGLE_GENERATIVE_AI_API_KEY', 'set it to a Gemini API key');
      return { provider, model: model ?? DEFAULT_MODELS.google, apiKey: google.apiKey, baseUrl: google.baseUrl };
    case 'bedrock':
      return bedrockSettings(model ?? DEFAULT_MODELS.bedrock, environment, problems);
  }
}

function bedrockSettings(model: string, environment: Environment, problems: ConfigProblem[]): ModelSettings | undefined {
  const { bedrock } = environment.providers;
  if (!bedrock.region) problems.push({ key: 'AWS_REGION', problem: 'is not set, and the model provider is bedrock', fix: 'set it to the region of your Bedrock models, such as us-east-1' });
  const hasKeys = Boolean(bedrock.accessKeyId && bedrock.secretAccessKey);
  if (!bedrock.apiKey && !hasKeys) {
    problems.push({
      key: 'AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY',
      problem: 'are not set (nor AWS_BEARER_TOKEN_BEDROCK), and the model provider is bedrock',
      fix: 'set the access keys of an IAM identity allowed bedrock:InvokeModel (plus AWS_SESSION_TOKEN for temporary ones), or a Bedrock API key in AWS_BEARER_TOKEN_BEDROCK',
    });
  }
  if (!bedrock.region || (!bedrock.apiKey && !hasKeys)) return undefined;
  return {
    provider: 'bedrock',
    model,
    region: bedrock.region,
    apiKey: bedrock.apiKey,
    credentials: hasKeys ? { accessKeyId: bedrock.accessKeyId!, secretAccessKey: bedrock.secretAccessKey!, sessionToken: bedrock.sessionToken } : undefined,
    baseUrl: bedrock.baseUrl,
  };
}

const DEFAULT_ENTRA_HOST = 'https://login.microsoftonline.com';

function entraAppFor(environment: Environment, problems: ConfigProblem[]): { clientId: string; clientSecret: string; authority: string } | undefined {
  const entra = environment.entra;
  const authority = entra?.authority ?? (entra?.tenantId ? `${DEFAULT_ENTRA_HOST}/${entra.tenantId}` : undefined);
  if (entra?.clientId && entra.clientSecret && authority) return { clientId: entra.clientId, clientSecret: entra.clientSecret, authority };
  problems.push({
    key: 'AZURE_OPENAI_API_KEY',
    problem: 'is not set, and no Entra app (DATATHREAD_ENTRA_CLIENT_ID / DATATHREAD_ENTRA_CLIENT_SECRET and tenantId or DATATHREAD_ENTRA_AUTHORITY, or the Teams app\'s clientId / clientSecret / tenantId) is configured to get a token instead',
    fix: 'set AZURE_OPENAI_API_KEY, or configure the Entra app and give it the "Cognitive Services OpenAI User" role on the resource',
  });
  return undefined;
}
