// The provider and model id of a language model, as recorded with token usage and the query audit.
import type { LanguageModel } from 'ai';
import type { ModelIdentity } from '../store/types.js';

export function modelIdentityOf(model: LanguageModel): ModelIdentity {
  if (typeof model === 'string') return { provider: 'gateway', model };
  return { provider: model.provider, model: model.modelId };
}
