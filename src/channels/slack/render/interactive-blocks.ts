// The buttons under an answer: follow-ups, clarification options, Retry, Stop, Show SQL, CSV and 👍/👎.
// Texts are cut to Slack's 75 characters; values are built by action-ids.ts within 2,000.
import type { PlannedClarification } from '../../../conversations/reply-plan.js';
import type { QueryActions } from '../../../conversations/reply-query-actions.js';
import { hiddenQueriesNote } from '../../../conversations/standard-sentences.js';
import { ACTION_IDS, BLOCK_IDS, encodeButtonValue, numberedActionId } from '../actions/action-ids.js';
import type { SlackBlock, SlackButton } from './block-kit.js';
import { escapeMrkdwn } from './escape-mrkdwn.js';
import { MAX_ACTIONS_ELEMENTS, MAX_BUTTON_TEXT_CHARACTERS } from './slack-limits.js';

export function button(text: string, actionId: string, value: string, style?: 'primary' | 'danger'): SlackButton {
  const element: SlackButton = { type: 'button', text: { type: 'plain_text', text: truncate(text, MAX_BUTTON_TEXT_CHARACTERS), emoji: true }, action_id: actionId, value };
  if (style) element.style = style;
  return element;
}

/** The plan's follow-ups (reply-plan.ts chooses them), one button each. */
export function followUpBlocks(threadId: string, chosen: string[]): SlackBlock[] {
  if (chosen.length === 0) return [];
  return [
    {
      type: 'actions',
      block_id: BLOCK_IDS.followUps,
      elements: chosen.map((suggestion, index) =>
        button(suggestion, numberedActionId(ACTION_IDS.followUp, index), encodeButtonValue({ thread: threadId, text: suggestion })),
      ),
    },
  ];
}

/** The question in bold, its options as buttons (within Slack's 25 per block), the plan's hint under them. */
export function clarificationBlocks(threadId: string, clarification: PlannedClarification): SlackBlock[] {
  const blocks: SlackBlock[] = [{ type: 'section', text: { type: 'mrkdwn', text: `*${escapeMrkdwn(clarification.question)}*` } }];
  const usable = clarification.options.slice(0, MAX_ACTIONS_ELEMENTS);
  if (usable.length > 0) {
    blocks.push({
      type: 'actions',
      block_id: BLOCK_IDS.clarification,
      elements: usable.map((option, index) =>
        button(option, numberedActionId(ACTION_IDS.clarification, index), encodeButtonValue({ thread: threadId, text: option })),
      ),
    });
  }
  blocks.push(contextBlock(clarification.hint));
  return blocks;
}

export function retryBlocks(threadId: string): SlackBlock[] {
  return [{ type: 'actions', block_id: BLOCK_IDS.retry, elements: [button('Retry', ACTION_IDS.retry, encodeButtonValue({ thread: threadId }))] }];
}

export function stopBlocks(threadId: string): SlackBlock[] {
  return [{ type: 'actions', block_id: BLOCK_IDS.stop, elements: [button('Stop', ACTION_IDS.stop, encodeButtonValue({ thread: threadId }), 'danger')] }];
}

/**
 * "Show SQL" for each query the plan lists, "CSV" beside each result it chose (only when results can
 * be fetched), and a line saying how many queries the buttons leave out.
 */
export function queryBlocks(threadId: string, actions: Pick<QueryActions, 'showSql' | 'csv' | 'hiddenQueryCount'>, offerCsv: boolean): SlackBlock[] {
  const csvByNumber = new Map(actions.csv.map((action) => [action.number, action]));
  const elements = actions.showSql.flatMap(({ number, query, label }) => {
    const index = number - 1;
    const buttons = [button(label, numberedActionId(ACTION_IDS.showSql, index), encodeButtonValue({ thread: threadId, ...(query.queryId ? { queryId: query.queryId } : {}), sql: query.sql }))];
    const csv = csvByNumber.get(number);
    if (offerCsv && csv?.query.queryId) buttons.push(button(csv.label, numberedActionId(ACTION_IDS.csv, index), encodeButtonValue({ thread: threadId, queryId: csv.query.queryId })));
    return buttons;
  });
  if (elements.length === 0) return [];
  const buttons: SlackBlock = { type: 'actions', block_id: BLOCK_IDS.queries, elements };
  return actions.hiddenQueryCount > 0 ? [buttons, contextBlock(hiddenQueriesNote(actions.hiddenQueryCount))] : [buttons];
}

/** 👍/👎 under an answer; each button's value names the answer and its rating. */
export function feedbackBlocks(threadId: string, answerId: string): SlackBlock[] {
  const value = (rating: 'positive' | 'negative') => encodeButtonValue({ thread: threadId, answer: answerId, rating });
  return [
    {
      type: 'context_actions',
      block_id: BLOCK_IDS.feedback,
      elements: [
        {
          type: 'feedback_buttons',
          action_id: ACTION_IDS.feedback,
          positive_button: { text: { type: 'plain_text', text: '👍' }, accessibility_label: 'This answer was helpful', value: value('positive') },
          negative_button: { text: { type: 'plain_text', text: '👎' }, accessibility_label: 'This answer was not helpful', value: value('negative') },
        },
      ],
    },
  ];
}

/** Verify, on its own row just above 👍/👎: the value names the answer whose query is verified. */
export function verifyBlocks(threadId: string, answerId: string): SlackBlock[] {
  return [{ type: 'actions', block_id: BLOCK_IDS.verify, elements: [button('✓ Verify', ACTION_IDS.verify, encodeButtonValue({ thread: threadId, answer: answerId }))] }];
}

export function contextBlock(mrkdwn: string): SlackBlock {
  return { type: 'context', elements: [{ type: 'mrkdwn', text: mrkdwn }] };
}

function truncate(text: string, maxCharacters: number): string {
  const single = text.replace(/\s+/g, ' ').trim();
  return single.length <= maxCharacters ? single : `${single.slice(0, maxCharacters - 1)}…`;
}
