// Activity JSON as Teams sends it to /api/messages (shapes taken from real channel, group chat
// and personal chat deliveries), with the serviceUrl pointing at the fake connector.
export const TENANT_ID = '72f988bf-86f1-41af-91ab-2d7cd011db47';
export const BOT_ID = '28:6d2a1d7c-4a3b-4c5e-9f00-0b1c2d3e4f50';
export const BOT_NAME = 'datathread';
export const CHANNEL_ID = '19:7b3f2a9c1e5d4f6a8b0c2d4e6f8a0b1c@thread.tacv2';
export const TEAM_ID = '19:0a1b2c3d4e5f60718293a4b5c6d7e8f9@thread.tacv2';
export const ADA = { id: '29:1ada-lovelace', name: 'Ada Lovelace', aadObjectId: '4c0b5f2e-aaaa-4f4f-9f9f-000000000001' };
export const GRACE = { id: '29:1grace-hopper', name: 'Grace Hopper', aadObjectId: '4c0b5f2e-bbbb-4f4f-9f9f-000000000002' };

type Person = typeof ADA;

function channelData() {
  return {
    teamsChannelId: CHANNEL_ID,
    teamsTeamId: TEAM_ID,
    channel: { id: CHANNEL_ID },
    team: { id: TEAM_ID },
    tenant: { id: TENANT_ID },
  };
}

function base(serviceUrl: string, id: string, from: Person) {
  return {
    type: 'message',
    id,
    timestamp: '2026-03-02T10:15:00.000Z',
    localTimestamp: '2026-03-02T11:15:00.000+01:00',
    channelId: 'msteams',
    serviceUrl,
    from,
    recipient: { id: BOT_ID, name: BOT_NAME },
    locale: 'en-US',
    textFormat: 'plain',
  };
}

function botMention() {
  return { type: 'mention', text: `<at>${BOT_NAME}</at>`, mentioned: { id: BOT_ID, name: BOT_NAME } };
}

/** A new channel post that @mentions the bot: the conversation id has no `;messageid=` yet. */
export function channelMention(serviceUrl: string, id: string, question: string, from: Person = ADA) {
  return {
    ...base(serviceUrl, id, from),
    text: `<at>${BOT_NAME}</at> ${question}`,
    conversation: { isGroup: true, conversationType: 'channel', tenantId: TENANT_ID, id: CHANNEL_ID },
    entities: [botMention(), { type: 'clientInfo', locale: 'en-US', country: 'US', platform: 'Web', timezone: 'Europe/London' }],
    channelData: channelData(),
  };
}

/** A reply inside the thread of `rootId`, without a mention (delivered thanks to the RSC permission). */
export function channelThreadReply(serviceUrl: string, id: string, rootId: string, text: string, from: Person = ADA) {
  return {
    ...base(serviceUrl, id, from),
    text,
    replyToId: rootId,
    conversation: { isGroup: true, conversationType: 'channel', tenantId: TENANT_ID, id: `${CHANNEL_ID};messageid=${rootId}` },
    entities: [{ type: 'clientInfo', locale: 'en-US', country: 'US', platform: 'Web', timezone: 'Europe/London' }],
    channelData: channelData(),
  };
}

/** A click on an Action.Submit button of the card `cardActivityId` in the thread of `rootId`. */
export function channelCardClick(serviceUrl: string, id: string, rootId: string, cardActivityId: string, value: unknown, from: Person = ADA) {
  return {
    ...base(serviceUrl, id, from),
    replyToId: cardActivityId,
    value,
    conversation: { isGroup: true, conversationType: 'channel', tenantId: TENANT_ID, id: `${CHANNEL_ID};messageid=${rootId}` },
    entities: [{ type: 'clientInfo', locale: 'en-US', country: 'US', platform: 'Web', timezone: 'Europe/London' }],
    channelData: { ...channelData(), source: { name: 'message' }, legacy: { replyToId: cardActivityId } },
  };
}

export function groupChatMessage(serviceUrl: string, id: string, text: string, mention: boolean, from: Person = ADA) {
  return {
    ...base(serviceUrl, id, from),
    text: mention ? `<at>${BOT_NAME}</at> ${text}` : text,
    conversation: { isGroup: true, conversationType: 'groupChat', tenantId: TENANT_ID, id: '19:meeting_group-chat-1@thread.v2' },
    entities: mention ? [botMention()] : [],
    channelData: { tenant: { id: TENANT_ID } },
  };
}

export function personalMessage(serviceUrl: string, id: string, text: string, from: Person = ADA) {
  return {
    ...base(serviceUrl, id, from),
    text,
    conversation: { conversationType: 'personal', tenantId: TENANT_ID, id: 'a:1personal-chat-ada' },
    entities: [{ type: 'clientInfo', locale: 'en-US', country: 'US', platform: 'Windows', timezone: 'Europe/London' }],
    channelData: { tenant: { id: TENANT_ID } },
  };
}

export async function postActivity(baseUrl: string, activity: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${baseUrl}/api/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(activity),
  });
}
