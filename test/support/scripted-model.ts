// The AI SDK's mock model, driven by a script of steps (text and/or tool calls), recording every
// prompt it was given. For unit tests of the loop; end-to-end tests use test/fakes/openai-server.ts.
import type { LanguageModelV3CallOptions, LanguageModelV3Content, LanguageModelV3GenerateResult } from '@ai-sdk/provider';
import { MockLanguageModelV3 } from 'ai/test';

export interface ModelStep {
  text?: string;
  toolCalls?: Array<{ name: string; input: Record<string, unknown> }>;
  /** Throw this instead of answering. */
  error?: Error;
  /** Wait (honouring the abort signal) before answering. */
  delayMs?: number;
}

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

let toolCallCounter = 0;

function resultFor(step: ModelStep): LanguageModelV3GenerateResult {
  const content: LanguageModelV3Content[] = [];
  if (step.text) content.push({ type: 'text', text: step.text });
  for (const call of step.toolCalls ?? []) {
    content.push({ type: 'tool-call', toolCallId: `call-${++toolCallCounter}`, toolName: call.name, input: JSON.stringify(call.input) });
  }
  return {
    content,
    finishReason: { unified: step.toolCalls?.length ? 'tool-calls' : 'stop', raw: undefined },
    usage,
    warnings: [],
  } as LanguageModelV3GenerateResult;
}

function wait(milliseconds: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason ?? new Error('aborted'));
    const timer = setTimeout(resolve, milliseconds);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason ?? new Error('aborted'));
    });
  });
}

export interface ScriptedModel {
  model: MockLanguageModelV3;
  prompts: LanguageModelV3CallOptions['prompt'][];
  push(...steps: ModelStep[]): void;
}

export function createScriptedModel(steps: ModelStep[] = []): ScriptedModel {
  const queue = [...steps];
  const prompts: LanguageModelV3CallOptions['prompt'][] = [];
  const model = new MockLanguageModelV3({
    doGenerate: async (options) => {
      prompts.push(options.prompt);
      const step = queue.shift();
      if (!step) throw new Error('the scripted model has no step left');
      if (step.delayMs) await wait(step.delayMs, options.abortSignal);
      if (step.error) throw step.error;
      return resultFor(step);
    },
  });
  return { model, prompts, push: (...more) => queue.push(...more) };
}

/** Every text the model was shown in tool results of one prompt. */
export function toolResultTexts(prompt: LanguageModelV3CallOptions['prompt']): string[] {
  const texts: string[] = [];
  for (const message of prompt) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type === 'tool-result' && part.output.type === 'text') texts.push(part.output.value);
    }
  }
  return texts;
}
