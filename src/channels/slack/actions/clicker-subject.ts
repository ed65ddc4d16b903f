// Who clicked a button, with the groups they belong to right now: the same subject a question from
// them would be checked as (e-mail from users.info, groups from group-membership.ts). Every click
// that needs a grant or a place on a list (a result's database, verifiers, admins) starts here, so a
// person listed through a group is recognised wherever they click.
import type { AccessSubject } from '../../../access/access-rules.js';
import type { ReplyTarget } from '../types.js';
import type { ChannelContext } from '../channel-context.js';

/** What a click says about where it happened and who made it (a ButtonClick fits). */
export interface ClickPlace {
  userId: string;
  target: Pick<ReplyTarget, 'channelId' | 'teamId'>;
}

export async function clickerSubject(context: Pick<ChannelContext, 'users' | 'groupMembership'>, click: ClickPlace): Promise<AccessSubject> {
  const actor = await context.users.lookUp(click.userId);
  const subject: AccessSubject = { platform: 'slack', channelId: click.target.channelId, teamId: click.target.teamId, userId: click.userId, email: actor.email };
  return context.groupMembership ? context.groupMembership.withGroups(subject) : subject;
}
