// A full turn (execute_sql -> display_chart -> answer + suggest_follow_ups) through each provider's
// real AI SDK package against a local server speaking that provider's API, and a provider's
// errors turned into the same plain message in the thread.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNREADABLE_ANSWER_SENTENCE } from '../../src/conversations/standard-sentences.js';
import type { ProviderStep, ProviderStepProducer } from '../fakes/scripted-provider-server.js';
import { createEngineHarness, slackLikeRequest, type EngineHarness } from '../support/engine-harness.js';
import {
  startAnthropicFixture,
  startAzureFixture,
  startBedrockFixture,
  startFakeEntra,
  startGeminiFixture,
  type ProviderFixture,
} from './provider-fixtures.js';

const PNG_BASE64_START = 'iVBORw0KGgo';
const SALES_SQL = 'SELECT region, SUM(amount) AS total FROM sales GROUP BY region ORDER BY region';

let harness: EngineHarness;

beforeAll(async () => {
  harness = await createEngineHarness();
});

afterAll(async () => {
  await harness.close();
});

function bodyOf(request: unknown): string {
  const recorded = request as { rawBody?: string };
  return recorded.rawBody ?? JSON.stringify(request);
}

/** The three model steps of a chart turn; later steps read what the model was shown. */
function chartTurnScript(): ProviderStepProducer[] {
  return [
    { text: 'Let me query the sales.', toolCalls: [{ name: 'execute_sql', arguments: { sql_query: SALES_SQL, database_id: 'shop' } }] },
    (request): ProviderStep => {
      const queryId = /query_[a-z0-9]{8}/.exec(bodyOf(request))?.[0] ?? 'query_missing0';
      return { toolCalls: [{ name: 'display_chart', arguments: { query_id: queryId, chart_type: 'bar', x_axis_key: 'region', x_axis_type: 'category', series: [{ data_key: 'total' }], title: 'Sales by region' } }] };
    },
    (request): ProviderStep => {
      const north = /region: North\\ntotal: (\d+)/.exec(bodyOf(request))?.[1] ?? 'unknown';
      return { text: `North sold ${north}.`, toolCalls: [{ name: 'suggest_follow_ups', arguments: { suggestions: ['Sales by month?', 'Top customers?'] } }], usage: { input: 900, output: 40, cached: 600 } };
    },
  ];
}

// The scripted steps report 100 + 100 + 900 input (600 cached) and 20 + 20 + 40 output tokens;
// the OpenAI-compatible fake reports 10 in and 10 out per step.
const SCRIPTED_USAGE = { inputTokens: 1_100, outputTokens: 80, cachedInputTokens: 600 };

const fixtures: Array<{ name: string; start: () => Promise<ProviderFixture>; imagesInToolResults: boolean; usage: { provider: string; inputTokens: number; outputTokens: number; cachedInputTokens: number } }> = [
  { name: 'Anthropic Messages', start: startAnthropicFixture, imagesInToolResults: true, usage: { provider: 'anthropic.messages', ...SCRIPTED_USAGE } },
  { name: 'Gemini generateContent', start: startGeminiFixture, imagesInToolResults: true, usage: { provider: 'google.generative-ai', ...SCRIPTED_USAGE } },
  { name: 'Bedrock Converse (SigV4)', start: () => startBedrockFixture(), imagesInToolResults: true, usage: { provider: 'amazon-bedrock', ...SCRIPTED_USAGE } },
  { name: 'Azure OpenAI deployment (api-key)', start: () => startAzureFixture(), imagesInToolResults: false, usage: { provider: 'azure.chat', inputTokens: 30, outputTokens: 30, cachedInputTokens: 0 } },
];

describe.each(fixtures)('a full turn through $name', ({ start, imagesInToolResults, usage }) => {
  let fixture: ProviderFixture;

  beforeAll(async () => {
    fixture = await start();
  });

  afterAll(async () => {
    await fixture.close();
  });

  it('queries, draws the chart, answers with the real numbers and offers follow-ups', async () => {
    fixture.enqueue(...chartTurnScript());
    const engine = harness.createEngine({ model: fixture.model, toolRuntime: { modelProvider: fixture.provider } });
    const threadId = `slack:T1:C1:${fixture.provider}.1`;
    const result = await engine.handle(slackLikeRequest({ threadId, text: 'Sales by region as a chart?' }));

    expect(result.kind).toBe('completed');
    const outcome = result.kind === 'completed' ? result.outcome : undefined;
    expect(outcome?.failure).toBeUndefined();
    expect(outcome?.status).toBe('answered');
    expect(outcome?.text).toContain('North sold 300.');
    expect(outcome?.followUps).toEqual(['Sales by month?', 'Top customers?']);
    expect(outcome?.charts.map((chart) => chart.title)).toEqual(['Sales by region']);
    expect(outcome?.charts[0]?.png.subarray(1, 4).toString('latin1')).toBe('PNG');

    const requests = fixture.requests();
    expect(requests).toHaveLength(3);
    // The model was shown the query's rows, and (where the provider takes images) the chart itself.
    expect(requests[1]!.rawBody).toMatch(/region: North\\ntotal: 300/);
    expect(requests[2]!.rawBody.includes(PNG_BASE64_START)).toBe(imagesInToolResults);
    expect(requests[2]!.rawBody).toContain('Chart displayed successfully.');

    const audit = await harness.store.listQueryAudit({ threadId });
    expect(audit.map((row) => [row.sql, row.model?.provider])).toEqual([[SALES_SQL, usage.provider]]);
    const recorded = (await harness.store.listTokenUsage(new Date(0))).filter((row) => row.threadId === threadId);
    expect(recorded).toEqual([{ threadId, model: expect.any(String), createdAt: expect.any(Date), ...usage }]);
    // Images are seen once: the stored history keeps a note, not the bytes.
    const stored = JSON.stringify(await harness.store.listMessages(threadId));
    expect(stored).not.toContain(PNG_BASE64_START);
  });

  it('turns a 401, a 429 with retry-after, a 500 and a malformed answer into the plain thread messages', async () => {
    const engine = harness.createEngine({ model: fixture.model, toolRuntime: { modelProvider: fixture.provider } });
    const failureFor = async (steps: ProviderStep[], suffix: string) => {
      fixture.enqueue(...steps);
      const result = await engine.handle(slackLikeRequest({ threadId: `slack:T1:C1:${fixture.provider}.${suffix}` }));
      return result.kind === 'completed' ? result.outcome.failure : undefined;
    };
    const before = fixture.requests().length;
    // retry-after 0: the AI SDK retries at once (twice) instead of backing off for seconds.
    const limited = await failureFor([429, 429, 429].map((errorStatus) => ({ errorStatus, retryAfterSeconds: 0 })), 'rate');
    expect(limited).toEqual({ kind: 'model', message: 'The AI model service is rate limiting me right now. Wait a minute and press Retry.', retryable: true });
    expect(fixture.requests().length - before).toBe(3);

    const unauthorized = await failureFor([{ errorStatus: 401 }], 'auth');
    expect(unauthorized?.message).toMatch(/^The AI model service refused my credentials\. An admin needs to check/);
    expect(unauthorized?.retryable).toBe(false);

    const broken = await failureFor([500, 500, 500].map((errorStatus) => ({ errorStatus, retryAfterSeconds: 0 })), 'down');
    expect(broken).toEqual({ kind: 'model', message: 'The AI model service failed to answer (HTTP 500). Press Retry in a moment; if it keeps failing, tell an admin.', retryable: true });

    const malformed = await failureFor([{ malformed: true }], 'malformed');
    expect(malformed).toEqual({ kind: 'model', message: UNREADABLE_ANSWER_SENTENCE, retryable: true });
  });
});

describe('Azure OpenAI without a key', () => {
  it('sends the app\'s Entra token for Cognitive Services as Bearer and reuses it until it nears expiry', async () => {
    const entra = await startFakeEntra();
    const fixture = await startAzureFixture({ entra });
    try {
      const engine = harness.createEngine({ model: fixture.model, toolRuntime: { modelProvider: fixture.provider } });
      fixture.enqueue(...chartTurnScript());
      const first = await engine.handle(slackLikeRequest({ threadId: 'slack:T1:C1:azure-entra.1', text: 'Sales by region?' }));
      expect(first.kind === 'completed' && first.outcome.text).toContain('North sold 300.');
      expect(fixture.fake.requests).toHaveLength(3);
      for (const request of fixture.fake.requests) {
        expect(request.url).toBe('/openai/deployments/datathread-gpt-4-1/chat/completions?api-version=2025-04-01-preview');
        expect(request.apiKey).toBeUndefined();
        expect(entra.verifyToken(request.authorization!.replace(/^Bearer /, ''))?.aud).toBe('https://cognitiveservices.azure.com');
      }
      const appTokens = entra.issued.filter((token) => token.grantType === 'client_credentials');
      expect(appTokens).toHaveLength(1);
      expect(appTokens[0]!.scope).toBe('https://cognitiveservices.azure.com/.default');
    } finally {
      await fixture.close();
      await entra.close();
    }
  });

  it('asks for a new token when the cached one is within the renewal window', async () => {
    // 120 s lifetimes are inside msal-node's five-minute renewal offset: every request renews.
    const entra = await startFakeEntra({ accessTokenLifetimeSeconds: 120 });
    const fixture = await startAzureFixture({ entra });
    try {
      const engine = harness.createEngine({ model: fixture.model, toolRuntime: { modelProvider: fixture.provider } });
      fixture.enqueue({ text: 'One.' }, { text: 'Two.' });
      await engine.handle(slackLikeRequest({ threadId: 'slack:T1:C1:azure-entra.2' }));
      await engine.handle(slackLikeRequest({ threadId: 'slack:T1:C1:azure-entra.3' }));
      const tokens = entra.issued.filter((token) => token.grantType === 'client_credentials').map((token) => token.accessToken);
      expect(tokens).toHaveLength(2);
      expect(fixture.fake.requests.map((request) => request.authorization)).toEqual(tokens.map((token) => `Bearer ${token}`));
    } finally {
      await fixture.close();
      await entra.close();
    }
  });
});

