// The AI SDK loop of one turn, streamed so that a channel can show the answer as the model writes it
// and what the bot is doing while it waits on a tool. Stops on the step cap, on a clarification
// (wait for the user) and on suggest_follow_ups (the answer is complete). Text is collected from every
// step: a model often writes its answer in the same step as a tool call, and the last step's text
// alone would lose it. A step the service never really answered is a failure, not an empty answer;
// tool calls that keep failing are reported (gaveUpOn) only once the model could not recover.
import { APICallError, isStepCount, RetryError, streamText, type LanguageModel, type LanguageModelUsage, type ModelMessage, type StopCondition, type TextStreamPart, type ToolSet } from 'ai';
import { failuresOfStep, reportsFailure, repeatsSameFailingCalls, type GaveUpOnToolCalls } from './failed-tool-calls.js';
import { ModelStreamError } from './model-stream-error.js';
import { repairToolName } from './repair-tool-name.js';
import { StepTextJoiner } from './step-text-joiner.js';
import { describeUnreadableStep, isUnreadableStep } from './unreadable-step.js';

export interface ToolCallStart {
  toolCallId: string;
  toolName: string;
  /** The statement of an execute_sql call. */
  sql?: string;
}

export interface ToolCallEnd extends ToolCallStart {
  /** False when the tool threw, its input failed validation, or it reported an error or refusal. */
  ok: boolean;
  /** Why a call failed, when the tool threw or its input failed validation (the model sees it too). */
  error?: unknown;
}

export interface AgentLoopInput {
  model: LanguageModel;
  system: string;
  messages: ModelMessage[];
  tools: ToolSet;
  maxSteps: number;
  abortSignal: AbortSignal;
  /** The answer text as it grows; all deltas joined equal the result's text. */
  onTextDelta?: (delta: string) => void;
  onToolCallStart?: (call: ToolCallStart) => void;
  onToolCallEnd?: (call: ToolCallEnd) => void;
  /** Each step's tokens, as soon as the step ends (budgets charge them). */
  onStepUsage?: (usage: LanguageModelUsage) => Promise<void>;
  /** Asked before each further model call, after the last step's tokens were charged: true stops the loop cleanly. */
  shouldStop?: () => Promise<boolean>;
}

export interface AgentLoopResult {
  text: string;
  /** The assistant and tool messages of this turn, to append to the history. */
  responseMessages: ModelMessage[];
  stepCount: number;
  /** True when the step cap stopped the loop while the model still wanted to call tools. */
  hitStepLimit: boolean;
  /**
   * Set when the model wrote nothing and its tool calls kept failing until the step cap, or it made
   * the same failing calls again and again: the last failed call (what the user is told about).
   */
  gaveUpOn?: GaveUpOnToolCalls;
  /** Tokens of every step of the turn. */
  usage: LanguageModelUsage;
}

export const MODEL_RETRIES = 2;

/** The same failing calls this many steps in a row: the model is not correcting them, so stop. */
export const SAME_FAILING_CALLS_STEP_LIMIT = 3;

/** Tools whose successful call ends the turn. */
const FINISHING_TOOLS = ['clarification', 'suggest_follow_ups'];

/**
 * Stops once a finishing tool ran successfully. A call that failed (four suggestions, a missing
 * question) does not stop the loop: the model gets the error back and may call it again.
 */
function finishingToolSucceeded(): StopCondition<ToolSet> {
  return ({ steps }) => steps.at(-1)?.toolResults.some((result) => FINISHING_TOOLS.includes(result.toolName)) ?? false;
}

export async function runAgentLoop(input: AgentLoopInput): Promise<AgentLoopResult> {
  // Charges run in order; the stop check waits for them, so it sees the step that just ended.
  let charged: Promise<void> = Promise.resolve();
  const result = streamText({
    model: input.model,
    instructions: input.system,
    messages: input.messages,
    tools: input.tools,
    stopWhen: [
      isStepCount(input.maxSteps),
      finishingToolSucceeded(),
      ({ steps }) => repeatsSameFailingCalls(steps, SAME_FAILING_CALLS_STEP_LIMIT),
      async () => {
        await charged;
        return (await input.shouldStop?.()) ?? false;
      },
    ],
    onStepEnd: (step) => {
      const onStepUsage = input.onStepUsage;
      if (onStepUsage) charged = charged.then(() => onStepUsage(step.usage));
    },
    repairToolCall: repairToolName,
    abortSignal: input.abortSignal,
    maxRetries: MODEL_RETRIES,
    // Errors arrive as stream parts below; the default handler would also print them to stderr.
    onError: () => undefined,
  });
  const joiner = new StepTextJoiner((delta) => input.onTextDelta?.(delta));
  try {
    await consume(result.stream, input, joiner);
  } catch (error) {
    // Refusals and exhausted retries keep their own type (classified by HTTP status); anything else
    // that breaks the stream is the model service's answer being unreadable.
    throw APICallError.isInstance(error) || RetryError.isInstance(error) || input.abortSignal.aborted ? error : new ModelStreamError(error);
  }
  const steps = await result.steps;
  await charged;
  const lastStep = steps.at(-1);
  // Only the last step can be empty: a step without tool calls ends the loop.
  if (lastStep && isUnreadableStep(lastStep)) throw new ModelStreamError(describeUnreadableStep(lastStep));
  const text = steps
    .map((step) => step.text.trim())
    .filter((stepText) => stepText.length > 0)
    .join('\n\n');
  const endedOnTools = lastStep?.finishReason === 'tool-calls' && !lastStep.toolResults.some((toolResult) => FINISHING_TOOLS.includes(toolResult.toolName));
  const lastFailures = lastStep ? failuresOfStep(lastStep) : undefined;
  // An answer the model did write is shown (with the step-limit note at the cap); without one, the
  // user learns which tool kept failing instead of "nothing to show".
  const stopped = steps.length >= input.maxSteps || repeatsSameFailingCalls(steps, SAME_FAILING_CALLS_STEP_LIMIT);
  const lastFailure = endedOnTools && stopped && text === '' ? lastFailures?.at(-1) : undefined;
  const gaveUpOn = lastFailure ? { ...lastFailure, stepCount: steps.length } : undefined;
  return {
    text,
    responseMessages: await result.responseMessages,
    stepCount: steps.length,
    hitStepLimit: endedOnTools && steps.length >= input.maxSteps,
    ...(gaveUpOn ? { gaveUpOn } : {}),
    usage: await result.usage,
  };
}

/** Passes the stream's text and tool events on as they arrive; throws what ends the stream early. */
async function consume(stream: AsyncIterable<TextStreamPart<ToolSet>>, input: AgentLoopInput, joiner: StepTextJoiner): Promise<void> {
  const sqlByCall = new Map<string, string | undefined>();
  for await (const part of stream) {
    switch (part.type) {
      case 'start-step':
        joiner.startStep();
        break;
      case 'text-delta':
        joiner.push(part.text);
        break;
      case 'tool-call': {
        const sql = sqlOf(part.input);
        sqlByCall.set(part.toolCallId, sql);
        input.onToolCallStart?.(withSql({ toolCallId: part.toolCallId, toolName: part.toolName }, sql));
        break;
      }
      case 'tool-result':
        input.onToolCallEnd?.(withSql({ toolCallId: part.toolCallId, toolName: part.toolName, ok: !reportsFailure(part.output) }, sqlByCall.get(part.toolCallId)));
        break;
      case 'tool-error':
        input.onToolCallEnd?.(withSql({ toolCallId: part.toolCallId, toolName: part.toolName, ok: false, error: part.error }, sqlByCall.get(part.toolCallId)));
        break;
      case 'error':
        throw part.error;
      case 'abort':
        throw input.abortSignal.reason ?? new Error('The turn was stopped.');
      default:
        break;
    }
  }
}

function sqlOf(toolInput: unknown): string | undefined {
  if (typeof toolInput !== 'object' || toolInput === null) return undefined;
  const sql = (toolInput as { sql_query?: unknown }).sql_query;
  return typeof sql === 'string' ? sql.trim() : undefined;
}

function withSql<T extends object>(call: T, sql: string | undefined): T & { sql?: string } {
  return sql === undefined ? call : { ...call, sql };
}
