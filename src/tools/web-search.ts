// web_search (and web_fetch on Anthropic): the model provider's own web tools, offered when
// `web_search.enabled` is true and the configured provider has them. Nothing is implemented by
// hand: the provider runs the search (or fetch) and cites its sources.
//   openai     OpenAI web search (Responses API)
//   anthropic  web search and web fetch (server tools)
//   google     Google Search grounding
//   azure, openai_compatible (Chat Completions) and bedrock (Converse): none.
import { anthropic } from '@ai-sdk/anthropic';
import { google } from '@ai-sdk/google';
import { openai } from '@ai-sdk/openai';
import type { ToolSet } from 'ai';
import type { ModelProvider } from '../config/model-providers.js';
import type { ToolAvailability } from './tool-offer.js';

export type WebToolName = 'web_search' | 'web_fetch';

type ProviderTool = ToolSet[string];

// Provider-defined tools: their input types do not line up with ToolSet's generic slots.
const WEB_TOOLS: Partial<Record<ModelProvider, Partial<Record<WebToolName, () => ProviderTool>>>> = {
  openai: { web_search: () => openai.tools.webSearch({ searchContextSize: 'medium' }) as unknown as ProviderTool },
  anthropic: {
    web_search: () => anthropic.tools.webSearch_20250305({ maxUses: 5 }) as unknown as ProviderTool,
    web_fetch: () => anthropic.tools.webFetch_20250910({ maxUses: 5 }) as unknown as ProviderTool,
  },
  google: { web_search: () => google.tools.googleSearch({}) as unknown as ProviderTool },
};

const PROVIDER_LABELS: Partial<Record<ModelProvider, string>> = {
  openai: 'OpenAI web search',
  anthropic: 'Anthropic web search and web fetch',
  google: 'Google Search grounding',
};

export function webToolAvailability(name: WebToolName, enabled: boolean, provider: ModelProvider | undefined): ToolAvailability {
  if (!enabled) return { available: false, reason: 'off (web_search.enabled is false)' };
  if (!provider) return { available: false, reason: 'not available: no AI model is configured' };
  if (!WEB_TOOLS[provider]?.[name]) return { available: false, reason: `not available: the ${provider} provider has no built-in ${name.replace('_', ' ')} tool` };
  return { available: true, reason: `available (${PROVIDER_LABELS[provider]})` };
}

export function createWebTool(name: WebToolName, provider: ModelProvider | undefined): ProviderTool {
  const factory = provider ? WEB_TOOLS[provider]?.[name] : undefined;
  if (!factory) throw new Error(`The ${provider ?? 'unconfigured'} model provider has no ${name} tool.`);
  return factory();
}
