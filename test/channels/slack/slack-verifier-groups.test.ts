// Verifiers listed only through groups, in Slack, end to end over HTTP: `verification.verifiers`
// names the config group `group:reviewers` (Cara) and the Slack user group `slack-group:SREV` (Ana,
// read with usergroups.users.list on the local Slack API). Their Verify clicks store the query and
// their Approve clicks apply a workspace memory; Ben, in neither group, is refused privately with
// the usual reason and nothing changes. A group member's "forget …" in chat is a verifier's too.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Application } from '../../../src/application.js';
import { NOT_A_VERIFIER_SENTENCE } from '../../../src/verified/answer-verification.js';
import { ONLY_VERIFIERS_REASON } from '../../../src/memory/memory-decisions.js';
import { startFakeSlackApi, type FakeSlackApi, type FakeSlackMessage } from '../../fakes/slack-api-server.js';
import { SCRIPTED_MODEL } from '../../support/e2e-workspace.js';
import { problemsInCalls } from './support/block-kit-validator.js';
import { startEngineFixture, type EngineFixture } from './support/engine-fixture.js';
import { startSlackHarness, type SlackHarness } from './support/slack-harness.js';

const SALES_SQL = 'SELECT region, SUM(amount) AS total FROM sales GROUP BY region ORDER BY region';
const COUNT_SQL = 'SELECT region, COUNT(*) AS orders FROM sales GROUP BY region ORDER BY region';

let fixture: EngineFixture;
let application: Application;
let slack: FakeSlackApi;
let harness: SlackHarness;
let threadCounter = 0;

beforeAll(async () => {
  fixture = await startEngineFixture({
    databases: [{ name: 'shop', type: 'duckdb', path: 'shop.duckdb' }],
    agent: { model: SCRIPTED_MODEL },
    groups: { reviewers: ['UCARA'] },
    verification: { verifiers: ['group:reviewers', 'slack-group:SREV'] },
  });
});

afterAll(async () => {
  await fixture.close();
});

beforeEach(async () => {
  slack = await startFakeSlackApi();
  slack.addUser({ id: 'UANA', name: 'ana', email: 'ana@example.com' });
  slack.addUser({ id: 'UBEN', name: 'ben', email: 'ben@example.com' });
  slack.addUser({ id: 'UCARA', name: 'cara', email: 'cara@example.com' });
  slack.setUserGroup('SREV', ['UANA']);
  application = await fixture.open();
  harness = await startSlackHarness({
    handler: application.engine,
    slack,
    getQueryResult: (threadId, queryId) => application.store.getQueryResult(threadId, queryId),
    verification: application.verification,
    memories: application.memories,
    groups: { membership: application.groupMembership, userGroupIds: ['SREV'] },
  });
});

afterEach(async () => {
  expect(problemsInCalls(slack.calls)).toEqual([]);
  expect(fixture.model.pending()).toBe(0);
  await harness.close();
  await application.close();
  await slack.close();
});

type Block = { type: string; block_id?: string };

function nextThreadTs(): string {
  threadCounter += 1;
  return `${3000 + threadCounter}.1`;
}

function blocksOf(message: FakeSlackMessage): Block[] {
  return (message.blocks ?? []) as Block[];
}

/** Ben asks; the model runs `sql` and answers. Returns the answer message (the one with Verify). */
async function ask(sql: string): Promise<FakeSlackMessage> {
  const threadTs = nextThreadTs();
  fixture.model.enqueue({ toolCalls: [{ name: 'execute_sql', arguments: { sql_query: sql } }] }, { text: 'North leads.' });
  await harness.sendEvent({ user: 'UBEN', text: '<@UBOT> sales by region?', channel: 'C1', ts: threadTs });
  return slack.waitFor(() => slack.threadMessages('C1', threadTs).find((message) => blocksOf(message).some((block) => block.block_id === 'datathread_verify')));
}

/** Ben proposes a workspace memory; returns the message with its Approve / Reject buttons and the memory id. */
async function proposeWorkspaceMemory(text: string): Promise<{ message: FakeSlackMessage; memoryId: string }> {
  const threadTs = nextThreadTs();
  fixture.model.enqueue({ toolCalls: [{ name: 'remember', arguments: { action: 'propose', text, scope: 'workspace' } }] }, { text: 'Noted.' });
  await harness.sendEvent({ user: 'UBEN', text: `<@UBOT> ${text}`, channel: 'C1', ts: threadTs });
  const message = await slack.waitFor(() => slack.threadMessages('C1', threadTs).find((each) => blocksOf(each).some((block) => String(block.block_id ?? '').startsWith('datathread_memory_'))));
  const block = blocksOf(message).find((each) => String(each.block_id ?? '').startsWith('datathread_memory_'))!;
  return { message, memoryId: String(block.block_id).slice('datathread_memory_'.length) };
}

async function verifiedBy(): Promise<string[]> {
  return (await application.store.verifiedQueries.listVerifiedQueries()).map((query) => `${query.verifiedBy.userId}: ${query.sql}`).sort();
}

async function memoryOnceSettled(memoryId: string, status: string) {
  return slack.waitFor(async () => {
    const memory = await application.store.memories.getMemory(memoryId);
    return memory?.status === status ? memory : undefined;
  });
}

describe('Slack verifiers listed through groups', () => {
  it('a member of the config group and a member of the Slack user group can Verify; someone in neither is refused privately', async () => {
    const first = await ask(SALES_SQL);
    await harness.click(first, 'datathread_verify', 'UBEN');
    await slack.waitFor(() => slack.ephemerals.find((ephemeral) => ephemeral.recipient === 'UBEN' && ephemeral.text === NOT_A_VERIFIER_SENTENCE));
    expect(await verifiedBy()).toEqual([]);

    // Cara is a verifier only as a member of group:reviewers.
    await harness.click(first, 'datathread_verify', 'UCARA');
    await slack.waitFor(async () => ((await verifiedBy()).length === 1 ? true : undefined));
    expect(await verifiedBy()).toEqual([`UCARA: ${SALES_SQL}`]);

    // Ana is a verifier only as a member of the Slack user group SREV.
    const second = await ask(COUNT_SQL);
    await harness.click(second, 'datathread_verify', 'UANA');
    await slack.waitFor(async () => ((await verifiedBy()).length === 2 ? true : undefined));
    expect(await verifiedBy()).toEqual([`UANA: ${COUNT_SQL}`, `UCARA: ${SALES_SQL}`]);
    expect(slack.ephemerals.filter((ephemeral) => ephemeral.text === NOT_A_VERIFIER_SENTENCE).map((ephemeral) => ephemeral.recipient)).toEqual(['UBEN']);
    expect(slack.callsOf('usergroups.users.list').map((call) => call.args.usergroup)).toContain('SREV');
  });

  it('group members approve workspace memories; someone in neither group is told why not and the memory stays pending', async () => {
    const fiscal = await proposeWorkspaceMemory('The fiscal year starts on 1 February.');
    await harness.click(fiscal.message, 'datathread_memory_approve', 'UBEN');
    await slack.waitFor(() => slack.ephemerals.find((ephemeral) => ephemeral.recipient === 'UBEN' && ephemeral.text === ONLY_VERIFIERS_REASON));
    expect((await application.store.memories.getMemory(fiscal.memoryId))?.status).toBe('pending');

    await harness.click(fiscal.message, 'datathread_memory_approve', 'UCARA');
    expect(await memoryOnceSettled(fiscal.memoryId, 'active')).toMatchObject({ approvedBy: 'cara' });

    const testAccounts = await proposeWorkspaceMemory('Orders exclude test accounts.');
    await harness.click(testAccounts.message, 'datathread_memory_approve', 'UANA');
    expect(await memoryOnceSettled(testAccounts.memoryId, 'active')).toMatchObject({ approvedBy: 'ana' });

    // "forget …" in chat from a member of the Slack user group: a verifier may forget a workspace memory.
    const threadTs = nextThreadTs();
    fixture.model.enqueue({ toolCalls: [{ name: 'remember', arguments: { action: 'forget', memory_id: fiscal.memoryId } }] }, { text: 'Done.' });
    await harness.sendEvent({ user: 'UANA', text: '<@UBOT> forget the fiscal year rule', channel: 'C1', ts: threadTs });
    await slack.waitFor(() => slack.threadMessages('C1', threadTs).find((each) => JSON.stringify(each.blocks ?? []).includes('*Forgotten:* The fiscal year starts on 1 February.')));
    expect((await application.store.memories.getMemory(fiscal.memoryId))?.status).toBe('forgotten');
  });
});
