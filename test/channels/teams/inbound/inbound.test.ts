import { describe, expect, it } from 'vitest';
import { readInboundActivity } from '../../../../src/channels/teams/inbound/inbound-activity.js';
import { routeActivity } from '../../../../src/channels/teams/inbound/route-activity.js';
import { stripBotMention } from '../../../../src/channels/teams/inbound/strip-bot-mention.js';
import { threadConversationIdOf } from '../../../../src/channels/teams/inbound/teams-thread.js';
import { RecordingTurnHandler } from '../recording-turn-handler.js';
import {
  ADA,
  BOT_ID,
  CHANNEL_ID,
  TEAM_ID,
  TENANT_ID,
  channelCardClick,
  channelMention,
  channelThreadReply,
  groupChatMessage,
  personalMessage,
} from '../teams-activities.js';

const SERVICE_URL = 'http://127.0.0.1:1/';

describe('Teams threads', () => {
  it('threads a channel root post under its own id and keeps an existing thread id', () => {
    expect(threadConversationIdOf(readInboundActivity(channelMention(SERVICE_URL, '1712000000001', 'hi')))).toBe(`${CHANNEL_ID};messageid=1712000000001`);
    expect(threadConversationIdOf(readInboundActivity(channelThreadReply(SERVICE_URL, '1712000000009', '1712000000001', 'and?')))).toBe(
      `${CHANNEL_ID};messageid=1712000000001`,
    );
    expect(threadConversationIdOf(readInboundActivity(groupChatMessage(SERVICE_URL, '5', 'hi', true)))).toBe('19:meeting_group-chat-1@thread.v2');
  });
});

describe('stripBotMention', () => {
  it('removes only the bot mention, keeps other people and decodes entities', () => {
    const activity = readInboundActivity({
      text: '<at>datathread</at> compare <at>Grace Hopper</at>&#39;s team &amp; mine&nbsp;',
      recipient: { id: BOT_ID },
      entities: [
        { type: 'mention', text: '<at>datathread</at>', mentioned: { id: BOT_ID, name: 'datathread' } },
        { type: 'mention', text: '<at>Grace Hopper</at>', mentioned: { id: '29:grace', name: 'Grace Hopper' } },
      ],
    });
    expect(stripBotMention(activity)).toBe("compare Grace Hopper's team & mine");
  });
});

describe('routeActivity', () => {
  it('turns a channel mention into a request for the post thread, with the asker and place', async () => {
    const decision = await routeActivity(readInboundActivity(channelMention(SERVICE_URL, '1712000000001', 'revenue by month?')), new RecordingTurnHandler());
    expect(decision).toEqual({
      kind: 'turn',
      request: {
        threadId: `teams:${TENANT_ID}:${CHANNEL_ID};messageid=1712000000001`,
        platform: 'teams',
        actor: { platform: 'teams', userId: ADA.aadObjectId, displayName: 'Ada Lovelace', address: { id: ADA.id, name: 'Ada Lovelace', aadObjectId: ADA.aadObjectId } },
        text: 'revenue by month?',
        kind: 'message',
        place: { tenantId: TENANT_ID, isDirectMessage: false, channelId: CHANNEL_ID, teamId: TEAM_ID },
        interactive: true,
        eventKey: 'teams-activity:1712000000001',
      },
    });
  });

  it('continues a known channel thread without a mention and ignores unknown ones', async () => {
    const handler = new RecordingTurnHandler();
    const reply = readInboundActivity(channelThreadReply(SERVICE_URL, '1712000000009', '1712000000001', 'and by region?'));
    expect(await routeActivity(reply, handler)).toMatchObject({ kind: 'ignore' });
    const root = await routeActivity(readInboundActivity(channelMention(SERVICE_URL, '1712000000001', 'q')), handler);
    if (root.kind !== 'turn') throw new Error('the root post should start a turn');
    await handler.handle(root.request);
    expect(await routeActivity(reply, handler)).toMatchObject({ kind: 'turn', request: { text: 'and by region?', kind: 'message' } });
  });

  it('needs a mention in group chats but not in personal chats', async () => {
    const handler = new RecordingTurnHandler();
    expect(await routeActivity(readInboundActivity(groupChatMessage(SERVICE_URL, '2', 'hello all', false)), handler)).toMatchObject({ kind: 'ignore' });
    expect(await routeActivity(readInboundActivity(groupChatMessage(SERVICE_URL, '3', 'top customers', true)), handler)).toMatchObject({
      kind: 'turn',
      request: { text: 'top customers', place: { isDirectMessage: false, channelId: '19:meeting_group-chat-1@thread.v2' } },
    });
    expect(await routeActivity(readInboundActivity(personalMessage(SERVICE_URL, '4', 'top customers')), handler)).toMatchObject({
      kind: 'turn',
      request: { threadId: `teams:${TENANT_ID}:a:1personal-chat-ada`, place: { isDirectMessage: true } },
    });
  });

  it('keys a button click by card and button, and the activity id as an extra key', async () => {
    const click = channelCardClick(SERVICE_URL, 'click-1', '1712000000001', 'connector-activity-7', { datathread: 'follow_up', text: 'By region?', index: 1 });
    expect(await routeActivity(readInboundActivity(click), new RecordingTurnHandler())).toMatchObject({
      kind: 'turn',
      action: { datathread: 'follow_up', text: 'By region?', index: 1 },
      request: {
        kind: 'follow_up',
        text: 'By region?',
        threadId: `teams:${TENANT_ID}:${CHANNEL_ID};messageid=1712000000001`,
        eventKey: 'teams-action:connector-activity-7:1',
        extraEventKeys: ['teams-activity:click-1'],
      },
    });
    const foreign = channelCardClick(SERVICE_URL, 'click-2', '1712000000001', 'x', { verb: 'other-app' });
    expect(await routeActivity(readInboundActivity(foreign), new RecordingTurnHandler())).toMatchObject({ kind: 'ignore' });
  });

  it('ignores activities that are not messages', async () => {
    expect(await routeActivity(readInboundActivity({ type: 'conversationUpdate', id: 'x' }), new RecordingTurnHandler())).toMatchObject({ kind: 'ignore' });
  });
});
