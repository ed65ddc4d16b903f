// Replaying a thread's history under access rules: a tool result that carries rows of a database
// the asker may not use (Bob's hr query, replayed in Alice's turn) is replaced by a note before the
// model sees it. Results are recognised by the query ids their output names.
import type { ModelMessage } from 'ai';
import { queryIdsIn, resultAccessDeniedSentence } from './result-access.js';

/** Returns the database a stored result came from (undefined when it is not stored). */
type DatabaseOfResult = (queryId: string) => Promise<string | undefined>;

export async function withoutUnreadableResults(history: ModelMessage[], databaseOf: DatabaseOfResult, mayRead: (databaseName: string) => boolean): Promise<ModelMessage[]> {
  const verdicts = new Map<string, string | undefined>();
  /** The first query id named in `text` the asker may not read, with its database. */
  const firstRefused = async (text: string): Promise<{ queryId: string; databaseName: string } | undefined> => {
    for (const queryId of queryIdsIn(text)) {
      if (!verdicts.has(queryId)) verdicts.set(queryId, await databaseOf(queryId));
      const databaseName = verdicts.get(queryId);
      if (databaseName !== undefined && !mayRead(databaseName)) return { queryId, databaseName };
    }
    return undefined;
  };
  const replayed: ModelMessage[] = [];
  for (const message of history) {
    if (message.role !== 'tool') {
      replayed.push(message);
      continue;
    }
    const content = [];
    for (const part of message.content) {
      const refused = part.type === 'tool-result' ? await firstRefused(JSON.stringify(part.output)) : undefined;
      content.push(refused && part.type === 'tool-result' ? { ...part, output: { type: 'text' as const, value: resultAccessDeniedSentence(refused.queryId, refused.databaseName) } } : part);
    }
    replayed.push({ ...message, content });
  }
  return replayed;
}
