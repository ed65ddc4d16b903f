// Who clicked a card button, with the groups they belong to right now: the same subject a question
// from them would be checked as. Every click that needs a grant or a place on a list (CSV, a story
// re-post, Verify, memory Approve / Reject / Undo, schedule confirmations and changes) starts here:
// the person clicking is not always the person who asked, and may be listed through a group.
import { accessSubjectOf, type AccessSubject } from '../../../access/access-rules.js';
import type { ChannelContext } from '../channel-context.js';
import type { InboundActivity } from '../inbound/inbound-activity.js';
import { buildTeamsTurnRequest } from '../inbound/turn-request.js';

export async function clickerSubject(context: Pick<ChannelContext, 'groupMembership'>, activity: InboundActivity): Promise<AccessSubject> {
  const subject = accessSubjectOf(buildTeamsTurnRequest(activity, ''));
  return context.groupMembership ? context.groupMembership.withGroups(subject) : subject;
}
