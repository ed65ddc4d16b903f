// Clicks on buttons datathread did not render (another app's message, an old layout, a workflow)
// still reach this app's request URL. Unanswered, Bolt waits 3 seconds, answers 404 and logs an
// error; acknowledging them and writing one line keeps the log honest.
import type { App, BlockAction } from '@slack/bolt';
import type { ChannelContext } from '../channel-context.js';

/** Every action id datathread renders starts with this. */
const OWN_ACTION_PREFIX = 'datathread_';

export function registerForeignButtonListener(app: App, context: ChannelContext): void {
  app.action<BlockAction>({ type: 'block_actions', action_id: new RegExp(`^(?!${OWN_ACTION_PREFIX})`) }, async ({ ack, body }) => {
    await ack();
    const action = body.actions[0];
    context.logger.info('Acknowledged a click on a button datathread did not create; nothing to do.', { actionId: action?.action_id, userId: body.user.id });
  });
}
