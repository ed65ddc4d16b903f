// The buttons under an answer: follow-ups, clarification options, Retry, Stop, Show SQL, CSV and 👍/👎.
// Texts are cut to Slack's 75 characters; values are built by action-ids.ts within 2,000.
import type { QueryRun } from '../../../conversations/outcome-contract.js';
import { ACTION_IDS, BLOCK_IDS, encodeButtonValue, numberedActionId } from '../actions/action-ids.js';
import type { SlackBlock, SlackButton } from './block-kit.js';
import { escapeMrkdwn } from './escape-mrkdwn.js';
import { MAX_ACTIONS_ELEMENTS, MAX_BUTTON_TEXT_CHARACTERS } from './slack-limits.js';

export const MAX_FOLLOW_UP_BUTTONS = 3;
/** Two buttons per query; five queries keep the row readable. */
export const MAX_QUERY_BUTTON_PAIRS = 5;

export function button(text: string, actionId: string, value: string, style?: 'primary' | 'danger'): SlackButton {
  const element: SlackButton = { type: 'button', text: { type: 'plain_text', text: truncate(text, MAX_BUTTON_TEXT_CHARACTERS), emoji: true }, action_id: actionId, value };
  if (style) element.style = style;
  return element;
}

export function followUpBlocks(threadId: string, suggestions: string[]): SlackBlock[] {
  const chosen = suggestions.filter((suggestion) => suggestion.trim() !== '').slice(0, MAX_FOLLOW_UP_BUTTONS);
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

export function clarificationBlocks(threadId: string, question: string, options: string[]): SlackBlock[] {
  const blocks: SlackBlock[] = [{ type: 'section', text: { type: 'mrkdwn', text: `*${escapeMrkdwn(question.trim())}*` } }];
  const usable = options.filter((option) => option.trim() !== '').slice(0, MAX_ACTIONS_ELEMENTS);
  if (usable.length > 0) {
    blocks.push({
      type: 'actions',
      block_id: BLOCK_IDS.clarification,
      elements: usable.map((option, index) =>
        button(option, numberedActionId(ACTION_IDS.clarification, index), encodeButtonValue({ thread: threadId, text: option })),
      ),
    });
  }
  blocks.push(contextBlock(usable.length > 0 ? 'Pick an option, or reply in this thread.' : 'Reply in this thread to answer.'));
  return blocks;
}

export function retryBlocks(threadId: string): SlackBlock[] {
  return [{ type: 'actions', block_id: BLOCK_IDS.retry, elements: [button('Retry', ACTION_IDS.retry, encodeButtonValue({ thread: threadId }))] }];
}

export function stopBlocks(threadId: string): SlackBlock[] {
  return [{ type: 'actions', block_id: BLOCK_IDS.stop, elements: [button('Stop', ACTION_IDS.stop, encodeButtonValue({ thread: threadId }), 'danger')] }];
}

/** "Show SQL" for each query, "CSV" for each stored result (only when results can be fetched). */
export function queryBlocks(threadId: string, queries: QueryRun[], offerCsv: boolean): SlackBlock[] {
  const shown = queries.filter((query) => query.sql.trim() !== '').slice(0, MAX_QUERY_BUTTON_PAIRS);
  const numbered = shown.length > 1;
  const elements = shown.flatMap((query, index) => {
    const suffix = numbered ? ` ${index + 1}` : '';
    const buttons = [
      button(`Show SQL${suffix}`, numberedActionId(ACTION_IDS.showSql, index), encodeButtonValue({ thread: threadId, ...(query.queryId ? { queryId: query.queryId } : {}), sql: query.sql })),
    ];
    if (offerCsv && query.queryId && !query.refused && query.error === null) {
      buttons.push(button(`CSV${suffix}`, numberedActionId(ACTION_IDS.csv, index), encodeButtonValue({ thread: threadId, queryId: query.queryId })));
    }
    return buttons;
  });
  return elements.length === 0 ? [] : [{ type: 'actions', block_id: BLOCK_IDS.queries, elements }];
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
