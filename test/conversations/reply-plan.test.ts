// The reply plan: what every channel shows for a turn, decided once from the outcome.
import { describe, expect, it } from 'vitest';
import type { QueryResult, StoryArtifact } from '../../src/store/turn-artifacts.js';
import { MAX_TABLES_PER_REPLY, planReply } from '../../src/conversations/reply-plan.js';
import { STEP_LIMIT_NOTE, TURN_SENTENCES } from '../../src/conversations/standard-sentences.js';
import type { TurnOutcome } from '../../src/conversations/types.js';

const THREAD = 'slack:T1:C1:1.1';

function outcome(partial: Partial<TurnOutcome>): TurnOutcome {
  return { threadId: THREAD, status: 'answered', text: '', charts: [], stories: [], queries: [], tables: [], followUps: [], ...partial };
}

function table(queryId: string): QueryResult {
  return { queryId, databaseName: 'shop', sql: 'SELECT 1', columns: [{ name: 'n', type: 'INTEGER' }], rows: [[1]], rowCount: 1, truncated: false, durationMs: 1, createdAt: new Date(0) };
}

function story(code: string, version = 1, slug = 'review'): StoryArtifact {
  return { slug, version, title: 'Review', code, action: version === 1 ? 'create' : 'update', summary: `v${version}` };
}

describe('planReply', () => {
  it('drops the tables a story draws, decided by the story document', () => {
    const plan = planReply(
      outcome({
        text: 'See the story.',
        stories: [story('# Sales\n<table query_id="query_aaaaaaaa" />\n<chart query_id="query_cccccccc" chart_type="bar" x_axis_key="n" series=\'[{"data_key":"n"}]\' title="C" />')],
        tables: [table('query_aaaaaaaa'), table('query_bbbbbbbb'), table('query_cccccccc')],
      }),
    );
    expect(plan.tables.map((shown) => shown.queryId)).toEqual(['query_bbbbbbbb']);
  });

  it('keeps a table whose query id the story only mentions in its text', () => {
    const plan = planReply(outcome({ stories: [story('Numbers from query_aaaaaaaa, shown below.')], tables: [table('query_aaaaaaaa')] }));
    expect(plan.tables.map((shown) => shown.queryId)).toEqual(['query_aaaaaaaa']);
  });

  it(`shows at most ${MAX_TABLES_PER_REPLY} tables, the last ones`, () => {
    const plan = planReply(outcome({ text: 'x', tables: ['a', 'b', 'c', 'd'].map((letter) => table(`query_${letter.repeat(8)}`)) }));
    expect(plan.tables.map((shown) => shown.queryId)).toEqual(['query_bbbbbbbb', 'query_cccccccc', 'query_dddddddd']);
  });

  it('keeps the latest version of each story, in first-touched order', () => {
    const plan = planReply(outcome({ stories: [story('a', 1), story('b', 1, 'other'), story('c', 2), story('d', 3)] }));
    expect(plan.stories.map((entry) => `${entry.slug}@${entry.version}`)).toEqual(['review@3', 'other@1']);
  });

  it('keeps the bot notes apart from the model answer', () => {
    const plan = planReply(outcome({ text: '  Revenue grew.  ', notes: [STEP_LIMIT_NOTE] }));
    expect(plan.answer).toBe('Revenue grew.');
    expect(plan.notes).toEqual([STEP_LIMIT_NOTE]);
    expect(plan.sentence).toBeUndefined();
  });

  it('gives an empty turn the standard sentence, and a turn with only a note none', () => {
    expect(planReply(outcome({})).sentence).toEqual({ kind: 'empty', text: TURN_SENTENCES.empty });
    expect(planReply(outcome({ notes: ['To query finance I need to act as you.'] })).sentence).toBeUndefined();
  });

  it('gives a stopped turn the standard sentence and no follow-ups', () => {
    const plan = planReply(outcome({ status: 'cancelled', followUps: ['More?'] }));
    expect(plan.sentence).toEqual({ kind: 'stopped', text: TURN_SENTENCES.stopped });
    expect(plan.controls.followUps).toEqual([]);
  });

  it("says a failure in the failure's own sentence, with Retry only when it can help", () => {
    const failed = planReply(outcome({ status: 'failed', failure: { kind: 'database', message: 'I could not reach shop.', retryable: true } }));
    expect(failed.sentence).toEqual({ kind: 'failed', text: 'I could not reach shop.' });
    expect(failed.controls.retry).toBe(true);
    const refused = planReply(outcome({ status: 'failed', failure: { kind: 'model', message: 'Refused.', retryable: false } }));
    expect(refused.controls.retry).toBe(false);
    expect(planReply(outcome({ status: 'failed' })).sentence).toEqual({ kind: 'failed', text: TURN_SENTENCES.failed });
  });

  it('offers follow-ups under an answer and the question under a clarification', () => {
    expect(planReply(outcome({ text: 'x', followUps: ['By region?', ' '] })).controls.followUps).toEqual(['By region?']);
    const asked = planReply(outcome({ status: 'clarification', clarification: { question: 'Which year?', options: ['2024'] }, followUps: ['ignored'] }));
    expect(asked.controls).toMatchObject({ clarification: { question: 'Which year?', options: ['2024'] }, followUps: [], retry: false });
  });
});
