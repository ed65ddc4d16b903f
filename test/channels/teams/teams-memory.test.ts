// Remembered corrections end to end on Teams: the real engine and store, the scripted model, the
// Agents SDK over HTTP against the local Bot Connector. The memory note is a card of its own under
// the answer; Undo / Approve / Reject update that card; a refusal goes to the clicker privately.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ONLY_VERIFIERS_REASON } from '../../../src/memory/memory-decisions.js';
import { startFakeBotConnector, type FakeBotConnector, type RecordedConnectorCall } from '../../fakes/bot-connector-server.js';
import type { FakeOpenAI } from '../../fakes/openai-server.js';
import { createE2eWorkspace, SCRIPTED_MODEL, type E2eWorkspace } from '../../support/e2e-workspace.js';
import { attachmentProblemsIn } from './adaptive-card-validation.js';
import { startTeamsBot, stopTeamsBot, type RunningTeamsBot } from './support/teams-bot.js';
import { ADA, CHANNEL_ID, GRACE, channelCardClick, channelMention, postActivity } from './teams-activities.js';

const OTHER_CHANNEL_ID = '19:0ther0channel0000000000000000000@thread.tacv2';

let workspace: E2eWorkspace;
let fakeModel: FakeOpenAI;
let connector: FakeBotConnector;
let bot: RunningTeamsBot;
let activityCounter = 0;

beforeAll(async () => {
  workspace = await createE2eWorkspace({
    prefix: 'teams-memory',
    duckdb: ['CREATE TABLE orders (region VARCHAR, amount INTEGER)'],
    // Grace is a verifier, by her Entra object id.
    config: { databases: [{ name: 'shop', type: 'duckdb', path: 'shop.duckdb' }], agent: { model: SCRIPTED_MODEL }, verification: { verifiers: [GRACE.aadObjectId] } },
  });
  fakeModel = workspace.fakeModel;
  connector = await startFakeBotConnector();
  bot = await startTeamsBot(workspace.variables, { streamPersonalChats: false });
});

afterEach(async () => {
  expect(await attachmentProblemsIn(connector.messages())).toEqual([]);
  expect(fakeModel.pending()).toBe(0);
});

afterAll(async () => {
  await stopTeamsBot(bot);
  await connector.close();
  await workspace.close();
});

function nextId(): string {
  activityCounter += 1;
  return `1772450${String(activityCounter).padStart(6, '0')}`;
}

/** A channel post mentioning the bot, in `channelId` (default: the test team's channel). */
function mention(id: string, text: string, from = ADA, channelId = CHANNEL_ID) {
  const activity = channelMention(connector.url, id, text, from);
  return {
    ...activity,
    conversation: { ...activity.conversation, id: channelId },
    channelData: { ...activity.channelData, teamsChannelId: channelId, channel: { id: channelId } },
  };
}

type Card = { body: Array<{ type: string; text?: string; isSubtle?: boolean; size?: string }>; actions?: Array<{ type: string; title: string; data: Record<string, unknown>; style?: string }> };

function cardOf(call: RecordedConnectorCall): Card | undefined {
  const attachment = (call.activity.attachments as Array<{ content: unknown }> | undefined)?.[0];
  return attachment?.content as Card | undefined;
}

function memoryCardCall(calls: RecordedConnectorCall[]): RecordedConnectorCall | undefined {
  return calls.find((call) => cardOf(call)?.body[0]?.text?.startsWith('🧠'));
}

async function propose(text: string, input: Record<string, unknown>, from = ADA): Promise<{ rootId: string; call: RecordedConnectorCall; card: Card }> {
  const rootId = nextId();
  const before = connector.messages().length;
  fakeModel.enqueue({ toolCalls: [{ name: 'remember', arguments: input }] }, { text: 'Noted.' });
  expect((await postActivity(bot.baseUrl, mention(rootId, text, from))).status).toBe(200);
  await bot.channel.idle();
  const call = memoryCardCall(connector.messages().slice(before));
  expect(call).toBeDefined();
  return { rootId, call: call!, card: cardOf(call!)! };
}

async function systemPromptOfTurn(channelId: string, from = GRACE): Promise<string> {
  const before = fakeModel.requests.length;
  fakeModel.enqueue({ text: 'Here it is.' });
  expect((await postActivity(bot.baseUrl, mention(nextId(), 'what was revenue last month?', from, channelId))).status).toBe(200);
  await bot.channel.idle();
  return String(fakeModel.requests[before]!.messages.find((message) => message.role === 'system')?.content ?? '');
}

async function clickCard(rootId: string, call: RecordedConnectorCall, data: Record<string, unknown>, from = ADA): Promise<void> {
  expect((await postActivity(bot.baseUrl, channelCardClick(connector.url, nextId(), rootId, call.assignedId!, data, from))).status).toBe(200);
  await bot.channel.idle();
}

describe('Teams remembered corrections', () => {
  it('shows "I\'ll remember" with Undo; the memory reaches other threads of the channel, not other channels; Undo removes it', async () => {
    const { rootId, call, card } = await propose('revenue means net of refunds', { action: 'propose', text: 'Revenue means net of refunds.' });
    const memoryId = String(card.actions?.[0]?.data.memoryId);
    expect(card.body).toEqual([
      { type: 'TextBlock', text: "🧠 **I'll remember:** Revenue means net of refunds.", wrap: true },
      { type: 'TextBlock', text: 'This channel', wrap: true, isSubtle: true, size: 'Small', spacing: 'Small' },
    ]);
    expect(card.actions).toEqual([{ type: 'Action.Submit', title: 'Undo', data: { datathread: 'memory_undo', memoryId } }]);
    // Its own card, in the thread of the question.
    expect(call.conversationId).toBe(`${CHANNEL_ID};messageid=${rootId}`);

    expect(await systemPromptOfTurn(CHANNEL_ID)).toContain(`- Revenue means net of refunds. (${memoryId}; this channel)`);
    expect(await systemPromptOfTurn(OTHER_CHANNEL_ID)).not.toContain('Revenue means net of refunds.');

    await clickCard(rootId, call, { datathread: 'memory_undo', memoryId }, GRACE);
    expect((await bot.application.store.memories.getMemory(memoryId))?.status).toBe('forgotten');
    const update = connector.updates().find((each) => each.activityId === call.assignedId);
    expect(cardOf(update!)).toMatchObject({ body: [{ text: '🧠 Undone by Grace Hopper: I will not remember “Revenue means net of refunds.”.' }, { text: 'This channel' }] });
    expect(cardOf(update!)?.actions).toBeUndefined();
    expect(await systemPromptOfTurn(CHANNEL_ID)).not.toContain('Revenue means net of refunds.');
  });

  it('keeps a workspace memory pending until a verifier approves it; a non-verifier is told privately, not in the thread', async () => {
    const { rootId, call, card } = await propose('the fiscal year starts in February everywhere', { action: 'propose', text: 'The fiscal year starts on 1 February.', scope: 'workspace' });
    const memoryId = String(card.actions?.[0]?.data.memoryId);
    expect(card.body[0]?.text).toBe('🧠 **Proposed for the whole workspace, waiting for a verifier:** The fiscal year starts on 1 February.');
    expect(card.body[1]?.text).toBe('The whole workspace · a verifier approves or rejects it');
    expect(card.actions).toEqual([
      { type: 'Action.Submit', title: 'Approve', data: { datathread: 'memory_approve', memoryId }, style: 'positive' },
      { type: 'Action.Submit', title: 'Reject', data: { datathread: 'memory_reject', memoryId }, style: 'destructive' },
    ]);
    expect(await systemPromptOfTurn(OTHER_CHANNEL_ID)).not.toContain('fiscal year');

    const before = connector.messages().length;
    await clickCard(rootId, call, { datathread: 'memory_approve', memoryId }, ADA);
    const told = connector.messages().slice(before);
    expect(told).toHaveLength(1);
    expect(told[0]!.conversationId).not.toContain(CHANNEL_ID);
    expect(cardOf(told[0]!)?.body[0]?.text).toBe(ONLY_VERIFIERS_REASON);
    expect((await bot.application.store.memories.getMemory(memoryId))?.status).toBe('pending');

    await clickCard(rootId, call, { datathread: 'memory_approve', memoryId }, GRACE);
    expect(await bot.application.store.memories.getMemory(memoryId)).toMatchObject({ status: 'active', approvedBy: 'Grace Hopper' });
    const update = connector.updates().filter((each) => each.activityId === call.assignedId).at(-1);
    expect(cardOf(update!)?.body[0]?.text).toBe('🧠 Approved by Grace Hopper: “The fiscal year starts on 1 February.” now applies in every channel.');
    expect(await systemPromptOfTurn(OTHER_CHANNEL_ID, ADA)).toContain(`- The fiscal year starts on 1 February. (${memoryId}; workspace)`);
  });

  it('answers "what do you remember?" from the store and forgets on request, with a Forgotten note', async () => {
    const { card } = await propose('orders exclude test accounts', { action: 'propose', text: 'Orders exclude test accounts.' });
    const memoryId = String(card.actions?.[0]?.data.memoryId);

    const before = fakeModel.requests.length;
    fakeModel.enqueue({ toolCalls: [{ name: 'remember', arguments: { action: 'list' } }] }, { text: 'I remember one rule.' });
    expect((await postActivity(bot.baseUrl, mention(nextId(), 'what do you remember?'))).status).toBe(200);
    await bot.channel.idle();
    const listed = JSON.stringify(fakeModel.requests[before + 1]!.messages.filter((message) => message.role === 'tool'));
    expect(listed).toContain(`- ${memoryId} | channel | in use | - | Orders exclude test accounts.`);

    const sent = connector.messages().length;
    fakeModel.enqueue({ toolCalls: [{ name: 'remember', arguments: { action: 'forget', memory_id: memoryId } }] }, { text: 'Forgotten.' });
    expect((await postActivity(bot.baseUrl, mention(nextId(), 'forget the test accounts rule'))).status).toBe(200);
    await bot.channel.idle();
    const note = memoryCardCall(connector.messages().slice(sent));
    expect(cardOf(note!)?.body[0]?.text).toBe('🧠 **Forgotten:** Orders exclude test accounts.');
    expect(cardOf(note!)?.actions).toBeUndefined();
    expect((await bot.application.store.memories.getMemory(memoryId))?.status).toBe('forgotten');
    expect(await systemPromptOfTurn(CHANNEL_ID)).not.toContain('Orders exclude test accounts.');
  });
});
