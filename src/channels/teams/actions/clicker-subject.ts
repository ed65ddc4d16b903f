// Buttons that show stored data (CSV, a story re-post) check the clicker's grants with the same
// rules and groups a question would meet: the person clicking is not always the person who asked.
import { accessSubjectOf, type AccessSubject } from '../../../conversations/access-rules.js';
import type { ChannelContext } from '../channel-context.js';
import type { InboundActivity } from '../inbound/inbound-activity.js';
import { buildTeamsTurnRequest } from '../inbound/turn-request.js';

export async function clickerSubject(context: Pick<ChannelContext, 'groupMembership'>, activity: InboundActivity): Promise<AccessSubject> {
  const subject = accessSubjectOf(buildTeamsTurnRequest(activity, ''));
  return context.groupMembership ? context.groupMembership.withGroups(subject) : subject;
}
