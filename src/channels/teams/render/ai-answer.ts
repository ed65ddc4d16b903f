// What marks a Teams message as an AI answer: the "AI generated" label, citations that point to the
// queries behind the answer (each citation's text is the SQL, so it shows when the citation is
// opened), and Teams' own 👍/👎 (the feedback loop, answered by the message/submitAction invoke).
// The label and citation entity come from the Agents SDK's activity package.
import { addAIToActivity, type ClientCitation } from '@microsoft/agents-activity';
import type { QueryRun } from '../../../conversations/outcome-contract.js';
import type { OutgoingActivity } from '../outbox/teams-outbox.js';

export interface AnswerMarks {
  /** The queries behind the answer: one citation each. */
  queries: QueryRun[];
  /** Whether Teams shows its 👍/👎 on this message. */
  feedbackLoop: boolean;
}

/** Teams cuts a citation's abstract at 160 characters. */
const CITATION_ABSTRACT_CHARACTERS = 160;
/** Teams lists at most 20 citations on one message. */
const MAX_CITATIONS = 20;

export function queryCitations(queries: QueryRun[]): ClientCitation[] {
  return queries
    .filter((query) => query.sql.trim() !== '')
    .slice(0, MAX_CITATIONS)
    .map((query, index) => {
      const oneLine = query.sql.replace(/\s+/g, ' ').trim();
      const outcome = query.refused ? 'refused' : query.error !== null ? 'failed' : query.rowCount === null ? 'ran' : `${query.rowCount} row${query.rowCount === 1 ? '' : 's'}`;
      return {
        '@type': 'Claim',
        position: index + 1,
        appearance: {
          '@type': 'DigitalDocument',
          name: `Query ${index + 1} on ${query.databaseName} (${outcome})`,
          abstract: oneLine.length <= CITATION_ABSTRACT_CHARACTERS ? oneLine : `${oneLine.slice(0, CITATION_ABSTRACT_CHARACTERS - 1)}…`,
          text: query.sql,
          image: { '@type': 'ImageObject', name: 'Source Code' },
          keywords: [query.databaseName, ...(query.queryId ? [query.queryId] : [])],
        },
      };
    });
}

/** Adds the AI label (with the queries as citations) and, when asked, the feedback loop. */
export function markAsAiAnswer(activity: OutgoingActivity, marks: AnswerMarks): void {
  const citations = queryCitations(marks.queries);
  addAIToActivity(activity, citations.length > 0 ? citations : undefined);
  if (marks.feedbackLoop) activity.channelData = { ...(activity.channelData as object | undefined), feedbackLoopEnabled: true };
}
