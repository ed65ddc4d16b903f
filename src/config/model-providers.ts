// The model providers datathread can talk to, as named in `agent.provider` and DATATHREAD_PROVIDER.
export const modelProviders = ['openai', 'openai_compatible', 'azure', 'anthropic', 'google', 'bedrock'] as const;

export type ModelProvider = (typeof modelProviders)[number];

/** The model used when neither agent.model nor DATATHREAD_MODEL names one. */
export const DEFAULT_MODELS: Record<Exclude<ModelProvider, 'azure' | 'openai_compatible'>, string> = {
  openai: 'gpt-4.1-mini',
  anthropic: 'claude-sonnet-4-5',
  google: 'gemini-2.5-flash',
  bedrock: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
};
