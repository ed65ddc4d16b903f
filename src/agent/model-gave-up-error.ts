// The model kept making tool calls that failed (a tool it does not have, input the tool does not
// accept, calls the tool refused) until the step cap, or made the same failing call again and
// again. Each failure went back to the model as data first; this is what the user is told when
// the model could not recover.
import { DatathreadError } from '../support/errors.js';
import type { ToolCallFailure } from './failed-tool-calls.js';

/** How much of the failing call the log line keeps (inputs can hold long SQL). */
const SIGNATURE_SHOWN_CHARACTERS = 300;

export class ModelGaveUpError extends DatathreadError {
  readonly code = 'model_tool_calls_failed';

  constructor(
    /** The last failed call (the one the user is told about). */
    readonly failure: ToolCallFailure,
    readonly stepCount: number,
  ) {
    super(`The model's tool calls kept failing (${failure.kind}: ${failure.signature.slice(0, SIGNATURE_SHOWN_CHARACTERS)}) until it stopped after ${stepCount} steps.`);
  }
}
