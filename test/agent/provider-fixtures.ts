// One local server per model provider, and the language model datathread builds for it from the
// same environment variables an operator sets (so configuration, the provider package and the wire
// format are all exercised).
import { createLanguageModel } from '../../src/agent/model-factory.js';
import { readEnvironment } from '../../src/config/environment.js';
import type { ModelProvider } from '../../src/config/model-providers.js';
import { resolveModelSettings } from '../../src/config/model-settings.js';
import type { LanguageModel } from 'ai';
import { startFakeAnthropic } from '../fakes/anthropic-server.js';
import { startFakeBedrock, type BedrockCredentials } from '../fakes/bedrock-server.js';
import { startFakeEntra, type FakeEntra } from '../fakes/entra-server.js';
import { startFakeGemini } from '../fakes/gemini-server.js';
import { startFakeOpenAI, type FakeOpenAI, type StepProducer } from '../fakes/openai-server.js';
import type { ProviderStepProducer, RecordedProviderRequest } from '../fakes/scripted-provider-server.js';

export const BEDROCK_TEST_CREDENTIALS: BedrockCredentials = { accessKeyId: 'AKIDEXAMPLE0000TEST', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', region: 'us-east-1' };

/** A request as every fake records it: enough to find tool results and images generically. */
export interface SeenRequest {
  rawBody: string;
  streaming: boolean;
}

export interface ProviderFixture {
  provider: ModelProvider;
  model: LanguageModel;
  variables: Record<string, string>;
  requests(): SeenRequest[];
  enqueue(...steps: ProviderStepProducer[]): void;
  close(): Promise<void>;
}

function modelFrom(variables: Record<string, string>, options: { entra?: FakeEntra } = {}): { model: LanguageModel; provider: ModelProvider } {
  const configuration = resolveModelSettings(readEnvironment(variables), {});
  const built = createLanguageModel(configuration, { entraNetworkClient: options.entra?.networkClient });
  if (!built.available) throw new Error(built.reason);
  return { model: built.model, provider: built.provider };
}

function fromProvider(fake: { requests: RecordedProviderRequest[]; enqueue(...steps: ProviderStepProducer[]): void; close(): Promise<void> }, variables: Record<string, string>): ProviderFixture {
  return {
    ...modelFrom(variables),
    variables,
    requests: () => fake.requests.map((request) => ({ rawBody: request.rawBody, streaming: request.streaming })),
    enqueue: (...steps) => fake.enqueue(...steps),
    close: () => fake.close(),
  };
}

export async function startAnthropicFixture(): Promise<ProviderFixture & { raw: RecordedProviderRequest[] }> {
  const fake = await startFakeAnthropic({ apiKey: 'sk-ant-test-key' });
  return { ...fromProvider(fake, { ANTHROPIC_API_KEY: 'sk-ant-test-key', ANTHROPIC_BASE_URL: `${fake.origin}/v1`, DATATHREAD_MODEL: 'claude-sonnet-4-5' }), raw: fake.requests };
}

export async function startGeminiFixture(): Promise<ProviderFixture & { raw: RecordedProviderRequest[] }> {
  const fake = await startFakeGemini({ apiKey: 'gemini-test-key' });
  return { ...fromProvider(fake, { GOOGLE_GENERATIVE_AI_API_KEY: 'gemini-test-key', GOOGLE_GENERATIVE_AI_BASE_URL: `${fake.origin}/v1beta`, DATATHREAD_MODEL: 'gemini-2.5-flash' }), raw: fake.requests };
}

export async function startBedrockFixture(secretAccessKey = BEDROCK_TEST_CREDENTIALS.secretAccessKey): Promise<ProviderFixture & { raw: RecordedProviderRequest[] }> {
  const fake = await startFakeBedrock(BEDROCK_TEST_CREDENTIALS);
  const variables = {
    DATATHREAD_PROVIDER: 'bedrock',
    AWS_REGION: BEDROCK_TEST_CREDENTIALS.region,
    AWS_ACCESS_KEY_ID: BEDROCK_TEST_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: secretAccessKey,
    BEDROCK_BASE_URL: fake.origin,
    DATATHREAD_MODEL: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
  };
  return { ...fromProvider(fake, variables), raw: fake.requests };
}

const AZURE_API_KEY = 'azure-test-key-0123456789';

/** Azure OpenAI deployment URLs; with `entra`, no key: the app's Entra token is the only credential accepted. */
export async function startAzureFixture(options: { entra?: FakeEntra } = {}): Promise<ProviderFixture & { fake: FakeOpenAI }> {
  const entra = options.entra;
  const fake = await startFakeOpenAI([], {
    authorize: (headers) => {
      if (!entra) return headers['api-key'] === AZURE_API_KEY;
      const token = /^Bearer (.+)$/.exec(String(headers.authorization ?? ''))?.[1];
      const claims = token ? entra.verifyToken(token) : undefined;
      return claims?.aud === 'https://cognitiveservices.azure.com' && claims.appid === entra.clientId;
    },
  });
  const variables: Record<string, string> = {
    AZURE_OPENAI_ENDPOINT: `${fake.url.replace(/\/v1$/, '')}/openai`,
    AZURE_OPENAI_DEPLOYMENT: 'datathread-gpt-4-1',
    AZURE_OPENAI_API_VERSION: '2025-04-01-preview',
    ...(entra ? { DATATHREAD_ENTRA_CLIENT_ID: entra.clientId, DATATHREAD_ENTRA_CLIENT_SECRET: entra.clientSecret, DATATHREAD_ENTRA_AUTHORITY: entra.authority } : { AZURE_OPENAI_API_KEY: AZURE_API_KEY }),
  };
  return {
    ...modelFrom(variables, { entra }),
    variables,
    fake,
    requests: () => fake.requests.map((request) => ({ rawBody: JSON.stringify(request), streaming: request.stream === true })),
    enqueue: (...steps) => fake.enqueue(...(steps as StepProducer[])),
    close: () => fake.close(),
  };
}

export { startFakeEntra };
