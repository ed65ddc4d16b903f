// The AI SDK's mock model, driven by a script of steps (text and/or tool calls), recording every
// prompt it was given. For unit tests of the loop; end-to-end tests use test/fakes/openai-server.ts.
import type { LanguageModelV3CallOptions, LanguageModelV3Content, LanguageModelV3GenerateResult, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { MockLanguageModelV3 } from 'ai/test';

export interface ModelStep {
  text?: string;
  toolCalls?: Array<{ name: string; input: Record<string, unknown> }>;
  /** Throw this instead of answering. */
  error?: Error;
  /** Wait (honouring the abort signal) before answering. */
  delayMs?: number;
  /** When streamed: the text arrives in pieces of this many characters (default: word by word). */
  textChunkCharacters?: number;
  /** When streamed: wait this long (honouring the abort signal) before each text piece. */
  textChunkDelayMs?: number;
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

/** The step's text in pieces as a provider streams it: word by word, keeping the spaces. */
function textPieces(step: ModelStep): string[] {
  const text = step.text ?? '';
  if (step.textChunkCharacters) {
    const pieces: string[] = [];
    for (let start = 0; start < text.length; start += step.textChunkCharacters) pieces.push(text.slice(start, start + step.textChunkCharacters));
    return pieces;
  }
  return text.match(/\S+\s*|\s+/g) ?? [];
}

function streamFor(step: ModelStep, signal: AbortSignal | undefined): ReadableStream<LanguageModelV3StreamPart> {
  const result = resultFor(step);
  return new ReadableStream<LanguageModelV3StreamPart>({
    async start(controller) {
      try {
        controller.enqueue({ type: 'stream-start', warnings: [] });
        if (step.text) {
          controller.enqueue({ type: 'text-start', id: 'text-1' });
          for (const piece of textPieces(step)) {
            if (step.textChunkDelayMs) await wait(step.textChunkDelayMs, signal);
            controller.enqueue({ type: 'text-delta', id: 'text-1', delta: piece });
          }
          controller.enqueue({ type: 'text-end', id: 'text-1' });
        }
        for (const part of result.content) {
          if (part.type === 'tool-call') controller.enqueue(part);
        }
        controller.enqueue({ type: 'finish', usage: result.usage, finishReason: result.finishReason });
        controller.close();
      } catch (error) {
        controller.error(error);
      }
    },
  });
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
    doStream: async (options) => {
      prompts.push(options.prompt);
      const step = queue.shift();
      if (!step) throw new Error('the scripted model has no step left');
      if (step.delayMs) await wait(step.delayMs, options.abortSignal);
      if (step.error) throw step.error;
      return { stream: streamFor(step, options.abortSignal) };
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
