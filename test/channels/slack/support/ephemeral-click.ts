// A click on a button of an ephemeral message (only its recipient sees it): Slack sends the
// block_actions payload with `container.is_ephemeral` and without the message itself. Buttons may
// sit in actions blocks or as a section's accessory.
import type { FakeEphemeralMessage } from '../../../fakes/slack-api-server.js';
import type { SlackHarness } from './slack-harness.js';
import { buttonClickPayload, sendSlackAction } from './slack-requests.js';
import { SIGNING_SECRET } from './slack-harness.js';

type ButtonLike = { type: string; action_id?: string };
type BlockLike = { type: string; block_id?: string; elements?: ButtonLike[]; accessory?: ButtonLike };

/** The message's blocks with every accessory button moved into an actions block of its own. */
function withAccessoriesAsActions(blocks: BlockLike[]): BlockLike[] {
  return blocks.map((block) => (block.accessory?.type === 'button' ? { type: 'actions', block_id: block.block_id, elements: [block.accessory] } : block));
}

export async function sendEphemeralClick(harness: SlackHarness, message: FakeEphemeralMessage, actionId: string, userId: string): Promise<Response> {
  const searchable = { ...message, blocks: withAccessoriesAsActions((message.blocks ?? []) as BlockLike[]) };
  const payload = buttonClickPayload(searchable, actionId, userId);
  delete payload.message;
  payload.container = { type: 'message', message_ts: message.ts, channel_id: message.channel, is_ephemeral: true };
  return sendSlackAction(harness.eventsUrl, SIGNING_SECRET, payload);
}
