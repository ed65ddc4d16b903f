// Exact-output tests of the outcome renderer: blocks, packing within Slack limits, buttons.
import { describe, expect, it } from 'vitest';
import type { TurnOutcome } from '../../../../src/conversations/types.js';
import { buildAnswerBlocks } from '../../../../src/channels/slack/render/answer-blocks.js';
import { decodeButtonValue, encodeButtonValue } from '../../../../src/channels/slack/actions/action-ids.js';
import { packMessages } from '../../../../src/channels/slack/render/pack-messages.js';
import { planReply } from '../../../../src/conversations/reply-plan.js';
import { renderReply, type RenderOptions } from '../../../../src/channels/slack/render/render-reply.js';
import { resultToCsv } from '../../../../src/tables/result-csv.js';
import { buildSlackThreadId, parseSlackThreadId } from '../../../../src/channels/slack/inbound/thread-id.js';
import { validateSlackMessage } from '../support/block-kit-validator.js';

const THREAD = 'slack:T1:C1:1.1';

const renderOutcome = (turn: TurnOutcome, options: RenderOptions) => renderReply(planReply(turn), options);

function outcome(partial: Partial<TurnOutcome>): TurnOutcome {
  return { threadId: THREAD, status: 'answered', text: '', charts: [], stories: [], queries: [], tables: [], followUps: [], ...partial };
}

describe('buildAnswerBlocks', () => {
  it('builds sections, a table block and a divider with exact content', () => {
    expect(buildAnswerBlocks('# Top\n**300** units\n\n| A | B |\n|---|---|\n| 1 |  |\n\n***\n`x`')).toEqual([
      { type: 'section', text: { type: 'mrkdwn', text: '*Top*\n*300* units' } },
      { type: 'table', rows: [[{ type: 'raw_text', text: 'A' }, { type: 'raw_text', text: 'B' }], [{ type: 'raw_text', text: '1' }, { type: 'raw_text', text: '—' }]] },
      { type: 'divider' },
      { type: 'section', text: { type: 'mrkdwn', text: '`x`' } },
    ]);
  });

  it('falls back to a code block for a table wider than 20 columns', () => {
    const header = Array.from({ length: 21 }, (_unused, index) => `c${index}`);
    const markdown = `| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|\n| ${header.map(() => '1').join(' | ')} |`;
    const [block] = buildAnswerBlocks(markdown);
    expect(block).toMatchObject({ type: 'section' });
    expect(JSON.stringify(block)).toContain('```\\nc0 | c1');
  });
});

describe('packMessages', () => {
  it('starts a new message at 50 blocks and at a second table', () => {
    const sections = Array.from({ length: 60 }, (_unused, index) => ({ type: 'section' as const, text: { type: 'mrkdwn' as const, text: `s${index}` } }));
    expect(packMessages(sections).map((message) => message.blocks.length)).toEqual([50, 10]);
    const table = { type: 'table' as const, rows: [[{ type: 'raw_text' as const, text: 'x' }]] };
    expect(packMessages([table, table]).map((message) => message.blocks.length)).toEqual([1, 1]);
  });
});

describe('renderOutcome', () => {
  it('puts follow-ups and query buttons under a text-only answer', () => {
    const reply = renderOutcome(
      outcome({
        text: 'Done.',
        followUps: ['Next?', 'x'.repeat(100)],
        queries: [{ queryId: 'query_abcd1234', databaseName: 'shop', sql: 'SELECT 1', rowCount: 1, durationMs: 1, refused: false, error: null }],
      }),
      { offerCsv: true },
    );
    expect(reply.controls).toBeUndefined();
    expect(reply.messages).toHaveLength(1);
    expect(reply.messages[0]!.blocks).toEqual([
      { type: 'section', text: { type: 'mrkdwn', text: 'Done.' } },
      {
        type: 'actions',
        block_id: 'datathread_queries',
        elements: [
          { type: 'button', text: { type: 'plain_text', text: 'Show SQL', emoji: true }, action_id: 'datathread_show_sql_0', value: JSON.stringify({ thread: THREAD, queryId: 'query_abcd1234', sql: 'SELECT 1' }) },
          { type: 'button', text: { type: 'plain_text', text: 'CSV', emoji: true }, action_id: 'datathread_csv_0', value: JSON.stringify({ thread: THREAD, queryId: 'query_abcd1234' }) },
        ],
      },
      {
        type: 'actions',
        block_id: 'datathread_follow_ups',
        elements: [
          { type: 'button', text: { type: 'plain_text', text: 'Next?', emoji: true }, action_id: 'datathread_follow_up_0', value: JSON.stringify({ thread: THREAD, text: 'Next?' }) },
          { type: 'button', text: { type: 'plain_text', text: `${'x'.repeat(74)}…`, emoji: true }, action_id: 'datathread_follow_up_1', value: JSON.stringify({ thread: THREAD, text: 'x'.repeat(100) }) },
        ],
      },
    ]);
    expect(validateSlackMessage(reply.messages[0]! as unknown as Record<string, unknown>)).toEqual([]);
  });

  it('posts the buttons after the charts, and a failure with Retry when retryable', () => {
    const chart = { chartId: 'c1', queryId: 'q', title: 'Sales by region', chartType: 'bar', config: {}, spec: {}, png: Buffer.from('png'), widthPx: 1, heightPx: 1 };
    const reply = renderOutcome(outcome({ status: 'failed', charts: [chart], failure: { kind: 'database', message: 'I could not reach shop.', retryable: true } }), { offerCsv: false });
    expect(reply.messages).toEqual([]);
    expect(reply.charts).toEqual([{ filename: 'sales-by-region.png', title: 'Sales by region', content: Buffer.from('png') }]);
    expect(reply.controls!.blocks).toEqual([
      { type: 'section', text: { type: 'mrkdwn', text: ':warning: I could not reach shop.' } },
      { type: 'actions', block_id: 'datathread_retry', elements: [{ type: 'button', text: { type: 'plain_text', text: 'Retry', emoji: true }, action_id: 'datathread_retry', value: JSON.stringify({ thread: THREAD }) }] },
    ]);
  });

  it('shows the bot notes apart from the answer, and the standard sentence of a stopped turn', () => {
    const noted = renderOutcome(outcome({ text: 'North leads.', notes: ['I reached my step limit (agent.max_steps) before finishing; ask me to continue or narrow the question.'] }), { offerCsv: false });
    expect(noted.messages[0]!.blocks).toEqual([
      { type: 'section', text: { type: 'mrkdwn', text: 'North leads.' } },
      { type: 'context', elements: [{ type: 'mrkdwn', text: 'I reached my step limit (agent.max_steps) before finishing; ask me to continue or narrow the question.' }] },
    ]);
    const stopped = renderOutcome(outcome({ status: 'cancelled' }), { offerCsv: false });
    expect(stopped.messages[0]!.blocks).toEqual([{ type: 'context', elements: [{ type: 'mrkdwn', text: 'Stopped. Nothing more will run for this question.' }] }]);
  });

  it('renders a clarification with one button per option and no follow-ups', () => {
    const reply = renderOutcome(outcome({ status: 'clarification', clarification: { question: 'Which year?', options: ['2024', '2025'] }, followUps: ['ignored'] }), { offerCsv: false });
    const blocks = [...reply.messages.flatMap((message) => message.blocks), ...(reply.controls?.blocks ?? [])];
    expect(blocks.map((block) => block.type)).toEqual(['section', 'actions', 'context']);
    expect(JSON.stringify(blocks)).not.toContain('datathread_follow_up');
  });

  it('keeps every message of a long answer within limits', () => {
    const text = Array.from({ length: 100 }, (_unused, index) => `Paragraph ${index} ${'word '.repeat(40)}`).join('\n\n');
    const reply = renderOutcome(outcome({ text }), { offerCsv: false });
    expect(reply.answerFile).toBeUndefined();
    expect(reply.messages.length).toBeGreaterThan(1);
    for (const message of reply.messages) expect(validateSlackMessage(message as unknown as Record<string, unknown>)).toEqual([]);
  });

  it('renders result tables as table blocks, capped at 100 rows with a note', () => {
    const rows = Array.from({ length: 150 }, (_unused, index) => [`r${index}`, index]);
    const reply = renderOutcome(
      outcome({ text: 'Rows:', tables: [{ queryId: 'query_t', databaseName: 'shop', sql: 'x', columns: [{ name: 'name', type: 'varchar' }, { name: 'n', type: 'integer' }], rows, rowCount: 150, truncated: false, durationMs: 1, createdAt: new Date(0) }] }),
      { offerCsv: true },
    );
    const table = reply.messages[0]!.blocks.find((block) => block.type === 'table') as { rows: unknown[] };
    expect(table.rows).toHaveLength(100);
    expect(JSON.stringify(reply.messages[0]!.blocks)).toContain('Showing the first 99 of 150 rows; the CSV button has them all.');
  });
});

describe('small pieces', () => {
  it('round-trips thread ids and button values', () => {
    expect(buildSlackThreadId({ teamId: 'T1', channelId: 'C1', threadTs: '1.1' })).toBe(THREAD);
    expect(parseSlackThreadId(THREAD)).toEqual({ teamId: 'T1', channelId: 'C1', threadTs: '1.1' });
    expect(parseSlackThreadId('teams:x')).toBeUndefined();
    expect(decodeButtonValue(encodeButtonValue({ thread: THREAD, text: 'hi' }))).toEqual({ thread: THREAD, text: 'hi' });
    const long = encodeButtonValue({ thread: THREAD, sql: 'S'.repeat(3_000), queryId: 'query_x' });
    expect(long.length).toBeLessThanOrEqual(2_000);
    expect(decodeButtonValue(long)).toEqual({ thread: THREAD, queryId: 'query_x' });
  });

  it('escapes formula cells in CSV but leaves numbers alone', () => {
    expect(resultToCsv([{ name: 'a', type: 'varchar' }], [['=1+1'], ['+x'], ['-x'], ['@x'], [-3], ['plain']])).toBe("a\r\n'=1+1\r\n'+x\r\n'-x\r\n'@x\r\n-3\r\nplain\r\n");
  });
});

describe('renderOutcome feedback buttons', () => {
  const chart = { chartId: 'c1', queryId: 'q1', title: 'Sales', chartType: 'bar', config: {}, spec: {}, png: Buffer.from([1]), widthPx: 2, heightPx: 2 };
  const lastBlock = (blocks: unknown[] | undefined) => (blocks ?? []).at(-1) as { type: string; elements?: Array<{ positive_button: { value: string }; negative_button: { value: string } }> } | undefined;

  it('end an answer, after the follow-ups, with each button naming the thread, the answer and its rating', () => {
    const reply = renderOutcome(outcome({ text: 'Done.', followUps: ['Next?'], answerId: 'answer_abc12345' }), { offerCsv: false, offerFeedback: true });
    const block = lastBlock(reply.messages.at(-1)?.blocks);
    expect(block?.type).toBe('context_actions');
    expect(decodeButtonValue(block?.elements?.[0]?.positive_button.value)).toEqual({ thread: THREAD, answer: 'answer_abc12345', rating: 'positive' });
    expect(decodeButtonValue(block?.elements?.[0]?.negative_button.value)).toEqual({ thread: THREAD, answer: 'answer_abc12345', rating: 'negative' });
    expect(validateSlackMessage(reply.messages.at(-1) as never)).toEqual([]);
  });

  it('sit on the controls message under the charts when the answer has charts', () => {
    const reply = renderOutcome(outcome({ text: 'Done.', charts: [chart], answerId: 'answer_abc12345' }), { offerCsv: false, offerFeedback: true });
    expect(lastBlock(reply.controls?.blocks)?.type).toBe('context_actions');
    expect(reply.messages.flatMap((message) => message.blocks).some((candidate) => candidate.type === 'context_actions')).toBe(false);
  });

  it('are left out when feedback is not stored, for a failed or empty turn, and without an answer id', () => {
    const none = (turn: TurnOutcome, offerFeedback = true) => {
      const reply = renderOutcome(turn, { offerCsv: false, offerFeedback });
      return [...reply.messages, ...(reply.controls ? [reply.controls] : [])].flatMap((message) => message.blocks).every((candidate) => candidate.type !== 'context_actions');
    };
    expect(none(outcome({ text: 'Done.', answerId: 'answer_abc12345' }), false)).toBe(true);
    expect(none(outcome({ status: 'failed', failure: { kind: 'model', message: 'Down.', retryable: true }, answerId: 'answer_abc12345' }))).toBe(true);
    expect(none(outcome({ text: '', answerId: 'answer_abc12345' }))).toBe(true);
    expect(none(outcome({ text: 'Done.' }))).toBe(true);
  });
});
