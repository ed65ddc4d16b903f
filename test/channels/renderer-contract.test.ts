// The renderer contract: given the same reply plan, Slack and Teams show the same texts, the same
// actions and the same attachments, each in its own markup — for the reply posted whole and for the
// reply that follows an answer streamed into the thread, and for a turn that ended with a sentence
// (failed, stopped, empty) after its stream showed only tool progress. Every case runs on both
// channels; a channel that shows one text, button or image more or less than the plan says fails here.
import { describe, expect, it } from 'vitest';
import { decodeButtonValue } from '../../src/channels/slack/actions/action-ids.js';
import type { SlackBlock } from '../../src/channels/slack/render/block-kit.js';
import { renderReply as renderSlackReply, type RenderedReply } from '../../src/channels/slack/render/render-reply.js';
import type { AdaptiveCard, CardAction, CardElement } from '../../src/channels/teams/render/adaptive-card-types.js';
import { renderReply as renderTeamsReply } from '../../src/channels/teams/render/render-reply.js';
import type { ChartArtifact, QueryResult, QueryRun, StoryArtifact } from '../../src/store/turn-artifacts.js';
import { afterStreamedAnswer, streamedAnswerStays } from '../../src/conversations/reply-contents.js';
import { planReply, type ReplyPlan } from '../../src/conversations/reply-plan.js';
import { STEP_LIMIT_NOTE, TURN_SENTENCES } from '../../src/conversations/standard-sentences.js';
import type { TurnOutcome } from '../../src/conversations/types.js';
import { drawChartPng } from './teams/chart-png.js';

/** What a reader sees, in neutral terms: texts (without markup), actions, attachments. Order is markup. */
interface Shown {
  texts: string[];
  actions: string[];
  attachments: string[];
}

/** Both channels draw stories as messages of their own when the store is there, or as one-line notes. */
interface ContractOptions {
  storiesApart: boolean;
}

interface ChannelUnderTest {
  name: string;
  final(plan: ReplyPlan, options: ContractOptions): Promise<Shown>;
  /** The answer's words were streamed into the thread (all of them) before the plan was known. */
  streamed(plan: ReplyPlan, options: ContractOptions): Promise<Shown>;
  /** The stream showed tool progress only (no words), then the turn ended with its sentence. */
  afterToolProgress(plan: ReplyPlan, options: ContractOptions): Promise<Shown>;
}

// ---------------------------------------------------------------- Slack

function slackText(mrkdwn: string): string {
  return mrkdwn
    .replace(/^:[a-z_]+:\s*/u, '')
    .replace(/\*/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .trim();
}

function slackBlockShown(block: SlackBlock, shown: Shown): void {
  switch (block.type) {
    case 'section':
      if (block.text) shown.texts.push(slackText(block.text.text));
      return;
    case 'context':
      for (const element of block.elements) if ('text' in element && typeof element.text === 'string') shown.texts.push(slackText(element.text));
      return;
    case 'table':
    case 'data_table':
      shown.attachments.push('table');
      return;
    case 'actions':
      for (const element of block.elements) {
        if (element.type !== 'button') continue;
        const value = decodeButtonValue(element.value);
        const label = element.text.text;
        const kind = (element.action_id ?? '').replace(/^datathread_/, '').replace(/_\d+$/, '');
        if (kind === 'show_sql') shown.actions.push(`show-sql:${value?.sql ?? ''}`);
        else if (kind === 'csv') shown.actions.push(`csv:${value?.queryId ?? ''}:${label}`);
        else if (kind === 'retry') shown.actions.push('retry');
        else shown.actions.push(`${kind.replace(/_/g, '-')}:${value?.text ?? ''}`);
      }
      return;
    default:
      return;
  }
}

function slackShown(reply: RenderedReply, streamedText: string): Shown {
  const shown: Shown = { texts: streamedText === '' ? [] : [streamedText], actions: [], attachments: [] };
  for (const message of [...reply.messages, ...(reply.controls ? [reply.controls] : [])]) for (const block of message.blocks) slackBlockShown(block, shown);
  for (const chart of reply.charts) shown.attachments.push(`chart:${chart.title}`);
  return shown;
}

const slack: ChannelUnderTest = {
  name: 'Slack',
  final: async (plan, options) => slackShown(renderSlackReply(plan, { offerCsv: true, storiesAsMessages: options.storiesApart }), ''),
  streamed: async (plan, options) =>
    slackShown(renderSlackReply(plan, { offerCsv: true, storiesAsMessages: options.storiesApart, answerStreamed: 'whole' }), plan.answer),
  // As run-slack-turn.ts: a stream holding only task updates is removed (finish's removeWithoutText)
  // when the turn ends with a sentence, and the reply is posted whole.
  afterToolProgress: async (plan, options) => slackShown(renderSlackReply(plan, { offerCsv: true, storiesAsMessages: options.storiesApart }), ''),
};

// ---------------------------------------------------------------- Teams

function teamsText(markdown: string): string {
  return markdown.replace(/\*\*/g, '').trim();
}

function teamsElementShown(element: CardElement, shown: Shown): void {
  switch (element.type) {
    case 'TextBlock':
      shown.texts.push(teamsText(element.text));
      return;
    case 'Image':
      shown.attachments.push(`chart:${element.altText?.replace(/^Chart: /, '') ?? ''}`);
      return;
    case 'Table':
    case 'FactSet':
      shown.attachments.push('table');
      return;
    case 'Container':
      // A table's caption states Teams' own row limit: the table is the attachment, its caption is markup.
      if (element.items.some((item) => item.type === 'Table' || item.type === 'FactSet')) {
        shown.attachments.push('table');
        return;
      }
      for (const item of element.items) teamsElementShown(item, shown);
      return;
    case 'ColumnSet':
      for (const column of element.columns) for (const item of column.items ?? []) teamsElementShown(item, shown);
      return;
    case 'ActionSet':
      for (const action of element.actions) teamsActionShown(action, shown);
      return;
  }
}

function teamsActionShown(action: CardAction, shown: Shown): void {
  if (action.type === 'Action.ShowCard') {
    // One Show SQL card lists the queries: each listed query is one Show SQL of Slack's; its last
    // line, how many it leaves out, is Slack's line under the buttons.
    for (const element of action.card.body) {
      if (element.type === 'Container' && element.style === 'emphasis') shown.actions.push(`show-sql:${codeOf(element)}`);
      if (element.type === 'TextBlock' && element.isSubtle) shown.texts.push(teamsText(element.text));
    }
    return;
  }
  if (action.type !== 'Action.Submit') return;
  const data = action.data;
  if (data.datathread === 'csv') shown.actions.push(`csv:${data.queryId}:${action.title}`);
  else if (data.datathread === 'retry') shown.actions.push('retry');
  else if (data.datathread === 'follow_up') shown.actions.push(`follow-up:${data.text}`);
  else if (data.datathread === 'clarification_answer') shown.actions.push(`clarification:${data.text}`);
}

function codeOf(element: CardElement): string {
  if (element.type === 'TextBlock') return element.text;
  if (element.type === 'Container') return element.items.map(codeOf).join('\n');
  return '';
}

function teamsShown(cards: AdaptiveCard[], streamedText: string): Shown {
  const shown: Shown = { texts: streamedText === '' ? [] : [streamedText], actions: [], attachments: [] };
  for (const card of cards) {
    for (const element of card.body) teamsElementShown(element, shown);
    for (const action of card.actions ?? []) teamsActionShown(action, shown);
  }
  return shown;
}

const teams: ChannelUnderTest = {
  name: 'Teams',
  final: async (plan, options) => teamsShown(await renderTeamsReply(plan, { offerCsv: true, storiesAsCards: options.storiesApart }), ''),
  streamed: async (plan, options) => {
    const renderOptions = { offerCsv: true, storiesAsCards: options.storiesApart };
    // As run-teams-turn.ts: the stream's final message is the answer and the cards carry the rest;
    // a failed, stopped or empty turn keeps what was streamed (nothing: those plans have no answer).
    if (streamedAnswerStays(plan)) return teamsShown(await renderTeamsReply(afterStreamedAnswer(plan), renderOptions), plan.answer);
    return teamsShown(await renderTeamsReply(plan, renderOptions), plan.answer);
  },
  // As run-teams-turn.ts: Teams cannot remove a stream, so one that showed only informative updates
  // ends with the turn's sentence as its final message (finish's whenNothingStreamed), and the cards
  // after it do not say it again (sentenceShown).
  afterToolProgress: async (plan, options) =>
    teamsShown(await renderTeamsReply(plan, { offerCsv: true, storiesAsCards: options.storiesApart, sentenceShown: true }), plan.sentence?.text ?? ''),
};

// ---------------------------------------------------------------- the plans

const THREAD = 'slack:T1:C1:1.1';

function outcome(partial: Partial<TurnOutcome>): TurnOutcome {
  return { threadId: THREAD, status: 'answered', text: '', notes: [], charts: [], stories: [], queries: [], tables: [], followUps: [], signInRequired: [], ...partial };
}

function query(letter: string, partial: Partial<QueryRun> = {}): QueryRun {
  return { queryId: `query_${letter.repeat(8)}`, databaseName: 'shop', sql: `SELECT '${letter}' AS n`, rowCount: 1, durationMs: 1, refused: false, error: null, ...partial };
}

function table(letter: string): QueryResult {
  return { queryId: `query_${letter.repeat(8)}`, databaseName: 'shop', sql: `SELECT '${letter}' AS n`, columns: [{ name: 'n', type: 'VARCHAR' }], rows: [[letter], [`${letter}${letter}`]], rowCount: 2, truncated: false, durationMs: 1, createdAt: new Date(0) };
}

const chartPng = drawChartPng(800, 500);

function chart(title: string, letter: string): ChartArtifact {
  return { chartId: `chart_${letter}`, queryId: `query_${letter.repeat(8)}`, title, chartType: 'bar', config: {}, spec: {}, png: chartPng, widthPx: 800, heightPx: 500 };
}

function story(title: string): StoryArtifact {
  return { slug: 'review', version: 2, title, code: '# Review\nText only.', action: 'update', summary: 'added the March numbers' };
}

interface ContractCase {
  name: string;
  outcome: TurnOutcome;
  options?: ContractOptions;
  /** What both channels show when the reply is posted whole. */
  final: Shown;
  /** What both channels show after the answer was streamed; the same as `final` when left out. */
  streamed?: Shown;
}

const ANSWER = 'Revenue grew 12% in March.';
const sorted = (shown: Shown): Shown => ({ texts: [...shown.texts].sort(), actions: [...shown.actions].sort(), attachments: [...shown.attachments].sort() });

const cases: ContractCase[] = [
  {
    name: 'a plain answer with follow-ups',
    outcome: outcome({ text: ANSWER, followUps: ['By region?', 'Compare with February', 'Top products'] }),
    final: { texts: [ANSWER], actions: ['follow-up:By region?', 'follow-up:Compare with February', 'follow-up:Top products'], attachments: [] },
  },
  {
    name: 'more follow-ups than the three a reply offers',
    outcome: outcome({ text: ANSWER, followUps: ['One', 'Two', 'Three', 'Four'] }),
    final: { texts: [ANSWER], actions: ['follow-up:One', 'follow-up:Three', 'follow-up:Two'], attachments: [] },
  },
  {
    name: 'an answer with a chart, a table and the queries behind them',
    outcome: outcome({
      text: ANSWER,
      charts: [chart('Revenue by month', 'a')],
      queries: [query('a'), query('b')],
      tables: [table('b')],
    }),
    final: {
      texts: [ANSWER],
      actions: [`show-sql:SELECT 'a' AS n`, `show-sql:SELECT 'b' AS n`, 'csv:query_aaaaaaaa:CSV 1', 'csv:query_bbbbbbbb:CSV 2'],
      attachments: ['chart:Revenue by month', 'table'],
    },
  },
  {
    name: 'CSV only for stored results; refused and failed queries get Show SQL alone',
    outcome: outcome({
      text: ANSWER,
      queries: [query('a', { refused: true, rowCount: null }), query('b', { error: 'no such table', rowCount: null }), query('c')],
      tables: [table('c')],
    }),
    final: {
      texts: [ANSWER],
      actions: [`show-sql:SELECT 'a' AS n`, `show-sql:SELECT 'b' AS n`, `show-sql:SELECT 'c' AS n`, 'csv:query_cccccccc:CSV 3'],
      attachments: ['table'],
    },
  },
  {
    name: 'seven queries: Show SQL for the first five and how many it leaves out, CSV for the last two stored results among them',
    outcome: outcome({ text: ANSWER, queries: ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((letter) => query(letter)) }),
    final: {
      texts: [ANSWER, '2 more queries are not shown.'],
      actions: [...['a', 'b', 'c', 'd', 'e'].map((letter) => `show-sql:SELECT '${letter}' AS n`), 'csv:query_dddddddd:CSV 4', 'csv:query_eeeeeeee:CSV 5'],
      attachments: [],
    },
  },
  {
    name: 'a failed turn: its sentence, Retry, and the SQL it ran',
    outcome: outcome({ status: 'failed', queries: [query('a', { error: 'timeout', rowCount: null })], failure: { kind: 'timeout', message: 'The query took too long.', retryable: true } }),
    final: { texts: ['The query took too long.'], actions: ['retry', `show-sql:SELECT 'a' AS n`], attachments: [] },
  },
  {
    name: 'a failed turn that trying again cannot help: no Retry',
    outcome: outcome({ status: 'failed', failure: { kind: 'model', message: 'The model is not configured.', retryable: false } }),
    final: { texts: ['The model is not configured.'], actions: [], attachments: [] },
  },
  {
    name: 'a failed turn after a query, that trying again cannot help: its sentence and the SQL, no Retry',
    outcome: outcome({ status: 'failed', queries: [query('a', { error: 'permission denied', rowCount: null })], failure: { kind: 'model', message: 'The model stopped answering.', retryable: false } }),
    final: { texts: ['The model stopped answering.'], actions: [`show-sql:SELECT 'a' AS n`], attachments: [] },
  },
  {
    name: 'a failed turn after a query with a result: its sentence, Retry, the result and its SQL',
    outcome: outcome({ status: 'failed', queries: [query('a')], tables: [table('a')], failure: { kind: 'timeout', message: 'The query took too long.', retryable: true } }),
    final: { texts: ['The query took too long.'], actions: ['retry', `show-sql:SELECT 'a' AS n`, 'csv:query_aaaaaaaa:CSV'], attachments: ['table'] },
  },
  {
    name: 'a stopped turn',
    outcome: outcome({ status: 'cancelled' }),
    final: { texts: [TURN_SENTENCES.stopped], actions: [], attachments: [] },
  },
  {
    name: 'a stopped turn after a query: its sentence, the result so far, and the SQL',
    outcome: outcome({ status: 'cancelled', queries: [query('a')], tables: [table('a')] }),
    final: { texts: [TURN_SENTENCES.stopped], actions: [`show-sql:SELECT 'a' AS n`, 'csv:query_aaaaaaaa:CSV'], attachments: ['table'] },
  },
  {
    name: 'an empty turn',
    outcome: outcome({}),
    final: { texts: [TURN_SENTENCES.empty], actions: [], attachments: [] },
  },
  {
    name: 'an empty turn after a query: it found nothing, and the SQL it ran',
    outcome: outcome({ queries: [query('a')] }),
    final: { texts: [TURN_SENTENCES.empty], actions: [`show-sql:SELECT 'a' AS n`, 'csv:query_aaaaaaaa:CSV'], attachments: [] },
  },
  {
    name: 'an empty turn with follow-ups still says it found nothing',
    outcome: outcome({ followUps: ['Try the orders table?'] }),
    final: { texts: [TURN_SENTENCES.empty], actions: ['follow-up:Try the orders table?'], attachments: [] },
  },
  {
    name: 'a note from the bot beside the answer',
    outcome: outcome({ text: ANSWER, notes: [STEP_LIMIT_NOTE] }),
    final: { texts: [ANSWER, STEP_LIMIT_NOTE], actions: [], attachments: [] },
  },
  {
    name: 'a clarifying question with options',
    outcome: outcome({ status: 'clarification', text: 'Which year do you mean?', clarification: { question: 'Which year do you mean?', options: ['2024', '2025', ' '] } }),
    final: { texts: ['Which year do you mean?', 'Choose an option, or reply in this thread.'], actions: ['clarification:2024', 'clarification:2025'], attachments: [] },
  },
  {
    name: 'a clarifying question after a lead-in, without options',
    outcome: outcome({ status: 'clarification', text: 'There are two revenue tables.', clarification: { question: 'Gross or net?', options: [] } }),
    final: { texts: ['There are two revenue tables.', 'Gross or net?', 'Reply in this thread to answer.'], actions: [], attachments: [] },
  },
  {
    name: 'a story posted as its own message, with the query behind it',
    outcome: outcome({ stories: [story('Review')], queries: [query('a')] }),
    options: { storiesApart: true },
    final: { texts: [], actions: [`show-sql:SELECT 'a' AS n`, 'csv:query_aaaaaaaa:CSV'], attachments: [] },
  },
  {
    name: 'a story as a one-line note',
    outcome: outcome({ text: ANSWER, stories: [story('Review')] }),
    final: { texts: [ANSWER, 'Story Review — version 2: added the March numbers'], actions: [], attachments: [] },
  },
];

// ---------------------------------------------------------------- the contract

describe.each([slack, teams])('renderer contract: $name', (channel) => {
  describe('the reply posted whole', () => {
    it.each(cases)('$name', async (contract) => {
      const shown = await channel.final(planReply(contract.outcome), contract.options ?? { storiesApart: false });
      expect(sorted(shown)).toEqual(sorted(contract.final));
    });
  });

  describe('the reply after a streamed answer', () => {
    it.each(cases)('$name', async (contract) => {
      const shown = await channel.streamed(planReply(contract.outcome), contract.options ?? { storiesApart: false });
      expect(sorted(shown)).toEqual(sorted(contract.streamed ?? contract.final));
    });
  });

  // A failed, stopped or empty turn whose stream showed tool progress ("Querying warehouse") but no
  // words: the reader sees the same sentence and the same actions (a failure's Retry, nothing more)
  // as when the reply is posted whole.
  describe('a turn that ends with its sentence after the stream showed tool progress', () => {
    it.each(cases.filter((contract) => planReply(contract.outcome).sentence !== undefined))('$name', async (contract) => {
      const shown = await channel.afterToolProgress(planReply(contract.outcome), contract.options ?? { storiesApart: false });
      expect(sorted(shown)).toEqual(sorted(contract.final));
    });
  });
});
