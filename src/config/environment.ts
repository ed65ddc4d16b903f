// The only place that reads process.env: everything else receives these values.
import { z } from 'zod';
import { ConfigError, type ConfigProblem } from './config-error.js';
import { invalidValueProblem } from './did-you-mean.js';
import { modelProviders, type ModelProvider } from './model-providers.js';
import { LIBUV_DEFAULT_THREADPOOL_SIZE } from '../support/threadpool-slots.js';

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const environmentSchema = z.object({
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: optionalText.pipe(z.url({ error: 'must be a URL such as http://localhost:11434/v1' }).optional()),
  DATATHREAD_MODEL: optionalText,
  DATATHREAD_PROVIDER: optionalText.pipe(z.enum(modelProviders, { error: `must be one of ${modelProviders.join(', ')}` }).optional()),
  AZURE_OPENAI_API_KEY: optionalText,
  AZURE_OPENAI_RESOURCE_NAME: optionalText,
  AZURE_OPENAI_ENDPOINT: optionalText.pipe(z.url({ error: 'must be a URL such as https://my-resource.openai.azure.com/openai' }).optional()),
  AZURE_OPENAI_DEPLOYMENT: optionalText,
  AZURE_OPENAI_API_VERSION: optionalText,
  ANTHROPIC_API_KEY: optionalText,
  ANTHROPIC_BASE_URL: optionalText.pipe(z.url({ error: 'must be a URL such as https://api.anthropic.com/v1' }).optional()),
  GOOGLE_GENERATIVE_AI_API_KEY: optionalText,
  GOOGLE_GENERATIVE_AI_BASE_URL: optionalText.pipe(z.url({ error: 'must be a URL such as https://generativelanguage.googleapis.com/v1beta' }).optional()),
  AWS_REGION: optionalText,
  AWS_DEFAULT_REGION: optionalText,
  AWS_ACCESS_KEY_ID: optionalText,
  AWS_SECRET_ACCESS_KEY: optionalText,
  AWS_SESSION_TOKEN: optionalText,
  AWS_BEARER_TOKEN_BEDROCK: optionalText,
  BEDROCK_BASE_URL: optionalText.pipe(z.url({ error: 'must be a URL such as https://bedrock-runtime.us-east-1.amazonaws.com' }).optional()),
  SLACK_BOT_TOKEN: optionalText,
  SLACK_SIGNING_SECRET: optionalText,
  SLACK_APP_TOKEN: optionalText,
  SLACK_API_URL: optionalText.pipe(z.url({ error: 'must be a URL such as https://slack.com/api/' }).optional()),
  DATATHREAD_CONFIG: optionalText,
  DATATHREAD_STATE: optionalText,
  DATATHREAD_ENCRYPTION_KEY: optionalText,
  // Federated identity (Microsoft Entra ID). The app registration defaults to the Teams one below.
  DATATHREAD_ENTRA_AUTHORITY: optionalText.pipe(z.url({ protocol: /^https$/, error: 'must be an https URL such as https://login.microsoftonline.com/<tenant id>' }).optional()),
  DATATHREAD_ENTRA_CLIENT_ID: optionalText,
  DATATHREAD_ENTRA_CLIENT_SECRET: optionalText,
  // Microsoft Graph (Entra ID groups of Teams askers); sovereign clouds and tests point it elsewhere.
  GRAPH_API_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be the Microsoft Graph base URL, such as https://graph.microsoft.com/' }).optional()),
  DATATHREAD_PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be the URL users reach this server at, such as https://datathread.example.com' }).optional()),
  PORT: optionalText.pipe(z.string().regex(/^\d+$/, 'must be a port number such as 3978').transform(Number).pipe(z.number().int().max(65535)).optional()),
  DATATHREAD_TURN_LEASE_SECONDS: optionalText.pipe(z.string().regex(/^\d+$/, 'must be a whole number of seconds such as 20').transform(Number).pipe(z.number().int().min(2).max(30)).optional()),
  DATATHREAD_TURN_HEARTBEAT_SECONDS: optionalText.pipe(z.string().regex(/^\d+$/, 'must be a whole number of seconds such as 5').transform(Number).pipe(z.number().int().min(1)).optional()),
  DATATHREAD_TURN_MAX_ATTEMPTS: optionalText.pipe(z.string().regex(/^\d+$/, 'must be a whole number such as 3').transform(Number).pipe(z.number().int().min(1)).optional()),
  // libuv reads it once, when the process starts: it is read here only to size the warehouse query
  // slots that keep threads free for the state store (support/threadpool-slots.ts).
  UV_THREADPOOL_SIZE: optionalText.pipe(z.string().regex(/^\d+$/, 'must be a whole number of threads such as 16').transform(Number).pipe(z.number().int().min(1).max(1024)).optional()),
  DATATHREAD_DRAIN_GRACE_SECONDS: optionalText.pipe(z.string().regex(/^\d+$/, 'must be a whole number of seconds such as 25').transform(Number).pipe(z.number().int().min(0)).optional()),
  LOG_LEVEL: optionalText.pipe(z.enum(['debug', 'info', 'warn', 'error']).optional()),
  NODE_ENV: optionalText,
  // Microsoft 365 Agents SDK names (and the older Bot Framework names as a fallback).
  clientId: optionalText,
  clientSecret: optionalText,
  tenantId: optionalText,
  MicrosoftAppId: optionalText,
  MicrosoftAppPassword: optionalText,
  MicrosoftAppTenantId: optionalText,
  // Teams sign-in for federated databases: the Azure Bot OAuth connection, and the Bot Framework
  // token service (the SDK's name; default https://api.botframework.com, sovereign clouds differ).
  DATATHREAD_TEAMS_OAUTH_CONNECTION: optionalText,
  TOKEN_SERVICE_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be the Bot Framework token service URL, such as https://api.botframework.com' }).optional()),
});

export interface Environment {
  openAiApiKey?: string;
  openAiBaseUrl?: string;
  model?: string;
  /** DATATHREAD_PROVIDER: overrides agent.provider. */
  provider?: ModelProvider;
  /** Each model provider's settings under its usual variable names. */
  providers: ProviderEnvironment;
  slack: { botToken?: string; signingSecret?: string; appToken?: string; apiUrl?: string };
  teams: { clientId?: string; clientSecret?: string; tenantId?: string };
  /** Teams sign-in for federated databases (docs/identity.md). */
  teamsSignIn: { oauthConnectionName?: string; tokenServiceUrl?: string };
  configPath: string;
  stateUrl: string;
  encryptionKey?: string;
  /** Microsoft Entra ID app used for federated queries (on-behalf-of, account linking). */
  entra?: { authority?: string; clientId?: string; clientSecret?: string; tenantId?: string };
  /** GRAPH_API_URL: Microsoft Graph, for the Entra ID groups of Teams askers (default https://graph.microsoft.com/). */
  graphApiUrl?: string;
  /** Where users' browsers reach this server (the sign-in callback is built from it). */
  publicUrl?: string;
  port: number;
  /** Durable turn jobs (docs/delivery.md); unset values take the queue's defaults. */
  turnQueue: { leaseMs?: number; heartbeatMs?: number; maxAttempts?: number };
  /** SIGTERM: how long running turns may finish before their jobs go back to the queue. */
  drainGraceMs: number;
  /** UV_THREADPOOL_SIZE as libuv applies it (4 when unset), for the warehouse query slots. */
  threadpoolSize: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  nodeEnv?: string;
  /** Raw variables, for `{{ env('X') }}` interpolation in datathread.yaml only. */
  variables: Readonly<Record<string, string | undefined>>;
}

export interface ProviderEnvironment {
  azure: { apiKey?: string; resourceName?: string; endpoint?: string; deployment?: string; apiVersion?: string };
  anthropic: { apiKey?: string; baseUrl?: string };
  google: { apiKey?: string; baseUrl?: string };
  bedrock: { region?: string; accessKeyId?: string; secretAccessKey?: string; sessionToken?: string; apiKey?: string; baseUrl?: string };
}

export const DEFAULT_PORT = 3978;
export const DEFAULT_CONFIG_PATH = './datathread.yaml';
export const DEFAULT_STATE_URL = 'sqlite:./.datathread/state.db';
export const DEFAULT_DRAIN_GRACE_SECONDS = 25;

export function readEnvironment(variables: Readonly<Record<string, string | undefined>> = process.env): Environment {
  const parsed = environmentSchema.safeParse(variables);
  if (!parsed.success) {
    // Only enum values are repeated back (a provider or log level name, never a secret).
    const problems: ConfigProblem[] = parsed.error.issues.map((issue) => ({
      key: issue.path.join('.'),
      problem: issue.code === 'invalid_value' ? invalidValueProblem(issue.message, variables[String(issue.path[0])], issue.values.map(String)) : issue.message,
      fix: `correct or unset ${issue.path.join('.')}`,
    }));
    throw new ConfigError('the environment', problems);
  }
  const value = parsed.data;
  return {
    openAiApiKey: value.OPENAI_API_KEY,
    openAiBaseUrl: value.OPENAI_BASE_URL,
    model: value.DATATHREAD_MODEL,
    provider: value.DATATHREAD_PROVIDER,
    providers: {
      azure: {
        apiKey: value.AZURE_OPENAI_API_KEY,
        resourceName: value.AZURE_OPENAI_RESOURCE_NAME,
        endpoint: value.AZURE_OPENAI_ENDPOINT,
        deployment: value.AZURE_OPENAI_DEPLOYMENT,
        apiVersion: value.AZURE_OPENAI_API_VERSION,
      },
      anthropic: { apiKey: value.ANTHROPIC_API_KEY, baseUrl: value.ANTHROPIC_BASE_URL },
      google: { apiKey: value.GOOGLE_GENERATIVE_AI_API_KEY, baseUrl: value.GOOGLE_GENERATIVE_AI_BASE_URL },
      bedrock: {
        region: value.AWS_REGION ?? value.AWS_DEFAULT_REGION,
        accessKeyId: value.AWS_ACCESS_KEY_ID,
        secretAccessKey: value.AWS_SECRET_ACCESS_KEY,
        sessionToken: value.AWS_SESSION_TOKEN,
        apiKey: value.AWS_BEARER_TOKEN_BEDROCK,
        baseUrl: value.BEDROCK_BASE_URL,
      },
    },
    slack: {
      botToken: value.SLACK_BOT_TOKEN,
      signingSecret: value.SLACK_SIGNING_SECRET,
      appToken: value.SLACK_APP_TOKEN,
      apiUrl: value.SLACK_API_URL,
    },
    teams: {
      clientId: value.clientId ?? value.MicrosoftAppId,
      clientSecret: value.clientSecret ?? value.MicrosoftAppPassword,
      tenantId: value.tenantId ?? value.MicrosoftAppTenantId,
    },
    teamsSignIn: {
      oauthConnectionName: value.DATATHREAD_TEAMS_OAUTH_CONNECTION,
      tokenServiceUrl: value.TOKEN_SERVICE_ENDPOINT,
    },
    configPath: value.DATATHREAD_CONFIG ?? DEFAULT_CONFIG_PATH,
    stateUrl: value.DATATHREAD_STATE ?? DEFAULT_STATE_URL,
    encryptionKey: value.DATATHREAD_ENCRYPTION_KEY,
    entra: {
      authority: value.DATATHREAD_ENTRA_AUTHORITY,
      clientId: value.DATATHREAD_ENTRA_CLIENT_ID ?? value.clientId ?? value.MicrosoftAppId,
      clientSecret: value.DATATHREAD_ENTRA_CLIENT_SECRET ?? value.clientSecret ?? value.MicrosoftAppPassword,
      tenantId: value.tenantId ?? value.MicrosoftAppTenantId,
    },
    graphApiUrl: value.GRAPH_API_URL,
    publicUrl: value.DATATHREAD_PUBLIC_URL,
    port: value.PORT ?? DEFAULT_PORT,
    turnQueue: {
      ...(value.DATATHREAD_TURN_LEASE_SECONDS ? { leaseMs: value.DATATHREAD_TURN_LEASE_SECONDS * 1000 } : {}),
      ...(value.DATATHREAD_TURN_HEARTBEAT_SECONDS ? { heartbeatMs: value.DATATHREAD_TURN_HEARTBEAT_SECONDS * 1000 } : {}),
      ...(value.DATATHREAD_TURN_MAX_ATTEMPTS ? { maxAttempts: value.DATATHREAD_TURN_MAX_ATTEMPTS } : {}),
    },
    threadpoolSize: value.UV_THREADPOOL_SIZE ?? LIBUV_DEFAULT_THREADPOOL_SIZE,
    drainGraceMs: (value.DATATHREAD_DRAIN_GRACE_SECONDS ?? DEFAULT_DRAIN_GRACE_SECONDS) * 1000,
    logLevel: value.LOG_LEVEL ?? 'info',
    nodeEnv: value.NODE_ENV,
    variables,
  };
}

/** Values that must never appear in a log line or a message. */
export function environmentSecrets(environment: Environment): string[] {
  return [
    environment.openAiApiKey,
    environment.providers.azure.apiKey,
    environment.providers.anthropic.apiKey,
    environment.providers.google.apiKey,
    environment.providers.bedrock.secretAccessKey,
    environment.providers.bedrock.sessionToken,
    environment.providers.bedrock.apiKey,
    environment.slack.botToken,
    environment.slack.signingSecret,
    environment.slack.appToken,
    environment.teams.clientSecret,
    environment.encryptionKey,
    environment.entra?.clientSecret,
  ].filter((value): value is string => Boolean(value));
}

/** The variables of `variables` (default: the process's) with DATATHREAD_CONFIG pointing at `configPath`. */
export function variablesWithConfigPath(variables: Readonly<Record<string, string | undefined>> | undefined, configPath: string): Record<string, string | undefined> {
  return { ...(variables ?? process.env), DATATHREAD_CONFIG: configPath };
}
