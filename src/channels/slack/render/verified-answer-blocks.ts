// An answer's blocks once its query is verified: the ✓ Verify button gives way to the badge, so
// everyone looking at the answer sees it is trusted and nobody is offered the button again.
import { BLOCK_IDS } from '../actions/action-ids.js';
import type { SlackBlock } from './block-kit.js';
import { escapeMrkdwn } from './escape-mrkdwn.js';

export function withVerifiedBadgeInsteadOfButton(blocks: readonly SlackBlock[], badgeText: string): SlackBlock[] {
  const badge: SlackBlock = { type: 'context', block_id: BLOCK_IDS.verifiedBadge, elements: [{ type: 'mrkdwn', text: `*${escapeMrkdwn(badgeText)}*` }] };
  return blocks.filter((block) => block.block_id !== BLOCK_IDS.verifiedBadge).map((block) => (block.block_id === BLOCK_IDS.verify ? badge : block));
}
