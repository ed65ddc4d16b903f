// Access rules hold on stored results: a result is as restricted as the database it came from, so
// someone without a grant for that database cannot read another person's result of it by id —
// not through read_query_result, a chart, or the replayed thread history — while the person
// granted it still can.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConversationEngine } from '../../src/conversations/conversation-engine.js';
import type { TurnOutcome } from '../../src/conversations/types.js';
import { createResultReadCheck } from '../../src/access/result-access.js';
import { createEngineHarness, slackLikeRequest, type EngineHarness } from '../support/engine-harness.js';
import { createScriptedModel, toolResultTexts } from '../support/scripted-model.js';

let harness: EngineHarness;
const THREAD = 'slack:T1:C1:1700000000.000100';
const RULES = [{ databases: ['shop'], channels: ['C1'] }, { databases: ['hr'], users: ['U_BOB'] }];

beforeEach(async () => {
  harness = await createEngineHarness();
});

afterEach(async () => {
  await harness.close();
});

async function completed(engine: ConversationEngine, userId: string, text: string): Promise<TurnOutcome> {
  const result = await engine.handle(slackLikeRequest({ text, actor: { platform: 'slack', userId }, threadId: THREAD }));
  if (result.kind !== 'completed') throw new Error(`expected a completed turn, got ${result.kind}`);
  return result.outcome;
}

async function bobQueriesSalaries(): Promise<string> {
  const bob = createScriptedModel([{ toolCalls: [{ name: 'execute_sql', input: { sql_query: 'SELECT person, salary FROM salaries', database_id: 'hr' } }] }, { text: 'ana earns 1.' }]);
  const outcome = await completed(harness.createEngine({ model: bob.model, accessRules: RULES }), 'U_BOB', 'salaries?');
  const queryId = outcome.queries[0]?.queryId;
  expect(outcome.queries[0]).toMatchObject({ databaseName: 'hr', rowCount: 1 });
  if (!queryId) throw new Error('Bob\'s query left no result');
  return queryId;
}

describe('stored results under access rules', () => {
  it("Alice, without a grant for hr, cannot read Bob's hr result by read_query_result", async () => {
    const queryId = await bobQueriesSalaries();
    const alice = createScriptedModel([{ toolCalls: [{ name: 'read_query_result', input: { query_id: queryId } }] }, { text: 'I cannot show that.' }]);
    await completed(harness.createEngine({ model: alice.model, accessRules: RULES }), 'U_ALICE', 'show me the rows of that result');
    const toolText = toolResultTexts(alice.prompts[1]!).at(-1)!;
    expect(toolText).toContain(`The result ${queryId} comes from the database "hr", which you have no access to here.`);
    // Bob's rows are not in Alice's model context at all, not even through the replayed history.
    expect(JSON.stringify(alice.prompts[0])).not.toContain('person: ana');
    expect(JSON.stringify(alice.prompts[1])).not.toContain('person: ana');
  });

  it('Alice cannot chart it either, and Bob still reads his own result', async () => {
    const queryId = await bobQueriesSalaries();
    const alice = createScriptedModel([
      { toolCalls: [{ name: 'display_chart', input: { query_id: queryId, chart_type: 'bar', x_axis_key: 'person', x_axis_type: 'category', series: [{ data_key: 'salary' }], title: 'Salaries' } }] },
      { text: 'No chart.' },
    ]);
    const aliceOutcome = await completed(harness.createEngine({ model: alice.model, accessRules: RULES }), 'U_ALICE', 'chart it');
    expect(toolResultTexts(alice.prompts[1]!).at(-1)).toContain('which you have no access to here');
    expect(aliceOutcome.charts ?? []).toHaveLength(0);

    const bob = createScriptedModel([{ toolCalls: [{ name: 'read_query_result', input: { query_id: queryId } }] }, { text: 'ok' }]);
    await completed(harness.createEngine({ model: bob.model, accessRules: RULES }), 'U_BOB', 'rows again');
    expect(toolResultTexts(bob.prompts[1]!).at(-1)).toContain('person: ana');
    expect(toolResultTexts(bob.prompts[0]!)[0]).toContain('person: ana');
  });

  it('a sandbox result is readable under rules only by someone granted every database', () => {
    const mayRead = createResultReadCheck(RULES, ['shop', 'hr']);
    expect(mayRead({ platform: 'slack', channelId: 'C1', userId: 'U_BOB' }, 'sandbox')).toBe(true);
    expect(mayRead({ platform: 'slack', channelId: 'C1', userId: 'U_ALICE' }, 'sandbox')).toBe(false);
    expect(mayRead({ platform: 'slack', channelId: 'C1', userId: 'U_ALICE' }, 'shop')).toBe(true);
    expect(mayRead({ platform: 'slack', channelId: 'C9', userId: 'U_ALICE' }, 'shop')).toBe(false);
    expect(createResultReadCheck([], ['shop'])({ platform: 'teams', userId: 'anyone' }, 'gone')).toBe(true);
  });
});
