// Teams' own 👍/👎 on an answer (the feedback loop): Teams sends a `message/submitAction` invoke
// with the reaction and, after a 👎 or 👍, the text typed into its feedback form. It is answered
// inside the request (Teams waits for the invoke response and shows an error when it fails), and
// stored with the question and SQL of the answer the rated message carried.
import type { TurnContext } from '@microsoft/agents-hosting';
import type { AnswerFeedbackRecorder } from '../../../conversations/answer-feedback.js';
import type { FeedbackRating } from '../../../store/types.js';
import type { InboundActivity } from '../inbound/inbound-activity.js';
import { teamsThreadId, tenantIdOf, threadConversationIdOf } from '../inbound/teams-thread.js';
import type { ChannelLogger } from '../../channel-logger.js';
import type { ThreadValues } from '../stories/story-card-ledger.js';

export const FEEDBACK_INVOKE_NAME = 'message/submitAction';

/** Which answer a posted activity carries: kept when the answer is posted, read when it is rated. */
export interface AnsweredActivities {
  remember(threadId: string, activityId: string, answerId: string): Promise<void>;
  answerOf(threadId: string, activityId: string): Promise<string | undefined>;
}

export interface TeamsFeedback {
  recorder: Pick<AnswerFeedbackRecorder, 'record'>;
  activities: AnsweredActivities;
}

export function createAnsweredActivities(values: ThreadValues): AnsweredActivities {
  const key = (activityId: string) => `teams.answer.${activityId}`;
  return {
    remember: (threadId, activityId, answerId) => values.set(threadId, key(activityId), answerId),
    answerOf: (threadId, activityId) => values.get(threadId, key(activityId)),
  };
}

export function isFeedbackInvoke(activity: InboundActivity): boolean {
  return activity.type === 'invoke' && activity.name === FEEDBACK_INVOKE_NAME;
}

interface SubmittedFeedback {
  rating: FeedbackRating;
  comment: string;
}

/** `value: { actionName: 'feedback', actionValue: { reaction: 'like' | 'dislike', feedback: '{"feedbackText":"…"}' } }` */
function readSubmittedFeedback(value: unknown): SubmittedFeedback | undefined {
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  if (record.actionName !== 'feedback') return undefined;
  const actionValue = typeof record.actionValue === 'object' && record.actionValue !== null ? (record.actionValue as Record<string, unknown>) : {};
  const rating = actionValue.reaction === 'like' ? 'positive' : actionValue.reaction === 'dislike' ? 'negative' : undefined;
  if (!rating) return undefined;
  return { rating, comment: feedbackText(actionValue.feedback) };
}

/** Teams sends the form's content as a JSON string; a plain string is taken as the text itself. */
function feedbackText(feedback: unknown): string {
  if (typeof feedback !== 'string' || feedback.trim() === '') return '';
  try {
    const parsed: unknown = JSON.parse(feedback);
    if (typeof parsed === 'object' && parsed !== null && typeof (parsed as { feedbackText?: unknown }).feedbackText === 'string') return (parsed as { feedbackText: string }).feedbackText;
    return typeof parsed === 'string' ? parsed : '';
  } catch {
    return feedback;
  }
}

export async function answerFeedbackInvoke(feedback: TeamsFeedback | undefined, logger: ChannelLogger, activity: InboundActivity, turnContext: TurnContext): Promise<void> {
  const status = await storeFeedback(feedback, logger, activity);
  await turnContext.sendActivity({ type: 'invokeResponse', value: { status, body: {} } } as Parameters<TurnContext['sendActivity']>[0]);
}

async function storeFeedback(feedback: TeamsFeedback | undefined, logger: ChannelLogger, activity: InboundActivity): Promise<number> {
  const submitted = readSubmittedFeedback(activity.value);
  const messageId = activity.replyToId;
  if (!feedback || !submitted || !messageId) {
    logger.warn('Teams feedback invoke not understood or feedback not configured; nothing stored.', { activityId: activity.id, hasReplyToId: Boolean(messageId) });
    return 400;
  }
  const threadId = teamsThreadId(tenantIdOf(activity), threadConversationIdOf(activity));
  const from = activity.from ?? {};
  try {
    const answerId = (await feedback.activities.answerOf(threadId, messageId)) ?? '';
    const result = await feedback.recorder.record({
      threadId,
      answerId,
      messageId,
      actor: { platform: 'teams', userId: from.aadObjectId ?? from.id ?? 'unknown-user', ...(from.name ? { displayName: from.name } : {}) },
      rating: submitted.rating,
      comment: submitted.comment,
    });
    if (result.kind === 'recorded_without_answer') logger.warn('Teams feedback stored without its question and SQL: the rated message is not a remembered answer.', { threadId, messageId });
    logger.info('Teams feedback stored.', { threadId, rating: submitted.rating, withText: submitted.comment.trim() !== '' });
    return 200;
  } catch (error) {
    // A non-200 answer makes Teams tell the person their feedback did not go through.
    logger.error('Teams feedback could not be stored.', { threadId, error });
    return 500;
  }
}
