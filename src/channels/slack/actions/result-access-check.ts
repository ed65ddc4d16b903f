// Buttons that show stored data (Show SQL, CSV, a story re-post) check the clicker's grants for
// the result's database with the same access rules a question would meet: the person clicking is
// not always the person who asked (clicker-subject.ts resolves their groups).
import { queryIdsIn, resultAccessDeniedSentence } from '../../../access/result-access.js';
import type { StorySource } from '../../story-source.js';
import type { ChannelContext } from '../channel-context.js';
import type { ButtonClick } from './button-click.js';
import { clickerSubject } from './clicker-subject.js';

/** The sentence to answer the clicker with when they may not read this result; undefined when they may. */
export async function refusalForClick(context: ChannelContext, click: ButtonClick, result: { queryId: string; databaseName: string }): Promise<string | undefined> {
  if (!context.mayReadResult) return undefined;
  if (context.mayReadResult(await clickerSubject(context, click), result.databaseName)) return undefined;
  context.logger.warn('Refused a button click on a result of a database the clicker may not use.', { threadId: click.target.threadId, userId: click.userId, databaseName: result.databaseName });
  return resultAccessDeniedSentence(result.queryId, result.databaseName);
}

/** A story re-post shows its results again: the first refusal among the results its document names. */
export async function refusalForStoryRepost(context: ChannelContext, click: ButtonClick, stories: StorySource, code: string): Promise<string | undefined> {
  if (!context.mayReadResult) return undefined;
  for (const queryId of queryIdsIn(code)) {
    const stored = await stories.getQueryResult(click.target.threadId, queryId);
    const refusal = stored ? await refusalForClick(context, click, stored) : undefined;
    if (refusal) return refusal;
  }
  return undefined;
}
