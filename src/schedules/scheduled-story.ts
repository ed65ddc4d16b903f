// A story schedule's run: the story version it stores, drawn again from the rows this run fetched
// instead of the conversation's stored results. The channels walk the assets with their own story
// renderers (Block Kit, Adaptive Card), as they do for a story posted in a turn.
import type { ChartPlacement } from '../charts/index.js';
import type { StoredQueryResult } from '../store/types.js';
import { parseStoryDocument } from '../stories/parse-story-document.js';
import { renderStoryAssets, type StoryAssets } from '../stories/render-story-assets.js';
import { storyCharts, storyTables } from '../stories/story-document.js';
import type { ScheduledResult, ScheduledStoryPost } from './scheduled-post.js';
import type { ScheduledQuery, ScheduledStory } from '../store/schedule-types.js';

/** The query ids the story's charts and tables show, in document order, each once. */
export function storyQueryIds(story: Pick<ScheduledStory, 'code'>): string[] {
  const nodes = parseStoryDocument(story.code);
  return [...new Set([...storyCharts(nodes), ...storyTables(nodes)].map((node) => node.queryId))];
}

/** What a run hands the channel: the story and this run's rows of every query it shows. */
export function scheduledStoryPost(story: ScheduledStory, queries: readonly ScheduledQuery[], results: readonly ScheduledResult[], ranAt: Date): ScheduledStoryPost {
  const shown = new Set(storyQueryIds(story));
  const fresh: StoredQueryResult[] = [];
  for (const result of results) {
    const query = queries.find((each) => each.queryId === result.queryId);
    if (!query || !shown.has(result.queryId)) continue;
    fresh.push({ threadId: '', queryId: result.queryId, databaseName: query.databaseName, sql: query.sql, columns: result.columns, rows: result.rows, rowCount: result.rows.length, truncated: result.truncated, createdAt: ranAt });
  }
  return { ...story, results: fresh };
}

/** The story's charts and tables drawn from the run's rows, for where the channel shows them. */
export function renderScheduledStoryAssets(story: ScheduledStoryPost, placement: ChartPlacement): Promise<StoryAssets> {
  const source = { getQueryResult: async (_threadId: string, queryId: string) => story.results.find((result) => result.queryId === queryId) };
  return renderStoryAssets('', { code: story.code }, source, { placement });
}

/** "story v2" beside the "as of" time, naming the story when the schedule's title is another (its heading is not shown). */
export function storyLabel(scheduleTitle: string, story: Pick<ScheduledStory, 'title' | 'version'>): string {
  const sameTitle = story.title.trim().toLowerCase() === scheduleTitle.trim().toLowerCase();
  return sameTitle ? `story v${story.version}` : `story “${story.title}” v${story.version}`;
}
