// Verify and the verified badge in Slack, end to end over HTTP: the real engine answers through the
// scripted model, the answer carries a Verify button just above 👍/👎, a click from someone who is
// not a verifier is answered privately and stores nothing, a verifier's click (matched by e-mail)
// stores the question and SQL with who and when and is confirmed in the thread, and a later answer
// that runs the same query shows "✓ Verified query, by …" with the SQL behind Show SQL.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Application } from '../../../src/application.js';
import { NOT_A_VERIFIER_SENTENCE } from '../../../src/verified/answer-verification.js';
import { startFakeSlackApi, type FakeSlackApi, type FakeSlackMessage } from '../../fakes/slack-api-server.js';
import { SCRIPTED_MODEL } from '../../support/e2e-workspace.js';
import { problemsInCalls } from './support/block-kit-validator.js';
import { startEngineFixture, type EngineFixture } from './support/engine-fixture.js';
import { startSlackHarness, type SlackHarness } from './support/slack-harness.js';

let fixture: EngineFixture;
let application: Application;
let slack: FakeSlackApi;
let harness: SlackHarness;

const SALES_SQL = 'SELECT region, SUM(amount) AS total FROM sales GROUP BY region ORDER BY region';
// A query of its own for the badge test: SALES_SQL is verified by the test before it, and an answer
// resting on a verified query offers no Verify.
const TOP_REGIONS_SQL = 'SELECT region, SUM(amount) AS total FROM sales GROUP BY region ORDER BY total DESC';

beforeAll(async () => {
  fixture = await startEngineFixture({
    databases: [{ name: 'shop', type: 'duckdb', path: 'shop.duckdb' }],
    agent: { model: SCRIPTED_MODEL },
    verification: { verifiers: ['UANA', 'cara@example.com'] },
  });
});

afterAll(async () => {
  await fixture.close();
});

beforeEach(async () => {
  slack = await startFakeSlackApi();
  slack.addUser({ id: 'UANA', name: 'ana', email: 'ana@example.com' });
  slack.addUser({ id: 'UBEN', name: 'ben', email: 'ben@example.com' });
  slack.addUser({ id: 'UCARA', name: 'cara', email: 'Cara@Example.com' });
  application = await fixture.open();
  harness = await startSlackHarness({ handler: application.engine, slack, getQueryResult: (threadId, queryId) => application.store.getQueryResult(threadId, queryId), feedback: application.feedback, verification: application.verification });
});

afterEach(async () => {
  expect(problemsInCalls(slack.calls)).toEqual([]);
  expect(fixture.model.pending()).toBe(0);
  await harness.close();
  await application.close();
  await slack.close();
});

type Block = { type: string; block_id?: string; elements?: Array<Record<string, unknown>> };

function replyWithFeedback(threadTs: string): FakeSlackMessage | undefined {
  return slack.threadMessages('C1', threadTs).find((message) => (message.blocks as Block[] | undefined)?.some((block) => block.type === 'context_actions'));
}

async function ask(threadTs: string, sql: string | undefined, answer: string): Promise<FakeSlackMessage> {
  fixture.model.enqueue(...(sql ? [{ toolCalls: [{ name: 'execute_sql', arguments: { sql_query: sql } }] }] : []), { text: answer });
  await harness.sendEvent({ user: 'UBEN', text: '<@UBOT> sales by region?', channel: 'C1', ts: threadTs });
  return slack.waitFor(() => replyWithFeedback(threadTs));
}

/**
 * The thread's messages posted after `before` (the thread's message ts at that moment). Compared by
 * ts, not by position: the turn's working indicator may still be deleted after the answer shows.
 */
function postedSince(threadTs: string, before: ReadonlySet<string>): FakeSlackMessage[] {
  return slack.threadMessages('C1', threadTs).filter((posted) => !before.has(posted.ts));
}

function threadTsSet(threadTs: string): Set<string> {
  return new Set(slack.threadMessages('C1', threadTs).map((posted) => posted.ts));
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

describe('Slack Verify', () => {
  it('offers Verify just above 👍/👎; a non-verifier is told privately, a verifier stores the query and the thread hears it', async () => {
    const message = await ask('700.1', SALES_SQL, 'North sold 300, South 50.');
    const blocks = message.blocks as Block[];
    expect(blocks.slice(-2).map((block) => block.block_id)).toEqual(['datathread_verify', 'datathread_feedback']);
    expect(blocks.at(-2)).toMatchObject({ type: 'actions', elements: [{ type: 'button', action_id: 'datathread_verify', text: { text: '✓ Verify' } }] });

    expect((await harness.click(message, 'datathread_verify', 'UBEN')).status).toBe(200);
    await slack.waitFor(() => slack.ephemerals.find((ephemeral) => ephemeral.recipient === 'UBEN' && ephemeral.text === NOT_A_VERIFIER_SENTENCE));
    expect(await application.store.verifiedQueries.listVerifiedQueries()).toEqual([]);

    const postsBefore = threadTsSet('700.1');
    expect((await harness.click(message, 'datathread_verify', 'UCARA')).status).toBe(200);
    const confirmation = await slack.waitFor(() => postedSince('700.1', postsBefore).find((posted) => posted.text?.startsWith('✓ Verified query')));
    expect(confirmation.text).toBe(`✓ Verified query, by cara, ${today()}: this answer's query is now verified for “sales by region?” on shop. Similar questions get it as a trusted example, and answers that run it say so.`);
    expect(await application.store.verifiedQueries.listVerifiedQueries()).toEqual([
      expect.objectContaining({ question: 'sales by region?', sql: SALES_SQL, databaseName: 'shop', verifiedBy: { platform: 'slack', userId: 'UCARA', displayName: 'cara' }, threadId: 'slack:T1:C1:700.1' }),
    ]);
    // The non-verifier's click posted nothing in the thread.
    expect(postedSince('700.1', postsBefore)).toHaveLength(1);
  });

  it("replaces the answer's ✓ Verify with the badge; a second click from a stale client posts no second confirmation", async () => {
    // What a client that has not refreshed still shows (the fake updates its own copy in place).
    const message = structuredClone(await ask('750.1', SALES_SQL.replace('ORDER BY region', 'ORDER BY region DESC'), 'South sold 50, North 300.'));
    const postsBefore = threadTsSet('750.1');
    expect((await harness.click(message, 'datathread_verify', 'UANA')).status).toBe(200);
    await slack.waitFor(() => postedSince('750.1', postsBefore).find((posted) => posted.text?.startsWith('✓ Verified query')));
    const current = () => slack.threadMessages('C1', '750.1').find((posted) => posted.ts === message.ts)!;
    const badge = { type: 'context', block_id: 'datathread_verified_badge', elements: [{ type: 'mrkdwn', text: `*✓ Verified query, by ana, ${today()}*` }] };
    await slack.waitFor(() => (current().blocks as Block[]).some((block) => block.block_id === 'datathread_verified_badge'));
    const blocks = current().blocks as Block[];
    // The badge stands where the button was, just above 👍/👎; the rest of the answer is unchanged.
    expect(blocks.slice(-2)).toEqual([badge, (message.blocks as Block[]).at(-1)]);
    expect(blocks.slice(0, -2)).toEqual((message.blocks as Block[]).slice(0, -2));
    expect(current().text).toBe(message.text);

    // Ana's other window still shows the button: her click is answered privately, the thread hears nothing more.
    expect((await harness.click(message, 'datathread_verify', 'UANA')).status).toBe(200);
    const told = await slack.waitFor(() => slack.ephemerals.find((ephemeral) => ephemeral.recipient === 'UANA'));
    expect(told.text).toBe(`✓ Verified query, by ana, ${today()}: this answer's query is verified already.`);
    expect(postedSince('750.1', postsBefore).map((posted) => posted.text?.slice(0, 16))).toEqual(['✓ Verified query']);
    expect((await application.store.verifiedQueries.listVerifiedQueries()).filter((query) => query.threadId === 'slack:T1:C1:750.1')).toHaveLength(1);
    expect((current().blocks as Block[]).filter((block) => block.block_id === 'datathread_verified_badge')).toEqual([badge]);
  });

  it('badges a later answer that runs the verified query, with Show SQL and no second Verify, and gives it to the model as an example', async () => {
    const first = await ask('800.1', TOP_REGIONS_SQL, 'North sold 300, South 50.');
    await harness.click(first, 'datathread_verify', 'UANA');
    await slack.waitFor(async () => ((await application.store.verifiedQueries.listVerifiedQueries()).some((query) => query.threadId === 'slack:T1:C1:800.1') ? true : undefined));

    const requestsBefore = fixture.model.requests.length;
    const second = await ask('900.1', 'select region, sum(amount) as total from sales\ngroup by region order by total desc;', 'Same as before: North 300, South 50.');
    expect(String(fixture.model.requests[requestsBefore]!.messages[0]!.content)).toContain(`Question: sales by region?\nDatabase: shop\n\`\`\`sql\n${TOP_REGIONS_SQL}\n\`\`\``);
    const blocks = second.blocks as Block[];
    const badge = blocks.find((block) => block.block_id === 'datathread_verified_badge');
    expect(badge).toEqual({ type: 'context', block_id: 'datathread_verified_badge', elements: [{ type: 'mrkdwn', text: `*✓ Verified query, by ana, ${today()}*` }] });
    // The badge sits right under the answer text, and Show SQL is there.
    expect(blocks.indexOf(badge!)).toBe(1);
    // Verifying it again would only store a copy: the badge stands instead of the button.
    expect(blocks.some((block) => block.block_id === 'datathread_verify')).toBe(false);
    expect(blocks.find((block) => block.block_id === 'datathread_queries')?.elements).toEqual(expect.arrayContaining([expect.objectContaining({ action_id: 'datathread_show_sql_0' })]));
  });

  it('offers no Verify on an answer that ran no query', async () => {
    const message = await ask('1000.1', undefined, 'I can answer that without data: a region is a sales area.');
    expect((message.blocks as Block[]).some((block) => block.block_id === 'datathread_verify')).toBe(false);
    expect((message.blocks as Block[]).at(-1)?.block_id).toBe('datathread_feedback');
  });
});
