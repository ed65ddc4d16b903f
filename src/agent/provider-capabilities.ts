// What differs between model providers beyond their wire format. Chat Completions (OpenAI-compatible
// servers, Azure deployments) carries only text in a tool message, so a chart image would arrive
// there as a base64 string; every other provider takes images inside tool results.
import type { ModelProvider } from '../config/model-providers.js';

const IMAGES_IN_TOOL_RESULTS: Record<ModelProvider, boolean> = {
  openai: true,
  openai_compatible: false,
  azure: false,
  anthropic: true,
  google: true,
  bedrock: true,
};

export function acceptsImagesInToolResults(provider: ModelProvider | undefined): boolean {
  return provider !== undefined && IMAGES_IN_TOOL_RESULTS[provider];
}
