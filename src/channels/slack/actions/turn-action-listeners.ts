// Clicks that continue the conversation: a follow-up suggestion, a clarification option, Retry.
// Each becomes a turn job before it is acked; the turn's dedupe key is the message ts + action id, so a double click
// (or Slack redelivering the click) runs one turn. The buttons are disabled right away.
import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import type { TurnKind } from '../../../conversations/types.js';
import { ACTION_IDS, BLOCK_IDS, numberedActionPattern } from './action-ids.js';
import { readButtonClick, type ButtonClick } from './button-click.js';
import { eventKeyForClick, outboxFor, type ChannelContext } from '../channel-context.js';
import { escapeMrkdwn } from '../render/escape-mrkdwn.js';
import { choiceLine, disableButtons } from './disable-buttons.js';
import { buildSlackTurnRequest } from '../inbound/turn-request.js';
import type { SlackTurnReply } from '../turns/slack-turn-jobs.js';

interface ClickTurnSpec {
  kind: TurnKind;
  blockId: string;
  /** The line that replaces the buttons. */
  choice: (click: ButtonClick) => string;
  /** Shown in the thread when the turn starts, so the thread reads like a conversation. */
  announcement?: (click: ButtonClick) => string;
}

const SPECS: Array<[RegExp | string, ClickTurnSpec]> = [
  [
    numberedActionPattern(ACTION_IDS.followUp),
    {
      kind: 'follow_up',
      blockId: BLOCK_IDS.followUps,
      choice: (click) => choiceLine(click.userId, click.value.text ?? ''),
      announcement: (click) => `<@${click.userId}> asked: ${escapeMrkdwn(click.value.text ?? '')}`,
    },
  ],
  [
    numberedActionPattern(ACTION_IDS.clarification),
    { kind: 'clarification_answer', blockId: BLOCK_IDS.clarification, choice: (click) => choiceLine(click.userId, click.value.text ?? '') },
  ],
  [ACTION_IDS.retry, { kind: 'retry', blockId: BLOCK_IDS.retry, choice: (click) => `→ <@${click.userId}> asked to retry` }],
];

export function registerTurnActionListeners(app: App, context: ChannelContext): void {
  for (const [actionId, spec] of SPECS) {
    app.action<BlockAction<ButtonAction>>({ type: 'block_actions', action_id: actionId }, async ({ ack, body }) => {
      const click = readButtonClick(body);
      if (!click) {
        await ack();
        context.logger.warn('Ignored a Slack button click without a datathread thread in its value (an old or foreign message).', { actionId: body.actions[0]?.action_id });
        return;
      }
      // The job is persisted before Slack hears back; a failed write makes Slack show an error.
      const accepted = await continueConversation(context, click, spec);
      await ack();
      if (accepted) context.tasks.run('button click', () => disableButtons(outboxFor(context, click.target), click, spec.blockId, spec.choice(click)));
    });
  }
}

async function continueConversation(context: ChannelContext, click: ButtonClick, spec: ClickTurnSpec): Promise<boolean> {
  const { target } = click;
  const actor = { platform: 'slack' as const, userId: click.userId };
  const request = buildSlackTurnRequest({ target, actor, text: click.value.text ?? '', kind: spec.kind, eventKey: eventKeyForClick(click.messageTs, click.actionId) });
  const announcement = spec.announcement?.(click);
  const reply: SlackTurnReply = { target, ...(announcement ? { announcement } : {}) };
  return context.turns.submit(request, reply);
}
