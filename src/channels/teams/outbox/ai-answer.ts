// What marks a Teams message as an AI answer: the "AI generated" label, citations that point to the
// queries behind the answer, and Teams' own 👍/👎 (the feedback loop, answered by the
// message/submitAction invoke). The label and citation entity come from the Agents SDK's activity
// package. Citations follow Teams' documented shape: the message text carries a `[n]` marker for
// each citation's position, and each citation's appearance has a name (≤ 80 characters), an
// abstract (≤ 160), up to three keywords (≤ 28 each) and, in `text`, a stringified Adaptive Card
// that Teams shows when the citation is opened (here: the query's SQL as code). A message without
// text (an answer drawn as a card) has nowhere to put the markers, so it carries the label only;
// its queries are behind Show SQL.
import { addAIToActivity, type Activity, type ClientCitation } from '@microsoft/agents-activity';
import type { QueryRun } from '../../../store/turn-artifacts.js';
import { createCard, textBlock } from '../render/adaptive-card-types.js';
import { codeBlockElement } from '../render/card-code-block.js';

export interface AnswerMarks {
  /** The queries behind the answer: one citation each. */
  queries: QueryRun[];
  /** Whether Teams shows its 👍/👎 on this message. */
  feedbackLoop: boolean;
}

const CITATION_NAME_CHARACTERS = 80;
const CITATION_ABSTRACT_CHARACTERS = 160;
const MAX_CITATION_KEYWORDS = 3;
const CITATION_KEYWORD_CHARACTERS = 28;
/** Teams lists at most 20 citations on one message. */
const MAX_CITATIONS = 20;
const ADAPTIVE_CARD_ENCODING = 'application/vnd.microsoft.card.adaptive';

function cut(text: string, characters: number): string {
  return text.length <= characters ? text : `${text.slice(0, characters - 1)}…`;
}

export function queryCitations(queries: QueryRun[]): ClientCitation[] {
  return queries
    .filter((query) => query.sql.trim() !== '')
    .slice(0, MAX_CITATIONS)
    .map((query, index) => {
      const oneLine = query.sql.replace(/\s+/g, ' ').trim();
      const outcome = query.refused ? 'refused' : query.error !== null ? 'failed' : query.rowCount === null ? 'ran' : `${query.rowCount} row${query.rowCount === 1 ? '' : 's'}`;
      const name = cut(`Query ${index + 1} on ${query.databaseName} (${outcome})`, CITATION_NAME_CHARACTERS);
      const details = createCard([textBlock(name, { weight: 'Bolder' }), codeBlockElement(query.sql.trim())]);
      const keywords = [query.databaseName, ...(query.queryId ? [query.queryId] : [])].slice(0, MAX_CITATION_KEYWORDS).map((keyword) => cut(keyword, CITATION_KEYWORD_CHARACTERS));
      return {
        '@type': 'Claim',
        position: index + 1,
        appearance: {
          '@type': 'DigitalDocument',
          name,
          abstract: cut(oneLine, CITATION_ABSTRACT_CHARACTERS),
          text: JSON.stringify(details),
          encodingFormat: ADAPTIVE_CARD_ENCODING,
          image: { '@type': 'ImageObject', name: 'Source Code' },
          keywords,
        },
      };
    });
}

/** The line that places each citation's marker in the text: "Queries: [1] [2]". */
function citationMarkerLine(citations: ClientCitation[]): string {
  return `Queries: ${citations.map((citation) => `[${citation.position}]`).join(' ')}`;
}

/**
 * Adds the AI label, the query citations (with their markers appended to the text, when the
 * message has text) and, when asked, the feedback loop.
 */
export function markAsAiAnswer(activity: Activity, marks: AnswerMarks): void {
  const hasText = typeof activity.text === 'string' && activity.text.trim() !== '';
  const citations = hasText ? queryCitations(marks.queries) : [];
  if (citations.length > 0) activity.text = `${activity.text}\n\n${citationMarkerLine(citations)}`;
  addAIToActivity(activity, citations.length > 0 ? citations : undefined);
  if (marks.feedbackLoop) activity.channelData = { ...(activity.channelData as object | undefined), feedbackLoopEnabled: true };
}
