// Which tool calls of a step failed, and how. A failed call goes back to the model as data (the AI
// SDK turns an unknown tool or invalid input into a tool error the model reads; a tool reports its
// own refusals as {status: 'error' | 'refused'}), so the model can correct itself. A step in which
// every call failed made no progress; the same failing call made again and again means the model
// is not going to recover.
import { InvalidToolInputError, NoSuchToolError, type StepResult, type ToolSet } from 'ai';

export type ToolCallFailureKind =
  /** The model named a tool it does not have. */
  | 'unknown_tool'
  /** The model's input did not match the tool's schema (wrong types, missing fields, not JSON). */
  | 'invalid_input'
  /** The tool ran and reported a failure (an unknown database, a refused statement) or threw. */
  | 'tool_failed';

export interface ToolCallFailure {
  kind: ToolCallFailureKind;
  toolName: string;
  /** The call's tool name and input, to recognise the same call made again. */
  signature: string;
}

/** The model's last failed call when it could not get its calls right, and after how many steps it stopped. */
export interface GaveUpOnToolCalls extends ToolCallFailure {
  stepCount: number;
}

type StepContent = Pick<StepResult<ToolSet>, 'content'>;

/** The failures of a step whose every tool call failed; undefined when it made no call or one succeeded. */
export function failuresOfStep(step: StepContent): ToolCallFailure[] | undefined {
  // An unknown tool or invalid input marks the call itself (`invalid`, with the SDK's error); its
  // tool-error part only carries the message the model reads.
  const invalidCalls = new Map<string, ToolCallFailureKind>();
  let calls = 0;
  for (const part of step.content) {
    if (part.type !== 'tool-call') continue;
    calls += 1;
    if (part.invalid) invalidCalls.set(part.toolCallId, kindOf(part.error));
  }
  const failures: ToolCallFailure[] = [];
  for (const part of step.content) {
    const failed = part.type === 'tool-error' || (part.type === 'tool-result' && reportsFailure(part.output));
    if (!failed) continue;
    failures.push({ kind: invalidCalls.get(part.toolCallId) ?? 'tool_failed', toolName: part.toolName, signature: signatureOf(part.toolName, part.input) });
  }
  return calls > 0 && failures.length === calls ? failures : undefined;
}

/** True when the last `times` steps each consisted of the very same failing calls. */
export function repeatsSameFailingCalls(steps: readonly StepContent[], times: number): boolean {
  if (steps.length < times) return false;
  const signatures = steps.slice(-times).map((step) => failuresOfStep(step)?.map((failure) => failure.signature).join('\n'));
  return signatures[0] !== undefined && signatures.every((signature) => signature === signatures[0]);
}

/** Tools report handled failures in their output ({status: 'error' | 'refused'}) rather than throwing. */
export function reportsFailure(output: unknown): boolean {
  if (typeof output !== 'object' || output === null) return false;
  const status = (output as { status?: unknown }).status;
  return status === 'error' || status === 'refused';
}

function kindOf(error: unknown): ToolCallFailureKind {
  if (NoSuchToolError.isInstance(error)) return 'unknown_tool';
  if (InvalidToolInputError.isInstance(error)) return 'invalid_input';
  return 'tool_failed';
}

function signatureOf(toolName: string, input: unknown): string {
  return `${toolName} ${JSON.stringify(input ?? null)}`;
}
