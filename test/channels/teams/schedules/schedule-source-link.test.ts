// The link back to a schedule's thread in Teams' documented deep-link forms: a channel thread links
// to its root message (groupId only where the activity names the team's group), a group chat to the
// chat itself; a personal chat (known only by its Bot Framework id) gets no link.
import { describe, expect, it } from 'vitest';
import { readInboundActivity } from '../../../../src/channels/teams/inbound/inbound-activity.js';
import { scheduleSourceLink } from '../../../../src/channels/teams/schedules/schedule-source-link.js';
import { CHANNEL_ID, TEAM_ID, TENANT_ID, channelCardClick, groupChatMessage, personalMessage } from '../teams-activities.js';

const SERVICE_URL = 'https://smba.trafficmanager.net/emea/';
const CHAT_CONTEXT = encodeURIComponent(JSON.stringify({ contextType: 'chat' }));

describe('scheduleSourceLink (Teams)', () => {
  it('links a channel thread to its root message, with the team group when the activity names it', () => {
    const click = channelCardClick(SERVICE_URL, '1772460000300', '1772460000200', 'card-1', { datathread: 'schedule_confirm', proposalId: 'proposal_1' });
    const root = `https://teams.microsoft.com/l/message/${encodeURIComponent(CHANNEL_ID)}/1772460000200`;
    expect(scheduleSourceLink(readInboundActivity(click))).toBe(`${root}?tenantId=${TENANT_ID}&parentMessageId=1772460000200`);
    const withGroup = { ...click, channelData: { ...click.channelData, team: { id: TEAM_ID, aadGroupId: 'group-0001' } } };
    expect(scheduleSourceLink(readInboundActivity(withGroup))).toBe(`${root}?tenantId=${TENANT_ID}&groupId=group-0001&parentMessageId=1772460000200`);
  });

  it('links a group chat to the chat, and gives a personal chat no link', () => {
    expect(scheduleSourceLink(readInboundActivity(groupChatMessage(SERVICE_URL, 'message-1', 'hi', true)))).toBe(
      `https://teams.microsoft.com/l/chat/${encodeURIComponent('19:meeting_group-chat-1@thread.v2')}/conversations?tenantId=${TENANT_ID}&context=${CHAT_CONTEXT}`,
    );
    expect(scheduleSourceLink(readInboundActivity(personalMessage(SERVICE_URL, 'message-2', 'hi')))).toBeUndefined();
  });

  it('gives no link for an activity without a conversation', () => {
    expect(scheduleSourceLink(readInboundActivity({ type: 'message', id: '1' }))).toBeUndefined();
  });
});
