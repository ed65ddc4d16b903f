// Builds the language model from the environment. With OPENAI_BASE_URL we speak Chat Completions,
// which every OpenAI-compatible server (Azure, vLLM, Ollama, LiteLLM) has; the Responses API is
// OpenAI's own.
import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModel } from 'ai';
import type { Environment } from '../config/environment.js';

export type ModelAvailability = { available: true; model: LanguageModel; description: string } | { available: false; reason: string };

export const MODEL_NOT_CONFIGURED_HELP =
  'No AI model is configured: set OPENAI_API_KEY (for OpenAI) or OPENAI_BASE_URL (for any OpenAI-compatible server such as Azure OpenAI, vLLM, Ollama or LiteLLM), optionally DATATHREAD_MODEL, then restart datathread.';

export function createLanguageModel(environment: Environment, modelId: string): ModelAvailability {
  if (!environment.openAiApiKey && !environment.openAiBaseUrl) return { available: false, reason: MODEL_NOT_CONFIGURED_HELP };
  if (environment.openAiBaseUrl) {
    const provider = createOpenAI({ baseURL: environment.openAiBaseUrl, apiKey: environment.openAiApiKey ?? 'not-needed' });
    return { available: true, model: provider.chat(modelId), description: `${modelId} via ${new URL(environment.openAiBaseUrl).host} (Chat Completions)` };
  }
  const provider = createOpenAI({ apiKey: environment.openAiApiKey });
  return { available: true, model: provider(modelId), description: `${modelId} via OpenAI (Responses API)` };
}
