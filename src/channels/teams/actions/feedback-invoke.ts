// Teams' own 👍/👎 on an answer (the feedback loop): Teams sends a `message/submitAction` invoke
// with the reaction and, after a 👎 or 👍, the text typed into its feedback form. It is answered
// inside the request (Teams waits for the invoke response and shows "Unable to reach app" when it
// is not a 200), and stored with the question and SQL of the answer the rated message carried.
// The invoke does not always name that message: the Agents Playground sends no `replyToId`, and
// real Teams may send an id other than the one the bot got when posting. So the rated answer is
// found by the id when it is one we posted, else it is the conversation's latest answer; a rating
// is stored even when neither is known, because the person's words matter more than the link.
import type { TurnContext } from '@microsoft/agents-hosting';
import type { AnswerFeedbackRecorder } from '../../../conversations/answer-feedback.js';
import type { FeedbackRating } from '../../../store/types.js';
import type { InboundActivity } from '../inbound/inbound-activity.js';
import { teamsThreadId, tenantIdOf, threadConversationIdOf } from '../inbound/teams-thread.js';
import type { ChannelLogger } from '../../channel-logger.js';
import type { ThreadValues } from '../stories/story-card-ledger.js';

export const FEEDBACK_INVOKE_NAME = 'message/submitAction';

/** An answer message the bot posted: its activity id and the answer id it carries. */
export interface AnsweredActivity {
  activityId: string;
  answerId: string;
}

/** Which answer a posted activity carries: kept when the answer is posted, read when it is rated. */
export interface AnsweredActivities {
  /** Also makes this the thread's latest answer. */
  remember(threadId: string, activityId: string, answerId: string): Promise<void>;
  answerOf(threadId: string, activityId: string): Promise<string | undefined>;
  latest(threadId: string): Promise<AnsweredActivity | undefined>;
}

export interface TeamsFeedback {
  recorder: Pick<AnswerFeedbackRecorder, 'record'>;
  activities: AnsweredActivities;
}

const LATEST_ANSWER_KEY = 'teams.answer.latest';

export function createAnsweredActivities(values: ThreadValues): AnsweredActivities {
  const key = (activityId: string) => `teams.answer.${activityId}`;
  return {
    async remember(threadId, activityId, answerId) {
      await values.set(threadId, key(activityId), answerId);
      await values.set(threadId, LATEST_ANSWER_KEY, JSON.stringify({ activityId, answerId } satisfies AnsweredActivity));
    },
    answerOf: (threadId, activityId) => values.get(threadId, key(activityId)),
    async latest(threadId) {
      const value = await values.get(threadId, LATEST_ANSWER_KEY);
      if (!value) return undefined;
      try {
        const parsed = JSON.parse(value) as Partial<AnsweredActivity>;
        return typeof parsed.activityId === 'string' && typeof parsed.answerId === 'string' ? { activityId: parsed.activityId, answerId: parsed.answerId } : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

/** The message a rating is about, with the answer it carried ('' when no answer is known). */
async function ratedAnswer(activities: AnsweredActivities, threadId: string, replyToId: string | undefined): Promise<AnsweredActivity | undefined> {
  if (replyToId) {
    const answerId = await activities.answerOf(threadId, replyToId);
    if (answerId !== undefined) return { activityId: replyToId, answerId };
  }
  return activities.latest(threadId);
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
  if (!feedback || !submitted) {
    logger.warn('Teams feedback invoke not understood or feedback not configured; nothing stored.', { activityId: activity.id });
    return 400;
  }
  const threadId = teamsThreadId(tenantIdOf(activity), threadConversationIdOf(activity));
  const from = activity.from ?? {};
  const replyToId = activity.replyToId || undefined;
  try {
    const rated = await ratedAnswer(feedback.activities, threadId, replyToId);
    if (!rated || rated.activityId !== replyToId) {
      logger.warn('Teams feedback names no answer message the bot posted; it is linked to the latest answer of the conversation.', { threadId, replyToId, linkedTo: rated?.activityId });
    }
    // Without any known answer the rating is still kept, under the id Teams sent (or none).
    const messageId = rated?.activityId ?? replyToId ?? '';
    const result = await feedback.recorder.record({
      threadId,
      answerId: rated?.answerId ?? '',
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
