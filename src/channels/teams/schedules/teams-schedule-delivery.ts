// Posts a schedule's runs into Teams proactively: continueConversation with the conversation
// reference and request claims stored when the schedule was made (a channel thread, a group chat or
// a personal chat), the report (or story) as an Adaptive Card with its charts inline, and notices to the owner
// in their one-to-one chat with the bot. A conversation the bot can no longer post to (403, 404)
// pauses the schedule, and so does an owner the conversation no longer has as a member (404 on
// the member lookup before a run). Mirrors slack/schedules/slack-schedule-delivery.ts.
import type { ConnectorClient } from '@microsoft/agents-hosting';
import { DeliveryTargetGoneError } from '../../../schedules/schedule-errors.js';
import type { ScheduleDelivery } from '../../../schedules/scheduled-post.js';
import type { ScheduleRecord } from '../../../store/schedule-types.js';
import type { ChannelContext } from '../channel-context.js';
import { TeamsOutbox } from '../outbox/teams-outbox.js';
import { createCard, textBlock } from '../render/adaptive-card-types.js';
import { teamsTurnReplySchema } from '../turns/teams-turn-jobs.js';
import { scheduledPostCards } from './scheduled-post-card.js';
import { scheduledStoryElements } from './scheduled-story-elements.js';

/** HTTP statuses with which the connector says the bot cannot reach the conversation any more. */
const GONE_STATUSES = new Set([403, 404]);

function isGone(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && GONE_STATUSES.has(status);
}

type DeliveryContext = Pick<ChannelContext, 'adapter' | 'logger' | 'scheduleCards'>;

async function inConversation<T>(context: DeliveryContext, schedule: ScheduleRecord, work: (outbox: TeamsOutbox, connector: ConnectorClient) => Promise<T>): Promise<T> {
  // Stored as a turn job's reply target is: `{ target, identity }`, the claims and never a token.
  const { target, identity } = teamsTurnReplySchema.parse(schedule.delivery);
  const reference = { channelId: target.channelId, serviceUrl: target.serviceUrl, conversation: target.conversation, agent: target.bot, user: target.user };
  // The adapter hands an error thrown in the callback to its turn-error handler, not back to the
  // caller: it is caught here and thrown after, so the run sees a refused post as a failure.
  let outcome = { error: new Error('continueConversation did not run the delivery') } as { result: T } | { error: unknown };
  await context.adapter.continueConversation(identity, reference, async (turnContext) => {
    const connector = turnContext.turnState.get<ConnectorClient>(context.adapter.ConnectorClientKey);
    try {
      outcome = { result: await work(new TeamsOutbox(connector, target, undefined, undefined, context.logger), connector) };
    } catch (error) {
      outcome = { error };
    }
  });
  if ('error' in outcome) throw outcome.error;
  return outcome.result;
}

export function createTeamsScheduleDelivery(context: DeliveryContext): ScheduleDelivery {
  return {
    // No findPost: the connector cannot read an activity back, so the run's recorded activity id is
    // the only witness of a post (store/deliver-once.ts), and the delivery key is not sent.
    async post(schedule, post) {
      try {
        const cards = scheduledPostCards(post, post.story ? await scheduledStoryElements(post, post.story) : []);
        const activityIds = await inConversation(context, schedule, async (outbox) => {
          const posted: Array<string | undefined> = [];
          for (const each of cards) posted.push(await outbox.post(each));
          return posted;
        });
        // The buttons are on the last card: that is the one a click redraws.
        const activityId = activityIds.at(-1);
        const card = cards.at(-1);
        // Kept so a click on this post can redraw it with new buttons (a failure only costs that).
        if (activityId && card) await context.scheduleCards.remember(schedule.scheduleId, { activityId, card }).catch((error: unknown) => context.logger.warn('A scheduled post card was not kept; a click on it will answer with a card of its own.', { scheduleId: schedule.scheduleId, error }));
        return activityIds[0] ?? activityId ?? `teams:${schedule.scheduleId}`;
      } catch (error) {
        if (isGone(error)) throw new DeliveryTargetGoneError('the bot can no longer post in that Teams conversation (removed, or the conversation was deleted)', { cause: error });
        throw error;
      }
    },
    async tellOwner(schedule, text) {
      // The stored reference's user is the owner: the one-to-one chat with them.
      await inConversation(context, schedule, (outbox) => outbox.postPrivately(createCard([textBlock(text)])));
    },
    async tellThread(schedule, text) {
      await inConversation(context, schedule, (outbox) => outbox.post(createCard([textBlock(text, { isSubtle: true })])));
    },
    async ownerGoneReason(schedule) {
      const { target } = teamsTurnReplySchema.parse(schedule.delivery);
      const ownerId = target.user?.id;
      if (!ownerId) return undefined;
      try {
        // Members belong to the channel or chat, not to one thread of it: the `;messageid=` part goes.
        const conversationId = target.conversation.id.split(';')[0] ?? target.conversation.id;
        await inConversation(context, schedule, (_outbox, connector) => connector.getConversationMember(ownerId, conversationId));
        return undefined;
      } catch (error) {
        // 404: the owner is not a member any more (left the team or the organisation, account removed).
        if ((error as { status?: unknown } | null)?.status === 404) return 'the owner is no longer a member of that Teams conversation (left the team or the organisation)';
        return undefined;
      }
    },
  };
}
