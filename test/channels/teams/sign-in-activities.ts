// The people of the federated fixture as Teams sends them (from.aadObjectId = their Entra object
// id, as issued by test/fakes/entra-server.ts), and the sign-in invokes Teams sends after an
// OAuth card: signin/verifyState (the Sign in button; value.state is the magic code) and
// signin/tokenExchange (single sign-on; value carries the user's SSO token).
import { CHANNEL_ID, TEAM_ID, TENANT_ID, BOT_ID, BOT_NAME } from './teams-activities.js';

export const ALICE_TEAMS = { id: '29:1alice-example', name: 'Alice Example', aadObjectId: '11111111-1111-4111-8111-111111111111' };
export const BOB_TEAMS = { id: '29:1bob-example', name: 'Bob Example', aadObjectId: '22222222-2222-4222-8222-222222222222' };
export const PERSONAL_CHAT_ID = 'a:1personal-chat-alice';

type Person = typeof ALICE_TEAMS;

export function channelThreadConversation(rootId: string) {
  return { isGroup: true, conversationType: 'channel', tenantId: TENANT_ID, id: `${CHANNEL_ID};messageid=${rootId}` };
}

export function personalConversation() {
  return { conversationType: 'personal', tenantId: TENANT_ID, id: PERSONAL_CHAT_ID };
}

function channelData(conversationType: string) {
  return conversationType === 'channel'
    ? { teamsChannelId: CHANNEL_ID, teamsTeamId: TEAM_ID, channel: { id: CHANNEL_ID }, team: { id: TEAM_ID }, tenant: { id: TENANT_ID } }
    : { tenant: { id: TENANT_ID } };
}

export function signInInvoke(
  serviceUrl: string,
  id: string,
  name: 'signin/verifyState' | 'signin/tokenExchange' | 'signin/failure',
  value: Record<string, unknown>,
  conversation: { conversationType: string; tenantId: string; id: string; isGroup?: boolean },
  from: Person,
) {
  return {
    type: 'invoke',
    name,
    id,
    timestamp: '2026-03-02T10:16:00.000Z',
    channelId: 'msteams',
    serviceUrl,
    from,
    recipient: { id: BOT_ID, name: BOT_NAME },
    conversation,
    value,
    locale: 'en-US',
    channelData: channelData(conversation.conversationType),
  };
}

export function personalMessageFrom(serviceUrl: string, id: string, text: string, from: Person) {
  return {
    type: 'message',
    id,
    timestamp: '2026-03-02T10:15:00.000Z',
    channelId: 'msteams',
    serviceUrl,
    from,
    recipient: { id: BOT_ID, name: BOT_NAME },
    locale: 'en-US',
    textFormat: 'plain',
    text,
    conversation: personalConversation(),
    entities: [{ type: 'clientInfo', locale: 'en-US', country: 'US', platform: 'Windows', timezone: 'Europe/London' }],
    channelData: { tenant: { id: TENANT_ID } },
  };
}
