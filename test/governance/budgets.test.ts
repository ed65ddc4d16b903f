// Budgets on a real engine and both stores: every limit path (refused, 80% notice once, stopped
// mid-turn, overrides, channel and workspace scopes, US dollars and tokens), and twenty turns at once.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConversationEngine } from '../../src/conversations/conversation-engine.js';
import type { TurnOutcome, TurnRequest } from '../../src/conversations/types.js';
import { GroupMembership } from '../../src/access/group-membership.js';
import { budgetsSchema, type BudgetsConfig } from '../../src/config/budget-config.js';
import { silentLogger } from '../../src/logging/logger.js';
import { SLACK_GROUP_PREFIX } from '../../src/support/group-entries.js';
import { createEngineHarness, slackLikeRequest, type EngineHarness } from '../support/engine-harness.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres-database.js';
import { createScriptedModel, type ModelStep } from '../support/scripted-model.js';

const NOW = new Date('2026-12-03T10:00:00.000Z');
/** Moves on by a millisecond per reading, so the ledger lists turns in the order they ran. */
let ticks = 0;
const clock = () => new Date(NOW.getTime() + ticks++);
/** Each scripted step reports 1 input and 1 output token. */
const TOKENS_PER_STEP = 2;

const answer: ModelStep = { text: 'North leads.' };
const query: ModelStep = { toolCalls: [{ name: 'execute_sql', input: { sql_query: 'SELECT count(*) AS n FROM sales', database_id: 'shop' } }] };

function budgets(value: unknown): BudgetsConfig {
  return budgetsSchema.parse(value);
}

async function outcomeOf(engine: ConversationEngine, request: TurnRequest): Promise<TurnOutcome> {
  const result = await engine.handle(request);
  if (result.kind !== 'completed') throw new Error(`expected a completed turn, got ${result.kind}`);
  return result.outcome;
}

let turnNumber = 0;
function ask(overrides: Partial<TurnRequest> = {}): TurnRequest {
  turnNumber += 1;
  return slackLikeRequest({ threadId: `slack:T1:C1:1700000000.${String(turnNumber).padStart(6, '0')}`, ...overrides });
}

const bob = { actor: { platform: 'slack' as const, userId: 'U_BOB', displayName: 'Bob', email: 'bob@example.com' } };

let scratch: ScratchDatabase | undefined;

beforeAll(async () => {
  scratch = await createScratchDatabase('budgets');
});

afterAll(async () => {
  await scratch?.drop();
});

describe.each(['sqlite', 'postgres'] as const)('budgets on the %s store', (storeKind) => {
  let harness: EngineHarness;

  beforeEach(async () => {
    harness = await createEngineHarness(storeKind === 'postgres' ? { storeUrl: scratch!.url } : {});
    // The PostgreSQL database is shared by this file's tests: start each from an empty ledger.
    if (storeKind === 'postgres') {
      const pg = await import('pg');
      const client = new pg.default.Client({ connectionString: scratch!.url });
      await client.connect();
      await client.query('DELETE FROM turn_ledger; DELETE FROM budget_notices');
      await client.end();
    }
  });

  afterEach(async () => {
    await harness.close();
  });

  it('records every turn in the ledger with its tokens, with no budgets configured', async () => {
    const engine = harness.createEngine({ model: createScriptedModel([query, answer]).model, clock });
    const outcome = await outcomeOf(engine, ask());
    expect(outcome.status).toBe('answered');
    const turns = await harness.store.ledger.listTurnLedger(new Date(0));
    expect(turns).toHaveLength(1);
    expect(turns[0]).toMatchObject({ status: 'answered', userKey: 'slack:U_ANA', channelKey: 'slack:C1', inputTokens: 2, outputTokens: 2, costMicroUsd: null });
  });

  it("refuses a person's turn once their daily token budget is used up, saying which budget, when it resets and whom to ask", async () => {
    const config = budgets({ per_user: { tokens_per_day: 2 * TOKENS_PER_STEP }, contact: '#data-help', turn_estimate_tokens: 1 });
    const scripted = createScriptedModel([query, answer, answer]);
    const engine = harness.createEngine({ model: scripted.model, clock, budgets: config });

    expect((await outcomeOf(engine, ask())).status).toBe('answered');
    const refused = await outcomeOf(engine, ask());
    expect(refused.status).toBe('failed');
    expect(refused.failure).toEqual({
      kind: 'budget',
      message: 'This question was not run: your daily token budget (4 tokens) is used up. It resets at 2026-12-04 00:00 UTC; to raise it, ask #data-help.',
      retryable: false,
    });
    // The refused turn never reached the model; someone else still may ask.
    expect(scripted.prompts).toHaveLength(2);
    expect((await outcomeOf(engine, ask(bob))).status).toBe('answered');
    const statuses = (await harness.store.ledger.listTurnLedger(new Date(0))).map((turn) => [turn.userKey, turn.status, turn.failureKind]);
    expect(statuses).toEqual([
      ['slack:U_ANA', 'answered', null],
      ['slack:U_ANA', 'refused', 'budget'],
      ['slack:U_BOB', 'answered', null],
    ]);
  });

  it('tells the asker once per period when a budget passes 80%, in the answer of the turn that took it there, with the figures after it', async () => {
    // Turns of one step (2 tokens) against 10 tokens, reserving 1: 0, 2, 4, 6 spent before each. The
    // fourth turn's reservation (6 + 1) stays under 8, but the turn spends 2: its answer says 8 of 10.
    const config = budgets({ per_user: { tokens_per_day: 10 }, turn_estimate_tokens: 1 });
    const engine = harness.createEngine({ model: createScriptedModel(Array.from({ length: 6 }, () => answer)).model, clock, budgets: config });
    const notes: string[][] = [];
    for (let index = 0; index < 5; index += 1) notes.push((await outcomeOf(engine, ask())).notes ?? []);
    expect(notes.slice(0, 3)).toEqual([[], [], []]);
    expect(notes[3]).toEqual(['Your daily token budget is 80% used (8 tokens of 10 tokens); it resets at 2026-12-04 00:00 UTC.']);
    expect(notes[4]).toEqual([]);
    const last = await outcomeOf(engine, ask());
    expect(last.failure?.kind).toBe('budget');
  });

  it('with a limit of about two turns, tells the asker before the refusal: decided at admission from the spent amount plus the turn\'s reservation, worded with the figures after the turn', async () => {
    // 4 tokens, turns of 2 reserving 2: the second turn (2 spent + 2 reserved, past 80%) carries the
    // notice with what it left (4 of 4), and the third is refused. Before, the notice was decided
    // from the 2 spent alone (50%), and the asker went from answered to refused.
    const config = budgets({ per_user: { tokens_per_day: 4 }, turn_estimate_tokens: 2 });
    const engine = harness.createEngine({ model: createScriptedModel(Array.from({ length: 3 }, () => answer)).model, clock, budgets: config });
    const first = await outcomeOf(engine, ask());
    expect([first.status, first.notes ?? []]).toEqual(['answered', []]);
    const second = await outcomeOf(engine, ask());
    expect([second.status, second.notes]).toEqual(['answered', ['Your daily token budget is 100% used (4 tokens of 4 tokens); it resets at 2026-12-04 00:00 UTC.']]);
    const third = await outcomeOf(engine, ask());
    expect(third.failure?.kind).toBe('budget');
  });

  it('stops a running turn after the step that used the budget up, and says so', async () => {
    const config = budgets({ per_user: { tokens_per_day: 3 * TOKENS_PER_STEP }, turn_estimate_tokens: 1 });
    const scripted = createScriptedModel([query, query, query, query, query, answer]);
    const engine = harness.createEngine({ model: scripted.model, clock, budgets: config });
    const outcome = await outcomeOf(engine, ask());
    expect(scripted.prompts).toHaveLength(3);
    expect(outcome.notes).toContain('I stopped before finishing: your daily token budget (6 tokens) is used up. It resets at 2026-12-04 00:00 UTC; to raise it, ask your datathread admin.');
    const [turn] = await harness.store.ledger.listTurnLedger(new Date(0));
    expect(turn).toMatchObject({ inputTokens: 3, outputTokens: 3 });
  });

  it("counts US dollars from the price table against a channel's monthly budget, per channel", async () => {
    // One dollar per token: a one-step turn costs $2.
    const config = budgets({ per_channel: { usd_per_month: 4 }, prices: { 'mock-model-id': { input_per_million: 1_000_000, output_per_million: 1_000_000 } }, turn_estimate_tokens: 1 });
    const engine = harness.createEngine({ model: createScriptedModel([answer, answer, answer, answer]).model, clock, budgets: config });
    expect((await outcomeOf(engine, ask())).status).toBe('answered');
    expect((await outcomeOf(engine, ask(bob))).status).toBe('answered');
    const refused = await outcomeOf(engine, ask());
    expect(refused.failure?.message).toBe("This question was not run: this channel's monthly budget ($4.00) is used up. It resets at 2027-01-01 00:00 UTC; to raise it, ask your datathread admin.");
    const elsewhere = await outcomeOf(engine, ask({ place: { channelId: 'C2', teamId: 'T1', isDirectMessage: false } }));
    expect(elsewhere.status).toBe('answered');
    const costs = (await harness.store.ledger.listTurnLedger(new Date(0))).map((turn) => turn.costMicroUsd);
    expect(costs).toEqual([2_000_000, 2_000_000, 0, 2_000_000]);
  });

  it('counts terminal turns against the workspace budget only', async () => {
    const config = budgets({ per_user: { tokens_per_day: 1 }, workspace: { tokens_per_day: 2 * TOKENS_PER_STEP }, turn_estimate_tokens: 1 });
    const engine = harness.createEngine({ model: createScriptedModel([answer, answer, answer]).model, clock, budgets: config });
    const console = { platform: 'console' as const, actor: { platform: 'console' as const, userId: 'operator' }, place: { channelId: 'console', isDirectMessage: true } };
    expect((await outcomeOf(engine, ask(console))).status).toBe('answered');
    expect((await outcomeOf(engine, ask(console))).status).toBe('answered');
    const refused = await outcomeOf(engine, ask(console));
    expect(refused.failure?.message).toContain("the workspace's daily token budget (4 tokens) is used up");
    const [first] = await harness.store.ledger.listTurnLedger(new Date(0));
    expect(first).toMatchObject({ userKey: null, channelKey: null });
  });

  it('gives a named person their override instead of the default per-user limit', async () => {
    const config = budgets({ per_user: { tokens_per_day: TOKENS_PER_STEP }, overrides: [{ users: ['ana@example.com'], per_user: { tokens_per_day: 100 } }], turn_estimate_tokens: 1 });
    const engine = harness.createEngine({ model: createScriptedModel([answer, answer, answer, answer, answer]).model, clock, budgets: config });
    for (let index = 0; index < 3; index += 1) expect((await outcomeOf(engine, ask())).status).toBe('answered');
    expect((await outcomeOf(engine, ask(bob))).status).toBe('answered');
    expect((await outcomeOf(engine, ask(bob))).failure?.kind).toBe('budget');
  });

  it('gives the members of a named group its override, and nobody else', async () => {
    const membership = new GroupMembership({ namedGroups: { finance: ['ana@example.com'] }, clock, logger: silentLogger });
    const config = budgets({ per_user: { tokens_per_day: TOKENS_PER_STEP }, overrides: [{ users: ['group:finance'], per_user: { tokens_per_day: 100 } }], turn_estimate_tokens: 1 });
    const engine = harness.createEngine({ model: createScriptedModel(Array.from({ length: 5 }, () => answer)).model, clock, budgets: config, groupMembership: membership });
    // Ana is in finance: three turns of 2 tokens pass her raised limit of 100.
    for (let index = 0; index < 3; index += 1) expect((await outcomeOf(engine, ask())).status).toBe('answered');
    // Bob is not: the default of one turn applies to him.
    expect((await outcomeOf(engine, ask(bob))).status).toBe('answered');
    expect((await outcomeOf(engine, ask(bob))).failure?.message).toContain('your daily token budget (2 tokens) is used up');
  });

  it('lowers the limit of the members of a Slack user group named in an override', async () => {
    const membership = new GroupMembership({ namedGroups: {}, clock, logger: silentLogger });
    membership.addMemberListReader('slack', SLACK_GROUP_PREFIX, ['S_INTERNS'], async (groupId) => (groupId === 'S_INTERNS' ? ['U_BOB'] : []));
    const config = budgets({ per_user: { tokens_per_day: 100 }, overrides: [{ users: ['slack-group:S_INTERNS'], per_user: { tokens_per_day: TOKENS_PER_STEP } }], turn_estimate_tokens: 1 });
    const engine = harness.createEngine({ model: createScriptedModel(Array.from({ length: 5 }, () => answer)).model, clock, budgets: config, groupMembership: membership });
    expect((await outcomeOf(engine, ask(bob))).status).toBe('answered');
    expect((await outcomeOf(engine, ask(bob))).failure?.message).toContain('your daily token budget (2 tokens) is used up');
    // Ana is not an intern: the default of 100 tokens still lets her ask.
    for (let index = 0; index < 3; index += 1) expect((await outcomeOf(engine, ask())).status).toBe('answered');
  });

  it('admits twenty turns started at once only as far as the budget goes, overshooting by at most one turn', async () => {
    const limit = 5 * TOKENS_PER_STEP;
    const config = budgets({ workspace: { tokens_per_day: limit }, turn_estimate_tokens: TOKENS_PER_STEP });
    const engine = harness.createEngine({ model: createScriptedModel(Array.from({ length: 20 }, () => answer)).model, clock, budgets: config });
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, index) => outcomeOf(engine, ask({ actor: { platform: 'slack', userId: `U_${index}` } }))));
    const answered = outcomes.filter((outcome) => outcome.status === 'answered').length;
    expect(answered).toBe(5);
    expect(outcomes.filter((outcome) => outcome.failure?.kind === 'budget')).toHaveLength(15);
    const totals = await harness.store.ledger.spendTotals({ scope: { kind: 'workspace' }, since: new Date(0) }, NOW);
    expect(totals.spentTokens).toBeLessThanOrEqual(limit + TOKENS_PER_STEP);
  });

  it("stops counting a crashed turn's reservation once it expires, but keeps what it spent", async () => {
    const { ledger } = harness.store;
    const start = { threadId: 't', platform: 'slack', userKey: 'slack:U1', channelKey: 'slack:C1', provider: 'p', model: 'm', reservedTokens: 100, reservedMicroUsd: 0, startedAt: NOW };
    await ledger.admitTurn({ ...start, turnId: 'live', reservationExpiresAt: new Date(NOW.getTime() + 60_000) }, [], () => true, NOW);
    await ledger.admitTurn({ ...start, turnId: 'crashed', reservationExpiresAt: new Date(NOW.getTime() - 1) }, [], () => true, NOW);
    await ledger.addTurnUsage('crashed', { inputTokens: 7, cachedInputTokens: 0, outputTokens: 3, costMicroUsd: null });
    const totals = await ledger.spendTotals({ scope: { kind: 'user', key: 'slack:U1' }, since: new Date(0) }, NOW);
    expect(totals).toEqual({ spentTokens: 10, spentMicroUsd: 0, reservedTokens: 100, reservedMicroUsd: 0, unpricedTurns: 1 });
  });
});
