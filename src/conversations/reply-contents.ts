// What is left of a reply once parts of it were shown apart: the answer's words streamed into the
// thread while the model wrote them, or the stories posted as messages of their own. One rule for
// every channel, so no channel posts an empty message or drops the buttons of an otherwise empty one.
import type { ReplyPlan } from './reply-plan.js';

export interface ShownApart {
  /** The answer's words are in the thread already (streamed). */
  answer?: boolean;
  /** The stories are posted as messages of their own. */
  stories?: boolean;
}

/** What this channel offers beyond the plan's own controls. */
export interface ChannelOffers {
  /** Verifiers are configured: an answer resting on a query gets a Verify button. */
  verify?: boolean;
}

/** Whether the reply still has something to show beside what was shown apart: a text, an attachment or an action. */
export function hasContentBeside(plan: ReplyPlan, apart: ShownApart = {}, offers: ChannelOffers = {}): boolean {
  const { controls } = plan;
  const texts = (!apart.answer && plan.answer !== '') || plan.notes.length > 0 || plan.memoryNotes.length > 0 || plan.scheduleProposals.length > 0 || plan.sentence !== undefined || plan.verifiedQuery !== undefined;
  const attachments = plan.charts.length > 0 || plan.tables.length > 0 || (!apart.stories && plan.stories.length > 0);
  const actions = controls.clarification !== undefined || controls.followUps.length > 0 || controls.showSql.length > 0 || controls.retry || (offers.verify === true && plan.verifyAnswerId !== undefined);
  return texts || attachments || actions;
}

/**
 * Whether the streamed words stay in the thread as the answer: the turn ended with an answer or a
 * question (a failed, stopped or empty turn says its sentence instead).
 */
export function streamedAnswerStays(plan: ReplyPlan): boolean {
  return plan.sentence === undefined && plan.answer !== '';
}

/** The reply that follows a streamed answer that stays: everything but its words. */
export function afterStreamedAnswer(plan: ReplyPlan): ReplyPlan {
  return { ...plan, answer: '' };
}
