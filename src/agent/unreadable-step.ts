// A model step with nothing in it that the service never finished is not an answer: a proxy's HTML
// page served with status 200, a gateway's chunks with an empty `choices` list, a stream that closed
// before its first event. The provider packages report these as finish reason "interrupted" (the
// stream ended without a completion signal, AI SDK 7), "other" with no reason sent, or "error", not
// as an error, so without this check the turn would end as if the model had
// chosen to say nothing ("I finished without anything to show").
import type { StepResult, ToolSet } from 'ai';

export function isUnreadableStep(step: Pick<StepResult<ToolSet>, 'content' | 'finishReason' | 'rawFinishReason'>): boolean {
  if (step.content.length > 0) return false;
  return step.finishReason === 'error' || step.finishReason === 'interrupted' || (step.finishReason === 'other' && step.rawFinishReason === undefined);
}

/** What the log says about an unreadable step (the user sees ModelStreamError's sentence). */
export function describeUnreadableStep(step: Pick<StepResult<ToolSet>, 'finishReason'>): Error {
  return new Error(
    `The model service's response held no text, no tool call and no finish reason (finish reason "${step.finishReason}"): not an answer in the model API's format, e.g. an HTML page or an empty "choices" list.`,
  );
}
