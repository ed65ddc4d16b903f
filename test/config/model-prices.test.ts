import { describe, expect, it } from 'vitest';
import { costMicroUsd, DEFAULT_MODEL_PRICES, priceOf, priceTable } from '../../src/config/model-prices.js';

describe('model prices', () => {
  it('finds the shipped price of each default model, by id with a provider prefix or a date suffix', () => {
    expect(priceOf(priceTable(), { model: 'gpt-4.1-mini' })).toBe(DEFAULT_MODEL_PRICES['gpt-4.1-mini']);
    expect(priceOf(priceTable(), { model: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0' })).toBe(DEFAULT_MODEL_PRICES['claude-sonnet-4-5']);
    expect(priceOf(priceTable(), { model: 'models/gemini-2.5-flash' })).toBe(DEFAULT_MODEL_PRICES['gemini-2.5-flash']);
    expect(priceOf(priceTable(), { model: 'gpt-4.1-2025-04-14' })).toBe(DEFAULT_MODEL_PRICES['gpt-4.1']);
  });

  it('never takes a longer model name for a shorter one, and says unknown rather than guessing', () => {
    // `gpt-4.1-mini` is not `gpt-4.1`, and a model not in the table has no price.
    expect(priceOf({ 'gpt-4.1': DEFAULT_MODEL_PRICES['gpt-4.1']! }, { model: 'gpt-4.1-mini' })).toBeUndefined();
    expect(priceOf(priceTable(), { model: 'my-finetuned-llama' })).toBeUndefined();
    expect(costMicroUsd(undefined, { inputTokens: 10, cachedInputTokens: 0, outputTokens: 10 })).toBeNull();
  });

  it('lets the config override a shipped price and add a model', () => {
    const table = priceTable({ 'gpt-4.1-mini': { inputPerMillion: 1, cachedInputPerMillion: 1, outputPerMillion: 1 }, 'my-model': { inputPerMillion: 2, cachedInputPerMillion: 2, outputPerMillion: 2 } });
    expect(priceOf(table, { model: 'gpt-4.1-mini' })?.inputPerMillion).toBe(1);
    expect(priceOf(table, { model: 'my-model' })?.outputPerMillion).toBe(2);
  });

  it('charges cached input at the cached price and the rest at the input price', () => {
    // 1,000,000 input of which 400,000 cached, 100,000 output on gpt-4.1-mini: 0.6×0.40 + 0.4×0.10 + 0.1×1.60 = $0.44.
    const micro = costMicroUsd(DEFAULT_MODEL_PRICES['gpt-4.1-mini'], { inputTokens: 1_000_000, cachedInputTokens: 400_000, outputTokens: 100_000 });
    expect(micro).toBeCloseTo(440_000, 6);
  });
});
