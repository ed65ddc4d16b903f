// Which provider a turn talks to: named, or inferred from the one provider whose settings are
// present; missing or contradictory settings are ConfigErrors naming the key and the fix.
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/config-error.js';
import { readEnvironment } from '../../src/config/environment.js';
import { parseConfigText } from '../../src/config/load-config.js';
import { resolveModelSettings } from '../../src/config/model-settings.js';

function resolve(variables: Record<string, string>, agent: Parameters<typeof resolveModelSettings>[1] = {}) {
  return resolveModelSettings(readEnvironment(variables), agent);
}

function problemsOf(action: () => unknown): string[] {
  try {
    action();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.map((problem) => `${problem.key}: ${problem.fix}`);
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('model provider settings', () => {
  it('infers the provider when only its settings are present, with its default model', () => {
    expect(resolve({ ANTHROPIC_API_KEY: 'sk-ant' })).toEqual({ configured: true, settings: { provider: 'anthropic', model: 'claude-sonnet-4-5', apiKey: 'sk-ant', baseUrl: undefined } });
    expect(resolve({ GOOGLE_GENERATIVE_AI_API_KEY: 'g', DATATHREAD_MODEL: 'gemini-2.5-pro' })).toMatchObject({ settings: { provider: 'google', model: 'gemini-2.5-pro' } });
    expect(resolve({ OPENAI_API_KEY: 'sk' })).toMatchObject({ settings: { provider: 'openai', model: 'gpt-4.1-mini' } });
    expect(resolve({ OPENAI_BASE_URL: 'http://localhost:11434/v1' })).toMatchObject({ settings: { provider: 'openai_compatible', baseUrl: 'http://localhost:11434/v1' } });
    expect(resolve({ AZURE_OPENAI_RESOURCE_NAME: 'contoso', AZURE_OPENAI_API_KEY: 'k', AZURE_OPENAI_DEPLOYMENT: 'gpt41' })).toMatchObject({
      settings: { provider: 'azure', model: 'gpt41', baseUrl: 'https://contoso.openai.azure.com/openai', apiVersion: '2025-04-01-preview', apiKey: 'k' },
    });
    expect(resolve({ AWS_BEARER_TOKEN_BEDROCK: 'bk', AWS_REGION: 'eu-west-1' })).toMatchObject({ settings: { provider: 'bedrock', region: 'eu-west-1', apiKey: 'bk' } });
    expect(resolve({})).toMatchObject({ configured: false, reason: expect.stringContaining('No AI model is configured') });
  });

  it('needs agent.provider when several providers are configured, and lets DATATHREAD_PROVIDER choose', () => {
    expect(problemsOf(() => resolve({ OPENAI_API_KEY: 'sk', ANTHROPIC_API_KEY: 'sk-ant' }))).toEqual([
      'agent.provider: set agent.provider (or DATATHREAD_PROVIDER) to one of openai, anthropic, or unset the other providers\' variables',
    ]);
    expect(resolve({ OPENAI_API_KEY: 'sk', ANTHROPIC_API_KEY: 'sk-ant' }, { provider: 'anthropic' })).toMatchObject({ settings: { provider: 'anthropic' } });
    expect(resolve({ OPENAI_API_KEY: 'sk', ANTHROPIC_API_KEY: 'sk-ant', DATATHREAD_PROVIDER: 'openai' }, { provider: 'anthropic' })).toMatchObject({ settings: { provider: 'openai' } });
  });

  it('names the missing key and its fix for the chosen provider', () => {
    expect(problemsOf(() => resolve({}, { provider: 'anthropic' }))).toEqual(['ANTHROPIC_API_KEY: set it to an Anthropic API key']);
    expect(problemsOf(() => resolve({ AWS_ACCESS_KEY_ID: 'AKID' }, { provider: 'bedrock' }))).toEqual([
      'AWS_REGION: set it to the region of your Bedrock models, such as us-east-1',
      expect.stringMatching(/^AWS_ACCESS_KEY_ID \/ AWS_SECRET_ACCESS_KEY: set the access keys/),
    ]);
    expect(problemsOf(() => resolve({ AZURE_OPENAI_RESOURCE_NAME: 'contoso' }))).toEqual([
      'AZURE_OPENAI_DEPLOYMENT: set it to the name of the model deployment in your Azure OpenAI resource',
      expect.stringMatching(/^AZURE_OPENAI_API_KEY: set AZURE_OPENAI_API_KEY, or configure the Entra app/),
    ]);
    expect(problemsOf(() => resolve({ OPENAI_API_KEY: 'sk', OPENAI_BASE_URL: 'http://localhost:8000/v1' }, { provider: 'openai' }))).toEqual([
      'OPENAI_BASE_URL: set agent.provider: openai_compatible for a Chat Completions server, or unset OPENAI_BASE_URL',
    ]);
  });

  it('uses the Entra app for Azure when no key is set', () => {
    const settings = resolve({ AZURE_OPENAI_ENDPOINT: 'https://gateway.example.com/openai/', AZURE_OPENAI_DEPLOYMENT: 'gpt41', clientId: 'app', clientSecret: 'secret', tenantId: 'tenant' });
    expect(settings).toMatchObject({ settings: { provider: 'azure', baseUrl: 'https://gateway.example.com/openai', entra: { clientId: 'app', clientSecret: 'secret', authority: 'https://login.microsoftonline.com/tenant' } } });
  });

  it('reads agent.provider and agent.model from datathread.yaml and rejects an unknown provider', () => {
    const environment = readEnvironment({ GOOGLE_GENERATIVE_AI_API_KEY: 'g', ANTHROPIC_API_KEY: 'a' });
    const loaded = parseConfigText('agent:\n  provider: google\n  model: gemini-2.5-pro\n', 'datathread.yaml', environment);
    expect(loaded.model).toMatchObject({ configured: true, settings: { provider: 'google', model: 'gemini-2.5-pro' } });
    expect(loaded.agent.model).toBe('gemini-2.5-pro');
    expect(() => parseConfigText('agent:\n  provider: mistral\n', 'datathread.yaml', environment)).toThrow(/agent\.provider/);
    expect(() => readEnvironment({ DATATHREAD_PROVIDER: 'mistral' })).toThrow(/DATATHREAD_PROVIDER: must be one of openai, openai_compatible, azure, anthropic, google, bedrock/);
  });
});
