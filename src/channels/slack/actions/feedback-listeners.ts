// 👍/👎 under an answer. A 👍 is stored at once; a 👎 is stored at once too (so nothing is lost if
// the person closes the modal) and opens a short "What went wrong?" modal whose optional text then
// updates the same record. The modal must open within Slack's three-second trigger window, so it
// is opened before anything is written.
import type { App, BlockAction, FeedbackButtonsAction, ViewSubmitAction } from '@slack/bolt';
import type { AnswerFeedback } from '../../../conversations/answer-feedback.js';
import { MAX_FEEDBACK_COMMENT_CHARACTERS } from '../../../conversations/answer-feedback.js';
import { ACTION_IDS, BLOCK_IDS, VIEW_IDS, decodeButtonValue } from './action-ids.js';
import { outboxFor, type ChannelContext } from '../channel-context.js';
import { parseSlackThreadId } from '../inbound/thread-id.js';
import { explainSlackError } from '../outbox/slack-api-errors.js';
import type { ReplyTarget } from '../types.js';

export const FEEDBACK_THANKS_TEXT = 'Thanks for the feedback.';
export const FEEDBACK_NOT_KEPT_TEXT = 'Sorry, your feedback could not be saved. Please try again in a minute.';

/** What the modal carries from the click to its submission (private_metadata, max 3,000 characters). */
interface FeedbackModalState {
  thread: string;
  answer: string;
  message: string;
  channel: string;
}

export function registerFeedbackListeners(app: App, context: ChannelContext): void {
  const recorder = context.feedback;
  if (!recorder) return;

  app.action<BlockAction<FeedbackButtonsAction>>({ type: 'block_actions', action_id: ACTION_IDS.feedback }, async ({ ack, body, client }) => {
    await ack();
    const value = decodeButtonValue(body.actions[0]?.value);
    const channelId = body.channel?.id ?? body.container?.channel_id;
    const messageTs = body.message?.ts ?? body.container?.message_ts;
    const target = value ? replyTarget(value.thread, channelId) : undefined;
    if (!value?.answer || !value.rating || !target || !messageTs) {
      context.logger.warn('Slack feedback click without a readable answer reference; nothing stored.', { actionId: ACTION_IDS.feedback });
      return;
    }
    const state: FeedbackModalState = { thread: value.thread, answer: value.answer, message: messageTs, channel: target.channelId };
    if (value.rating === 'negative') {
      await client.views
        .open({ trigger_id: body.trigger_id, view: feedbackModal(state) })
        .catch((error: unknown) => context.logger.warn(explainSlackError('open the "What went wrong?" form', error), { threadId: value.thread }));
    }
    const feedback: AnswerFeedback = { threadId: value.thread, answerId: value.answer, messageId: messageTs, actor: await actorFor(context, body.user.id), rating: value.rating };
    context.tasks.run('store feedback', () => store(context, feedback, target, value.rating === 'positive'));
  });

  app.view<ViewSubmitAction>(VIEW_IDS.feedbackModal, async ({ ack, body, view }) => {
    await ack();
    const state = readModalState(view.private_metadata);
    const target = state ? replyTarget(state.thread, state.channel) : undefined;
    if (!state || !target) {
      context.logger.warn('Slack feedback form submitted without its answer reference; the text is not stored.', { viewId: view.id });
      return;
    }
    const comment = view.state.values[BLOCK_IDS.feedbackComment]?.[ACTION_IDS.feedback]?.value ?? '';
    const feedback: AnswerFeedback = { threadId: state.thread, answerId: state.answer, messageId: state.message, actor: await actorFor(context, body.user.id), rating: 'negative', comment };
    context.tasks.run('store feedback text', () => store(context, feedback, target, true));
  });
}

async function store(context: ChannelContext, feedback: AnswerFeedback, target: ReplyTarget, thank: boolean): Promise<void> {
  const outbox = outboxFor(context, target);
  try {
    const result = await context.feedback!.record(feedback);
    if (result.kind === 'recorded_without_answer') {
      context.logger.warn('Feedback stored without its question and SQL: the answer it rates is not remembered.', { threadId: feedback.threadId, answerId: feedback.answerId });
    }
    context.logger.info('Slack feedback stored.', { threadId: feedback.threadId, rating: feedback.rating, withText: Boolean(feedback.comment?.trim()) });
    if (thank) await outbox.postPrivately(feedback.actor.userId, { text: FEEDBACK_THANKS_TEXT, blocks: [] });
  } catch (error) {
    context.logger.error('Slack feedback could not be stored.', { threadId: feedback.threadId, error });
    await outbox
      .postPrivately(feedback.actor.userId, { text: FEEDBACK_NOT_KEPT_TEXT, blocks: [] })
      .catch((postError: unknown) => context.logger.warn(explainSlackError('say that feedback was not saved', postError)));
  }
}

function feedbackModal(state: FeedbackModalState) {
  return {
    type: 'modal' as const,
    callback_id: VIEW_IDS.feedbackModal,
    private_metadata: JSON.stringify(state),
    title: { type: 'plain_text' as const, text: 'What went wrong?' },
    submit: { type: 'plain_text' as const, text: 'Send' },
    close: { type: 'plain_text' as const, text: 'Skip' },
    blocks: [
      {
        type: 'input' as const,
        block_id: BLOCK_IDS.feedbackComment,
        optional: true,
        label: { type: 'plain_text' as const, text: 'Tell us what was wrong or missing (optional)' },
        element: {
          type: 'plain_text_input' as const,
          action_id: ACTION_IDS.feedback,
          multiline: true,
          max_length: MAX_FEEDBACK_COMMENT_CHARACTERS,
          placeholder: { type: 'plain_text' as const, text: 'For example: wrong date range, revenue should exclude refunds' },
        },
      },
    ],
  };
}

function readModalState(metadata: string): FeedbackModalState | undefined {
  try {
    const parsed = JSON.parse(metadata) as Partial<FeedbackModalState>;
    if (typeof parsed.thread !== 'string' || typeof parsed.answer !== 'string' || typeof parsed.message !== 'string' || typeof parsed.channel !== 'string') return undefined;
    return parsed as FeedbackModalState;
  } catch {
    return undefined;
  }
}

function replyTarget(threadId: string, channelId: string | undefined): ReplyTarget | undefined {
  const address = parseSlackThreadId(threadId);
  if (!address || !channelId) return undefined;
  return { threadId, teamId: address.teamId, channelId, threadTs: address.threadTs, isDirectMessage: channelId.startsWith('D') };
}

async function actorFor(context: ChannelContext, userId: string): Promise<AnswerFeedback['actor']> {
  const actor = await context.users.lookUp(userId);
  return { platform: 'slack', userId, ...(actor.displayName ? { displayName: actor.displayName } : {}) };
}
