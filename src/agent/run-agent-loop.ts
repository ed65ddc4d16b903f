// The AI SDK loop of one turn. Stops on the step cap, on clarification (wait for the user) and on
// suggest_follow_ups (the answer is complete). Text is collected from every step: a model often
// writes its answer in the same step as a tool call, and result.text holds only the last step's.
import { generateText, hasToolCall, stepCountIs, type LanguageModel, type LanguageModelUsage, type ModelMessage, type ToolSet } from 'ai';

export interface AgentLoopInput {
  model: LanguageModel;
  system: string;
  messages: ModelMessage[];
  tools: ToolSet;
  maxSteps: number;
  abortSignal: AbortSignal;
  /** Called when the model starts a tool call, for the "Querying…" status. */
  onToolCall?: (toolName: string) => void;
}

export interface AgentLoopResult {
  text: string;
  /** The assistant and tool messages of this turn, to append to the history. */
  responseMessages: ModelMessage[];
  stepCount: number;
  /** True when the step cap stopped the loop while the model still wanted to call tools. */
  hitStepLimit: boolean;
  /** Tokens of every step of the turn. */
  usage: LanguageModelUsage;
}

export const MODEL_RETRIES = 2;

export async function runAgentLoop(input: AgentLoopInput): Promise<AgentLoopResult> {
  const result = await generateText({
    model: input.model,
    system: input.system,
    messages: input.messages,
    tools: input.tools,
    stopWhen: [stepCountIs(input.maxSteps), hasToolCall('clarification'), hasToolCall('suggest_follow_ups')],
    abortSignal: input.abortSignal,
    maxRetries: MODEL_RETRIES,
    experimental_onToolCallStart: ({ toolCall }) => input.onToolCall?.(toolCall.toolName),
  });
  const text = result.steps
    .map((step) => step.text.trim())
    .filter((stepText) => stepText.length > 0)
    .join('\n\n');
  const lastStep = result.steps.at(-1);
  const endedOnTools = lastStep?.finishReason === 'tool-calls' && !lastStep.toolCalls.some((call) => call.toolName === 'clarification' || call.toolName === 'suggest_follow_ups');
  return {
    text,
    responseMessages: result.response.messages,
    stepCount: result.steps.length,
    hitStepLimit: endedOnTools && result.steps.length >= input.maxSteps,
    usage: result.totalUsage,
  };
}
