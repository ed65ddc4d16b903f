// The channel over HTTP with a recording TurnHandler: real Activity JSON posted to /api/messages,
// replies recorded by the fake Bot Framework connector.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { attachTeamsChannel, PRODUCTION_WITHOUT_CREDENTIALS_MESSAGE, type TeamsChannel } from '../../../src/channels/teams/index.js';
import { createHttpServer, type HttpServer } from '../../../src/server/http-server.js';
import { startFakeBotConnector, type FakeBotConnector } from '../../fakes/bot-connector-server.js';
import { adaptiveCardProblems } from './adaptive-card-validation.js';
import { outcomeFor, RecordingTurnHandler } from './recording-turn-handler.js';
import { CHANNEL_ID, channelCardClick, channelMention, channelThreadReply, personalMessage, postActivity } from './teams-activities.js';

interface LogLine {
  level: string;
  message: string;
}

let connector: FakeBotConnector;
let server: HttpServer;
let channel: TeamsChannel;
let baseUrl: string;
let logs: LogLine[];

function recordingLogger() {
  logs = [];
  const record = (level: string) => (message: string) => void logs.push({ level, message });
  return { info: record('info'), warn: record('warn'), error: record('error') };
}

async function start(handler: RecordingTurnHandler, auth: { clientId?: string; clientSecret?: string; tenantId?: string } = {}) {
  server = createHttpServer();
  channel = await attachTeamsChannel({ app: server.app, handler, auth, logger: recordingLogger(), typingIntervalMs: 50 });
  const port = await server.listen(0, '127.0.0.1');
  baseUrl = `http://127.0.0.1:${port}`;
}

beforeEach(async () => {
  connector = await startFakeBotConnector();
});

afterEach(async () => {
  await channel?.stop();
  await server?.close();
  await connector.close();
});

async function expectValidCards(): Promise<void> {
  const cards = connector.calls.flatMap((call) => ((call.activity.attachments as Array<{ content: unknown }> | undefined) ?? []).map((attachment) => attachment.content));
  expect(cards.length).toBeGreaterThan(0);
  for (const card of cards) expect(await adaptiveCardProblems(card)).toEqual([]);
}

describe('Teams channel over HTTP (local mode)', () => {
  it('answers the request at once and posts the reply, with typing first, into the post thread', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const handler = new RecordingTurnHandler(async (request) => {
      await gate;
      return outcomeFor(request, { text: 'Revenue grew.', followUps: ['By region?'] });
    });
    await start(handler);

    const response = await postActivity(baseUrl, channelMention(connector.url, '1712000000001', 'revenue by month?'));
    expect(response.status).toBe(200);
    expect(connector.messages()).toHaveLength(0);
    await connector.waitFor(() => connector.typing().length >= 2);
    release();
    await channel.idle();

    const thread = `${CHANNEL_ID};messageid=1712000000001`;
    expect(connector.calls.every((call) => call.conversationId === thread)).toBe(true);
    const [answer] = connector.messages();
    expect(answer?.activity).toMatchObject({
      type: 'message',
      conversation: { id: thread },
      attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', content: { type: 'AdaptiveCard', version: '1.5' } }],
    });
    expect(answer?.authorization).toBeUndefined();
    const lastTyping = connector.calls.lastIndexOf(connector.typing().at(-1)!);
    expect(lastTyping).toBeLessThan(connector.calls.indexOf(answer!));
    expect(handler.handled[0]).toMatchObject({ text: 'revenue by month?', kind: 'message' });
    expect(logs.some((line) => line.level === 'warn' && line.message.includes('WITHOUT AUTHENTICATION'))).toBe(true);
    await expectValidCards();
  });

  it('runs a redelivered activity once', async () => {
    const handler = new RecordingTurnHandler();
    await start(handler);
    const activity = personalMessage(connector.url, 'dup-1', 'top customers');
    expect((await postActivity(baseUrl, activity)).status).toBe(200);
    expect((await postActivity(baseUrl, activity)).status).toBe(200);
    await channel.idle();
    expect(handler.requests).toHaveLength(2);
    expect(handler.handled).toHaveLength(1);
    expect(connector.messages()).toHaveLength(1);
    expect(connector.messages()[0]?.conversationId).toBe('a:1personal-chat-ada');
  });

  it('turns a follow-up click into the next turn, removes the buttons, and ignores a second click', async () => {
    const handler = new RecordingTurnHandler((request) =>
      outcomeFor(request, { text: `Answer to ${request.text}`, followUps: request.kind === 'message' ? ['By region?', 'Last year?'] : [] }),
    );
    await start(handler);
    await postActivity(baseUrl, channelMention(connector.url, 'root-1', 'revenue?'));
    await channel.idle();
    const card = connector.messages()[0]!;
    const click = (id: string) =>
      channelCardClick(connector.url, id, 'root-1', card.assignedId!, { datathread: 'follow_up', text: 'Last year?', index: 1 });

    await postActivity(baseUrl, click('click-1'));
    await channel.idle();
    await postActivity(baseUrl, click('click-2'));
    await channel.idle();

    expect(handler.handled.map((request) => [request.kind, request.text, request.threadId])).toEqual([
      ['message', 'revenue?', handler.handled[0]!.threadId],
      ['follow_up', 'Last year?', handler.handled[0]!.threadId],
    ]);
    expect(connector.messages()).toHaveLength(2);
    const [update] = connector.updates();
    expect(connector.updates()).toHaveLength(1);
    expect(update).toMatchObject({ activityId: card.assignedId, conversationId: `${CHANNEL_ID};messageid=root-1` });
    const updatedCard = (update!.activity.attachments as Array<{ content: { actions?: unknown; body: Array<{ text?: string }> } }>)[0]!.content;
    expect(updatedCard.actions).toBeUndefined();
    expect(updatedCard.body.at(-1)?.text).toBe('Ada Lovelace asked: Last year?');
    await expectValidCards();
  });

  it('runs a click on a follow-up shown on its own full-width row, and removes those buttons from the card', async () => {
    const followUps = ['Compare with last quarter by region', 'Which customers ordered most?', 'Show the monthly trend'];
    const handler = new RecordingTurnHandler((request) => outcomeFor(request, { text: `Answer to ${request.text}`, followUps: request.kind === 'message' ? followUps : [] }));
    await start(handler);
    await postActivity(baseUrl, channelMention(connector.url, 'root-7', 'revenue?'));
    await channel.idle();
    const card = connector.messages()[0]!;
    type Body = Array<{ type: string; text?: string; actions?: Array<{ data: unknown }> }>;
    const sentBody = (card.activity.attachments as Array<{ content: { body: Body } }>)[0]!.content.body;
    const stacked = sentBody.filter((element) => element.type === 'ActionSet').flatMap((set) => set.actions ?? []);
    expect(stacked.map((action) => action.data)).toEqual(followUps.map((text, index) => ({ datathread: 'follow_up', text, index })));

    await postActivity(baseUrl, channelCardClick(connector.url, 'click-7', 'root-7', card.assignedId!, stacked[1]!.data as never));
    await channel.idle();

    expect(handler.handled.map((request) => [request.kind, request.text])).toEqual([
      ['message', 'revenue?'],
      ['follow_up', 'Which customers ordered most?'],
    ]);
    const updatedCard = (connector.updates()[0]!.activity.attachments as Array<{ content: { actions?: unknown; body: Body } }>)[0]!.content;
    expect(updatedCard.body.filter((element) => element.type === 'ActionSet')).toEqual([]);
    expect(updatedCard.actions).toBeUndefined();
    expect(updatedCard.body.at(-1)?.text).toBe('Ada Lovelace asked: Which customers ordered most?');
    await expectValidCards();
  });

  it('continues a thread it knows without a mention', async () => {
    const handler = new RecordingTurnHandler();
    await start(handler);
    await postActivity(baseUrl, channelThreadReply(connector.url, 'reply-0', 'root-9', 'not for the bot'));
    await postActivity(baseUrl, channelMention(connector.url, 'root-9', 'revenue?'));
    await channel.idle();
    await postActivity(baseUrl, channelThreadReply(connector.url, 'reply-1', 'root-9', 'and by region?'));
    await channel.idle();
    expect(handler.handled.map((request) => request.text)).toEqual(['revenue?', 'and by region?']);
  });

  it('tells the user once when the engine throws', async () => {
    const handler = new RecordingTurnHandler(() => {
      throw new Error('database exploded');
    });
    await start(handler);
    await postActivity(baseUrl, personalMessage(connector.url, 'boom-1', 'hi'));
    await channel.idle();
    expect(connector.messages()).toHaveLength(1);
    expect(JSON.stringify(connector.messages()[0]?.activity)).toContain('Something went wrong on my side');
    expect(JSON.stringify(connector.messages()[0]?.activity)).not.toContain('exploded');
  });
});

describe('Teams channel with app credentials', () => {
  it('rejects requests without a valid token (401) and runs nothing', async () => {
    const handler = new RecordingTurnHandler();
    await start(handler, { clientId: '00000000-0000-0000-0000-0000000000aa', clientSecret: 'not-a-real-secret', tenantId: '11111111-1111-1111-1111-111111111111' });
    const activity = channelMention(connector.url, 'auth-1', 'revenue?');
    const unsignedToken = [
      Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url'),
      Buffer.from(JSON.stringify({ aud: 'someone-else', iss: 'https://api.botframework.com', exp: 4102444800 })).toString('base64url'),
      '',
    ].join('.');

    expect((await postActivity(baseUrl, activity)).status).toBe(401);
    expect((await postActivity(baseUrl, activity, { authorization: 'Bearer not-a-jwt' })).status).toBe(401);
    expect((await postActivity(baseUrl, activity, { authorization: `Bearer ${unsignedToken}` })).status).toBe(401);
    expect((await postActivity(baseUrl, activity, { authorization: 'Basic dXNlcjpwYXNz' })).status).toBe(401);
    await channel.idle();
    expect(handler.requests).toEqual([]);
    expect(connector.calls).toEqual([]);
    expect(logs.some((line) => line.message.includes('WITHOUT AUTHENTICATION'))).toBe(false);
  });

  it('refuses to start unauthenticated in production, saying what to set', async () => {
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await expect(
        attachTeamsChannel({ app: createHttpServer().app, handler: new RecordingTurnHandler(), auth: {}, logger: recordingLogger() }),
      ).rejects.toThrow(PRODUCTION_WITHOUT_CREDENTIALS_MESSAGE);
    } finally {
      process.env.NODE_ENV = previous;
    }
  });
});
