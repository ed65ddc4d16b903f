// What a model costs, per million tokens in US dollars (equal to micro-dollars per token). The
// defaults are the providers' published list prices for the default models, as of 2026-12; the
// config's `budgets.prices` adds or overrides entries. A model not listed has an unknown price:
// its cost is reported as unknown, never guessed.
import type { BudgetsConfig } from './budget-config.js';

export interface ModelPrice {
  inputPerMillion: number;
  cachedInputPerMillion: number;
  outputPerMillion: number;
}

/** Keyed by model id; a key also matches model ids that carry it after a provider prefix or before a date/version suffix. */
export const DEFAULT_MODEL_PRICES: Readonly<Record<string, ModelPrice>> = {
  'gpt-4.1': { inputPerMillion: 2, cachedInputPerMillion: 0.5, outputPerMillion: 8 },
  'gpt-4.1-mini': { inputPerMillion: 0.4, cachedInputPerMillion: 0.1, outputPerMillion: 1.6 },
  'gpt-4.1-nano': { inputPerMillion: 0.1, cachedInputPerMillion: 0.025, outputPerMillion: 0.4 },
  'gpt-4o': { inputPerMillion: 2.5, cachedInputPerMillion: 1.25, outputPerMillion: 10 },
  'gpt-4o-mini': { inputPerMillion: 0.15, cachedInputPerMillion: 0.075, outputPerMillion: 0.6 },
  'gpt-5': { inputPerMillion: 1.25, cachedInputPerMillion: 0.125, outputPerMillion: 10 },
  'gpt-5-mini': { inputPerMillion: 0.25, cachedInputPerMillion: 0.025, outputPerMillion: 2 },
  'gpt-5-nano': { inputPerMillion: 0.05, cachedInputPerMillion: 0.005, outputPerMillion: 0.4 },
  'o4-mini': { inputPerMillion: 1.1, cachedInputPerMillion: 0.275, outputPerMillion: 4.4 },
  'claude-sonnet-4': { inputPerMillion: 3, cachedInputPerMillion: 0.3, outputPerMillion: 15 },
  'claude-3-7-sonnet': { inputPerMillion: 3, cachedInputPerMillion: 0.3, outputPerMillion: 15 },
  'claude-3-5-haiku': { inputPerMillion: 0.8, cachedInputPerMillion: 0.08, outputPerMillion: 4 },
  'claude-opus-4': { inputPerMillion: 15, cachedInputPerMillion: 1.5, outputPerMillion: 75 },
  'claude-opus-4-5': { inputPerMillion: 5, cachedInputPerMillion: 0.5, outputPerMillion: 25 },
  'claude-sonnet-4-5': { inputPerMillion: 3, cachedInputPerMillion: 0.3, outputPerMillion: 15 },
  'claude-haiku-4-5': { inputPerMillion: 1, cachedInputPerMillion: 0.1, outputPerMillion: 5 },
  'gemini-2.5-flash': { inputPerMillion: 0.3, cachedInputPerMillion: 0.03, outputPerMillion: 2.5 },
  'gemini-2.5-flash-lite': { inputPerMillion: 0.1, cachedInputPerMillion: 0.025, outputPerMillion: 0.4 },
  'gemini-2.5-pro': { inputPerMillion: 1.25, cachedInputPerMillion: 0.125, outputPerMillion: 10 },
};

export type PriceTable = Readonly<Record<string, ModelPrice>>;

export function priceTable(overrides: PriceTable = {}): PriceTable {
  return { ...DEFAULT_MODEL_PRICES, ...overrides };
}

/** The longest key that names this model: `us.anthropic.claude-sonnet-4-5-20250929-v1:0` → `claude-sonnet-4-5`. */
export function priceOf(table: PriceTable, model: { model: string }): ModelPrice | undefined {
  const id = model.model.toLowerCase();
  if (table[id]) return table[id];
  const candidates = Object.keys(table).filter((key) => {
    const at = id.indexOf(key.toLowerCase());
    if (at < 0) return false;
    const before = at === 0 ? '' : id[at - 1];
    const after = id.slice(at + key.length);
    // A prefix ends in a separator; a suffix is a date or a version, not a longer model name (`-mini`).
    return (before === '' || /[./:]/.test(before ?? '')) && (after === '' || /^[-@:][0-9v]/.test(after));
  });
  const best = candidates.sort((left, right) => right.length - left.length)[0];
  return best ? table[best] : undefined;
}

/** Micro-dollars for these tokens (cached input is part of input), or null when the price is unknown. */
export function costMicroUsd(price: ModelPrice | undefined, tokens: { inputTokens: number; cachedInputTokens: number; outputTokens: number }): number | null {
  if (!price) return null;
  const cached = Math.min(tokens.cachedInputTokens, tokens.inputTokens);
  return (tokens.inputTokens - cached) * price.inputPerMillion + cached * price.cachedInputPerMillion + tokens.outputTokens * price.outputPerMillion;
}

/** `budgets.prices` as table entries (cached input costs as input when no cached price is given). */
export function pricesFromConfig(config: Pick<BudgetsConfig, 'prices'> | undefined): Record<string, ModelPrice> {
  return Object.fromEntries(
    Object.entries(config?.prices ?? {}).map(([model, price]) => [
      model,
      { inputPerMillion: price.input_per_million, cachedInputPerMillion: price.cached_input_per_million ?? price.input_per_million, outputPerMillion: price.output_per_million },
    ]),
  );
}
