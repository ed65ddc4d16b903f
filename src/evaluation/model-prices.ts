// List prices of common models, in US dollars per million tokens, to put a cost on an evaluation
// run. A model not listed has an unknown price: the report says so rather than guessing. Prices
// change; these are the providers' published list prices when this table was written.
import type { TokenCounts } from './case-result.js';

interface ModelPrice {
  inputPerMillionUsd: number;
  cachedInputPerMillionUsd: number;
  outputPerMillionUsd: number;
}

const PRICES: ReadonlyArray<[RegExp, ModelPrice]> = [
  [/^gpt-4o-mini/, { inputPerMillionUsd: 0.15, cachedInputPerMillionUsd: 0.075, outputPerMillionUsd: 0.6 }],
  [/^gpt-4o/, { inputPerMillionUsd: 2.5, cachedInputPerMillionUsd: 1.25, outputPerMillionUsd: 10 }],
  [/^gpt-4\.1-nano/, { inputPerMillionUsd: 0.1, cachedInputPerMillionUsd: 0.025, outputPerMillionUsd: 0.4 }],
  [/^gpt-4\.1-mini/, { inputPerMillionUsd: 0.4, cachedInputPerMillionUsd: 0.1, outputPerMillionUsd: 1.6 }],
  [/^gpt-4\.1/, { inputPerMillionUsd: 2, cachedInputPerMillionUsd: 0.5, outputPerMillionUsd: 8 }],
  [/^gpt-5-nano/, { inputPerMillionUsd: 0.05, cachedInputPerMillionUsd: 0.005, outputPerMillionUsd: 0.4 }],
  [/^gpt-5-mini/, { inputPerMillionUsd: 0.25, cachedInputPerMillionUsd: 0.025, outputPerMillionUsd: 2 }],
  [/^gpt-5(\.\d+)?$/, { inputPerMillionUsd: 1.25, cachedInputPerMillionUsd: 0.125, outputPerMillionUsd: 10 }],
  [/^o4-mini/, { inputPerMillionUsd: 1.1, cachedInputPerMillionUsd: 0.275, outputPerMillionUsd: 4.4 }],
  [/claude-(3-5-)?haiku/, { inputPerMillionUsd: 0.8, cachedInputPerMillionUsd: 0.08, outputPerMillionUsd: 4 }],
  [/claude-haiku-4/, { inputPerMillionUsd: 1, cachedInputPerMillionUsd: 0.1, outputPerMillionUsd: 5 }],
  [/claude-(3-7-)?sonnet|claude-sonnet-4/, { inputPerMillionUsd: 3, cachedInputPerMillionUsd: 0.3, outputPerMillionUsd: 15 }],
  [/claude-opus-4-[5-9]/, { inputPerMillionUsd: 5, cachedInputPerMillionUsd: 0.5, outputPerMillionUsd: 25 }],
  [/claude-opus-4/, { inputPerMillionUsd: 15, cachedInputPerMillionUsd: 1.5, outputPerMillionUsd: 75 }],
  [/gemini-2\.5-flash-lite/, { inputPerMillionUsd: 0.1, cachedInputPerMillionUsd: 0.025, outputPerMillionUsd: 0.4 }],
  [/gemini-2\.5-flash/, { inputPerMillionUsd: 0.3, cachedInputPerMillionUsd: 0.075, outputPerMillionUsd: 2.5 }],
  [/gemini-2\.5-pro/, { inputPerMillionUsd: 1.25, cachedInputPerMillionUsd: 0.31, outputPerMillionUsd: 10 }],
];

const TOKENS_PER_MILLION = 1_000_000;

/** The cost of these tokens on this model in US dollars, or null when its price is not known. */
export function costOfTokensUsd(modelId: string | undefined, tokens: TokenCounts): number | null {
  if (!modelId) return null;
  // Bedrock and gateway ids carry a vendor prefix (`anthropic.claude-…`, `openai/gpt-4o`).
  const bareId = modelId.replace(/^.*[/]/, '');
  const price = PRICES.find(([pattern]) => pattern.test(bareId))?.[1];
  if (!price) return null;
  const uncachedInput = Math.max(0, tokens.input - tokens.cached);
  return (uncachedInput * price.inputPerMillionUsd + tokens.cached * price.cachedInputPerMillionUsd + tokens.output * price.outputPerMillionUsd) / TOKENS_PER_MILLION;
}
