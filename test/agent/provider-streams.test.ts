// The streaming endpoints (Anthropic SSE, Gemini streamGenerateContent, Bedrock ConverseStream)
// through the real provider packages: tool calls and text arrive, a broken stream is reported
// plainly, and Bedrock refuses a request signed with the wrong secret.
import { generateText, stepCountIs, streamText, tool, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runAgentLoop } from '../../src/agent/run-agent-loop.js';
import { classifyFailure } from '../../src/conversations/classify-failure.js';
import { UNREADABLE_ANSWER_SENTENCE } from '../../src/conversations/standard-sentences.js';
import { withPortableInputSchema } from '../../src/tools/portable-input-schema.js';
import { startAnthropicFixture, startBedrockFixture, startGeminiFixture, type ProviderFixture } from './provider-fixtures.js';

// Shown to the model in the portable form, as every datathread tool is.
const lookup = withPortableInputSchema(tool({
  description: 'Looks up the sales total of a region.',
  inputSchema: z.object({ region: z.string() }),
  execute: async ({ region }: { region: string }) => (region === 'North' ? 'total: 300' : 'total: 0'),
}) as ToolSet[string]);

// The Bedrock package (4.0.186) ends a stream whose event frame fails its checksum without an
// error part: the step is empty and has no finish reason, which the agent loop reports the same way.
const streams: Array<{ name: string; start: () => Promise<ProviderFixture> }> = [
  { name: 'Anthropic SSE', start: startAnthropicFixture },
  { name: 'Gemini streamGenerateContent', start: startGeminiFixture },
  { name: 'Bedrock ConverseStream', start: () => startBedrockFixture() },
];

describe.each(streams)('$name', ({ start }) => {
  it('streams a tool call and then the answer, with the token usage', async () => {
    const fixture = await start();
    try {
      fixture.enqueue(
        { toolCalls: [{ name: 'lookup', arguments: { region: 'North' } }] },
        (request) => ({ text: request.rawBody.includes('total: 300') ? 'North sold 300.' : 'I could not see the total.', usage: { input: 500, output: 12, cached: 200 } }),
      );
      const result = streamText({ model: fixture.model, prompt: 'North sales?', tools: { lookup }, stopWhen: stepCountIs(3), maxRetries: 0 });
      const chunks: string[] = [];
      for await (const delta of result.textStream) chunks.push(delta);
      expect(chunks.join('')).toBe('North sold 300.');
      expect((await result.steps)[0]!.toolCalls.map((call) => [call.toolName, call.input])).toEqual([['lookup', { region: 'North' }]]);
      expect(fixture.requests().map((request) => request.streaming)).toEqual([true, true]);
      const usage = (await result.steps)[1]!.usage;
      expect({ input: usage.inputTokens, output: usage.outputTokens, cached: usage.inputTokenDetails.cacheReadTokens }).toEqual({ input: 500, output: 12, cached: 200 });
    } finally {
      await fixture.close();
    }
  });

  it('reports a malformed stream as an answer that could not be read', async () => {
    const fixture = await start();
    try {
      fixture.enqueue({ malformed: true });
      const failure = await runAgentLoop({ model: fixture.model, system: 'You answer.', messages: [{ role: 'user', content: 'Hello' }], tools: {}, maxSteps: 1, abortSignal: new AbortController().signal }).catch((error: unknown) => error);
      expect(classifyFailure(failure, undefined, 60_000).message).toBe(UNREADABLE_ANSWER_SENTENCE);
      expect(fixture.requests()).toHaveLength(1);
    } finally {
      await fixture.close();
    }
  });
});

describe('Bedrock SigV4', () => {
  it('refuses a request signed with the wrong secret, in Bedrock\'s error shape, as a credentials failure', async () => {
    const fixture = await startBedrockFixture('wrong-secret-access-key-000000000000000');
    try {
      fixture.enqueue({ text: 'never sent' });
      const error = await generateText({ model: fixture.model, prompt: 'Hello', maxRetries: 0 }).catch((caught: unknown) => caught);
      expect((error as { statusCode?: number }).statusCode).toBe(403);
      expect((error as Error).message).toContain('The request signature we calculated does not match the signature you provided');
      expect(classifyFailure(error, undefined, 60_000)).toMatchObject({ kind: 'model', retryable: false, message: expect.stringMatching(/^The AI model service refused my credentials\./) });
      expect(fixture.requests()).toHaveLength(1);
    } finally {
      await fixture.close();
    }
  });
});
