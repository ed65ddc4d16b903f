// What a turn's stories mean for its reply: which version of each story to show, and which query
// results the stories already show (read from the story documents, so a query id that is only
// mentioned in the text does not count).
import { parseStoryDocument, storyCharts, storyTables } from '../stories/index.js';
import type { StoryArtifact } from '../store/turn-artifacts.js';

/** The newest version of each story (a turn that made v2 and v3 shows v3), in first-touched order. */
export function latestStoryVersions(stories: readonly StoryArtifact[]): StoryArtifact[] {
  const latest = new Map<string, StoryArtifact>();
  for (const story of stories) {
    const known = latest.get(story.slug);
    if (!known || story.version > known.version) latest.set(story.slug, story);
  }
  return [...latest.values()];
}

/** Query ids whose results the stories draw as a chart or a table. */
export function queryIdsShownByStories(stories: readonly StoryArtifact[]): Set<string> {
  const nodes = stories.flatMap((story) => parseStoryDocument(story.code));
  return new Set([...storyCharts(nodes), ...storyTables(nodes)].map((node) => node.queryId));
}
