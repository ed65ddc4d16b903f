// The Stop button on the working message: cancels the thread's running turn. The engine ends the
// turn as "cancelled" and the adapter posts that; here the clicker only hears back if nothing ran.
// A turn running in another replica is stopped through the state store (TurnJobs.requestStop).
import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import { NOTHING_TO_STOP_SENTENCE } from '../../../conversations/standard-sentences.js';
import { ACTION_IDS } from './action-ids.js';
import { readButtonClick } from './button-click.js';
import { outboxFor, type ChannelContext } from '../channel-context.js';
import { explainSlackError } from '../outbox/slack-api-errors.js';

export const NOTHING_TO_STOP_TEXT = NOTHING_TO_STOP_SENTENCE;

export function registerStopActionListener(app: App, context: ChannelContext): void {
  app.action<BlockAction<ButtonAction>>({ type: 'block_actions', action_id: ACTION_IDS.stop }, async ({ ack, body }) => {
    await ack();
    const click = readButtonClick(body);
    if (!click) return;
    if (context.handler.cancel(click.target.threadId)) {
      context.logger.info('Slack user stopped a turn.', { threadId: click.target.threadId, userId: click.userId });
      return;
    }
    context.tasks.run('stop reply', async () => {
      if (await context.turns.requestStop(click.target.threadId)) {
        context.logger.info('Slack user stopped a turn running in another process.', { threadId: click.target.threadId, userId: click.userId });
        return;
      }
      await outboxFor(context, click.target)
        .postPrivately(click.userId, { text: NOTHING_TO_STOP_TEXT, blocks: [] })
        .catch((error: unknown) => context.logger.warn(explainSlackError('answer the Stop click', error)));
    });
  });
}
