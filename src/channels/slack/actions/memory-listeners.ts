// Undo / Approve / Reject under a memory note. The decision is made in the core
// (memory/memory-decisions.ts); here the click is read, the clicker's e-mail and groups looked
// up (a verifier may be listed by e-mail or a group; clicker-subject.ts), and the answer shown: the buttons are replaced by what was
// done, for everyone; a refusal (not a verifier, another channel) goes to the clicker only.
import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import type { MemoryDecision } from '../../../memory/memory-decisions.js';
import { ACTION_IDS, memoryBlockId } from './action-ids.js';
import { readButtonClick, type ButtonClick } from './button-click.js';
import { clickerSubject } from './clicker-subject.js';
import { outboxFor, type ChannelContext } from '../channel-context.js';
import { escapeMrkdwn } from '../render/escape-mrkdwn.js';
import { explainSlackError } from '../outbox/slack-api-errors.js';
import { disableButtons } from './disable-buttons.js';

const DECISIONS: Array<[string, MemoryDecision]> = [
  [ACTION_IDS.memoryUndo, 'undo'],
  [ACTION_IDS.memoryApprove, 'approve'],
  [ACTION_IDS.memoryReject, 'reject'],
];

export function registerMemoryListeners(app: App, context: ChannelContext): void {
  const memories = context.memories;
  if (!memories) return;
  for (const [actionId, decision] of DECISIONS) {
    app.action<BlockAction<ButtonAction>>({ type: 'block_actions', action_id: actionId }, async ({ ack, body }) => {
      await ack();
      const click = readButtonClick(body);
      const memoryId = click?.value.memory;
      if (!click || !memoryId) {
        context.logger.warn('Ignored a Slack memory button click without a memory in its value.', { actionId });
        return;
      }
      context.tasks.run('memory decision', () => decide(context, click, decision, memoryId));
    });
  }
}

async function decide(context: ChannelContext, click: ButtonClick, decision: MemoryDecision, memoryId: string): Promise<void> {
  const actor = await context.users.lookUp(click.userId);
  const { groups } = await clickerSubject(context, click);
  const outbox = outboxFor(context, click.target);
  const result = await context.memories!.decide(decision, memoryId, { userId: click.userId, email: actor.email, displayName: actor.displayName, groups, channelId: click.target.channelId });
  if (result.kind === 'refused') {
    context.logger.info('Slack memory decision refused.', { threadId: click.target.threadId, memoryId, decision, userId: click.userId });
    await outbox
      .postPrivately(click.userId, { text: result.reason, blocks: [] })
      .catch((error: unknown) => context.logger.warn(explainSlackError('tell the clicker why the memory did not change', error)));
    return;
  }
  context.logger.info('Slack memory decision made.', { threadId: click.target.threadId, memoryId, decision });
  await disableButtons(outbox, click, memoryBlockId(memoryId), `→ ${escapeMrkdwn(result.sentence)}`);
}
