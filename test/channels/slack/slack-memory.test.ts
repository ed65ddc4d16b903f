// Remembered corrections end to end on Slack: the real engine and store, the scripted model behind
// the local OpenAI-compatible server, real Bolt over HTTP against the local Slack Web API. What the
// model was shown (its system prompt) is asserted, turn by turn, thread by thread, channel by channel.
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Application } from '../../../src/application.js';
import { ONLY_VERIFIERS_REASON } from '../../../src/memory/memory-decisions.js';
import { startFakeSlackApi, type FakeSlackApi, type FakeSlackMessage } from '../../fakes/slack-api-server.js';
import { createDuckDbFile } from '../../support/duckdb-fixture.js';
import { SCRIPTED_MODEL } from '../../support/e2e-workspace.js';
import { problemsInCalls } from './support/block-kit-validator.js';
import { startEngineFixture, type EngineFixture } from './support/engine-fixture.js';
import { startSlackHarness, type SlackHarness } from './support/slack-harness.js';

let fixture: EngineFixture;
let application: Application;
let slack: FakeSlackApi;
let harness: SlackHarness;
let threadCounter = 0;

beforeAll(async () => {
  fixture = await startEngineFixture({
    databases: [
      { name: 'shop', type: 'duckdb', path: 'shop.duckdb' },
      { name: 'payroll', type: 'duckdb', path: 'payroll.duckdb' },
    ],
    agent: { model: SCRIPTED_MODEL },
    verification: { verifiers: ['vera@example.com'] },
    // Everyone may use shop; only Ana may use payroll.
    access: { rules: [{ databases: ['shop'] }, { users: ['UANA'], databases: ['payroll'] }] },
  });
  await createDuckDbFile(join(fixture.directory, 'payroll.duckdb'), ['CREATE TABLE salaries (person VARCHAR, amount INTEGER)']);
});

afterAll(async () => {
  await fixture.close();
});

beforeEach(async () => {
  slack = await startFakeSlackApi();
  slack.addUser({ id: 'UANA', name: 'ana', email: 'ana@example.com' });
  slack.addUser({ id: 'UBEN', name: 'ben', email: 'ben@example.com' });
  // A verifier listed by e-mail in the config.
  slack.addUser({ id: 'UVERA', name: 'vera', email: 'vera@example.com' });
  application = await fixture.open();
  harness = await startSlackHarness({ handler: application.engine, slack, memories: application.memories });
});

afterEach(async () => {
  expect(problemsInCalls(slack.calls)).toEqual([]);
  expect(fixture.model.pending()).toBe(0);
  await harness.close();
  await application.close();
  await slack.close();
});

function nextThreadTs(): string {
  threadCounter += 1;
  return `${1000 + threadCounter}.1`;
}

function memoryMessage(channel: string, threadTs: string): FakeSlackMessage | undefined {
  return slack.threadMessages(channel, threadTs).find((message) => blocksOf(message).some((block) => String(block.block_id ?? '').startsWith('datathread_memory_')));
}

function blocksOf(message: FakeSlackMessage): Array<Record<string, unknown> & { block_id?: string; type: string }> {
  return (message.blocks ?? []) as Array<Record<string, unknown> & { block_id?: string; type: string }>;
}

/** A turn whose model calls remember with `input`, then says `answer`; returns the message with the memory note. */
async function propose(user: string, channel: string, text: string, input: Record<string, unknown>): Promise<FakeSlackMessage> {
  const threadTs = nextThreadTs();
  fixture.model.enqueue({ toolCalls: [{ name: 'remember', arguments: input }] }, { text: 'Noted.' });
  await harness.sendEvent({ user, text: `<@UBOT> ${text}`, channel, ts: threadTs });
  return slack.waitFor(() => memoryMessage(channel, threadTs));
}

/** A plain turn; returns the system prompt the model received for it. */
async function systemPromptOfTurn(user: string, channel: string): Promise<string> {
  const threadTs = nextThreadTs();
  const before = fixture.model.requests.length;
  fixture.model.enqueue({ text: `Answer in ${channel}.` });
  await harness.sendEvent({ user, text: '<@UBOT> what was revenue last month?', channel, ts: threadTs });
  await slack.waitFor(() => slack.threadMessages(channel, threadTs).some((message) => JSON.stringify(message).includes(`Answer in ${channel}.`)));
  const request = fixture.model.requests[before]!;
  const system = request.messages.find((message) => message.role === 'system');
  return String(system?.content ?? '');
}

async function click(message: FakeSlackMessage, actionId: string, userId: string): Promise<void> {
  expect((await harness.click(message, actionId, userId)).status).toBe(200);
}

async function memoryStatus(memoryId: string): Promise<string | undefined> {
  return (await application.store.memories.getMemory(memoryId))?.status;
}

async function eventually(probe: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error('condition not met within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function memoryIdOf(message: FakeSlackMessage): string {
  const block = blocksOf(message).find((each) => String(each.block_id ?? '').startsWith('datathread_memory_'))!;
  return String(block.block_id).slice('datathread_memory_'.length);
}

describe('Slack remembered corrections', () => {
  it('a correction in one thread is in the system prompt of another thread of the same channel, not of another channel; Undo removes it', async () => {
    const message = await propose('UANA', 'CMEM1', 'revenue means net of refunds', { action: 'propose', text: 'Revenue means net of refunds.' });
    const blocks = blocksOf(message);
    const noteIndex = blocks.findIndex((block) => block.type === 'section' && JSON.stringify(block).includes("I'll remember:"));
    expect(blocks[noteIndex]).toEqual({ type: 'section', text: { type: 'mrkdwn', text: ":brain: *I'll remember:* Revenue means net of refunds." } });
    expect(blocks[noteIndex + 1]).toEqual({ type: 'context', elements: [{ type: 'mrkdwn', text: 'This channel' }] });
    const memoryId = memoryIdOf(message);
    expect(blocks[noteIndex + 2]).toMatchObject({
      type: 'actions',
      block_id: `datathread_memory_${memoryId}`,
      elements: [{ type: 'button', text: { text: 'Undo' }, action_id: 'datathread_memory_undo', value: JSON.stringify({ thread: `slack:T1:CMEM1:${message.thread_ts}`, memory: memoryId }) }],
    });

    const sameChannel = await systemPromptOfTurn('UBEN', 'CMEM1');
    expect(sameChannel).toContain('## Remembered corrections');
    expect(sameChannel).toContain(`- Revenue means net of refunds. (${memoryId}; this channel)`);
    expect(await systemPromptOfTurn('UBEN', 'CMEM2')).not.toContain('Revenue means net of refunds.');
    expect((await application.store.memories.getMemory(memoryId))?.useCount).toBe(1);

    await click(message, 'datathread_memory_undo', 'UBEN');
    await eventually(async () => (await memoryStatus(memoryId)) === 'forgotten');
    const updated = await slack.waitFor(() => slack.threadMessages('CMEM1', message.thread_ts!).find((each) => each.ts === message.ts && JSON.stringify(each.blocks).includes('Undone by')));
    expect(blocksOf(updated).some((block) => block.type === 'actions' && block.block_id === `datathread_memory_${memoryId}`)).toBe(false);
    expect(JSON.stringify(updated.blocks)).toContain('→ Undone by ben: I will not remember “Revenue means net of refunds.”.');
    expect(await systemPromptOfTurn('UBEN', 'CMEM1')).not.toContain('Revenue means net of refunds.');
  });

  it('a workspace memory stays pending until a verifier approves it; a non-verifier is told privately why not', async () => {
    const message = await propose('UANA', 'CMEM3', 'the fiscal year starts in February, everywhere', { action: 'propose', text: 'The fiscal year starts on 1 February.', scope: 'workspace' });
    const memoryId = memoryIdOf(message);
    expect(JSON.stringify(message.blocks)).toContain('*Proposed for the whole workspace, waiting for a verifier:* The fiscal year starts on 1 February.');
    const actions = blocksOf(message).find((block) => block.block_id === `datathread_memory_${memoryId}`);
    expect(actions).toMatchObject({ elements: [{ text: { text: 'Approve' }, style: 'primary', action_id: 'datathread_memory_approve' }, { text: { text: 'Reject' }, style: 'danger', action_id: 'datathread_memory_reject' }] });
    expect(await systemPromptOfTurn('UBEN', 'CMEM4')).not.toContain('fiscal year');

    await click(message, 'datathread_memory_approve', 'UBEN');
    await slack.waitFor(() => slack.ephemerals.find((ephemeral) => ephemeral.recipient === 'UBEN' && ephemeral.text === ONLY_VERIFIERS_REASON));
    expect(await memoryStatus(memoryId)).toBe('pending');

    await click(message, 'datathread_memory_approve', 'UVERA');
    await eventually(async () => (await memoryStatus(memoryId)) === 'active');
    expect(await application.store.memories.getMemory(memoryId)).toMatchObject({ approvedBy: 'vera', proposedBy: { userId: 'UANA' } });
    await slack.waitFor(() => slack.threadMessages('CMEM3', message.thread_ts!).find((each) => each.ts === message.ts && JSON.stringify(each.blocks).includes('Approved by vera')));
    expect(await systemPromptOfTurn('UBEN', 'CMEM4')).toContain(`- The fiscal year starts on 1 February. (${memoryId}; workspace)`);

    // "forget …" in chat: the verifier asks, the model calls remember with forget.
    const forgetThread = nextThreadTs();
    fixture.model.enqueue({ toolCalls: [{ name: 'remember', arguments: { action: 'forget', memory_id: memoryId } }] }, { text: 'Done.' });
    await harness.sendEvent({ user: 'UVERA', text: '<@UBOT> forget the fiscal year rule', channel: 'CMEM4', ts: forgetThread });
    const forgotten = await slack.waitFor(() => slack.threadMessages('CMEM4', forgetThread).find((each) => JSON.stringify(each.blocks ?? []).includes('*Forgotten:* The fiscal year starts on 1 February.')));
    expect(forgotten).toBeDefined();
    expect(await memoryStatus(memoryId)).toBe('forgotten');
    expect(await systemPromptOfTurn('UBEN', 'CMEM4')).not.toContain('fiscal year');
  });

  it('a memory about a database is shown only to people who may use that database', async () => {
    const message = await propose('UANA', 'CMEM5', 'payroll excludes contractors', { action: 'propose', text: 'Payroll totals exclude contractors.', database: 'payroll' });
    expect(JSON.stringify(message.blocks)).toContain('This channel · about payroll');
    expect(await systemPromptOfTurn('UANA', 'CMEM5')).toContain('Payroll totals exclude contractors.');
    expect(await systemPromptOfTurn('UBEN', 'CMEM5')).not.toContain('Payroll totals exclude contractors.');
  });
});
