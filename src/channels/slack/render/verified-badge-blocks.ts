// "✓ Verified query, by Ana, 2026-11-02" under an answer that ran a verified query: a quiet context
// line right under the answer text. The SQL itself is behind the answer's Show SQL button.
import type { ReplyPlan } from '../../../conversations/reply-plan.js';
import { verifiedBadgeText } from '../../../verified/verified-query.js';
import { BLOCK_IDS } from '../actions/action-ids.js';
import type { SlackBlock } from './block-kit.js';
import { escapeMrkdwn } from './escape-mrkdwn.js';

export function verifiedBadgeBlocks(plan: Pick<ReplyPlan, 'verifiedQuery'>): SlackBlock[] {
  if (!plan.verifiedQuery) return [];
  return [{ type: 'context', block_id: BLOCK_IDS.verifiedBadge, elements: [{ type: 'mrkdwn', text: `*${escapeMrkdwn(verifiedBadgeText(plan.verifiedQuery))}*` }] }];
}
