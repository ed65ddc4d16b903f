// web_search: the model provider's own web search tool (OpenAI's, through the AI SDK), offered
// when `web_search.enabled` is true and the model is OpenAI's own Responses API. Nothing is
// implemented by hand: OpenAI runs the search and cites its sources.
import { openai } from '@ai-sdk/openai';
import type { ToolSet } from 'ai';
import type { Environment } from '../config/environment.js';
import type { ToolAvailability } from './tool-offer.js';

export function webSearchAvailability(enabled: boolean, environment: Pick<Environment, 'openAiApiKey' | 'openAiBaseUrl'>): ToolAvailability {
  if (!enabled) return { available: false, reason: 'off (web_search.enabled is false)' };
  if (environment.openAiBaseUrl) {
    return { available: false, reason: 'not available: OPENAI_BASE_URL points to an OpenAI-compatible server, which has no built-in web search (it needs OpenAI\'s Responses API)' };
  }
  if (!environment.openAiApiKey) return { available: false, reason: 'not available: no OpenAI model is configured (OPENAI_API_KEY)' };
  return { available: true };
}

export function createWebSearchTool(): ToolSet[string] {
  // A provider-defined tool: its input type ({}) does not line up with ToolSet's generic slots.
  return openai.tools.webSearch({ searchContextSize: 'medium' }) as unknown as ToolSet[string];
}
