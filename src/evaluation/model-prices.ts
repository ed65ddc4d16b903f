// The cost of an evaluation case, from the same price table budgets use (src/governance/
// model-prices.ts). A model not in it has an unknown price: the report says so rather than guessing.
import { costMicroUsd, priceOf, priceTable } from '../config/model-prices.js';
import type { TokenCounts } from './case-result.js';

const MICRO_USD_PER_USD = 1_000_000;

/** The cost of these tokens on this model in US dollars, or null when its price is not known. */
export function costOfTokensUsd(modelId: string | undefined, tokens: TokenCounts): number | null {
  if (!modelId) return null;
  const micro = costMicroUsd(priceOf(priceTable(), { model: modelId }), { inputTokens: tokens.input, cachedInputTokens: tokens.cached, outputTokens: tokens.output });
  return micro === null ? null : micro / MICRO_USD_PER_USD;
}
