// What every channel reads to show a story, named once: Slack's story messages and Teams' story
// cards draw the same stored versions from the same stored results.
import type { Store, StoredStoryVersion, StoryStore } from '../store/types.js';

/** What story messages read from the store: versions (Versions, Re-post) and results (charts, tables). */
export type StorySource = Pick<Store, 'getQueryResult'> & Pick<StoryStore, 'getStoryVersion' | 'listStoryVersions'>;

/** The store's results and stories as one StorySource. */
export function storySourceOf(store: Pick<Store, 'getQueryResult' | 'stories'>): StorySource {
  return {
    getQueryResult: (threadId, queryId) => store.getQueryResult(threadId, queryId),
    getStoryVersion: (threadId, slug, version) => store.stories.getStoryVersion(threadId, slug, version),
    listStoryVersions: (threadId, slug) => store.stories.listStoryVersions(threadId, slug),
  };
}

/** One story version to post into a thread: a turn's new version, or a stored one posted again. */
export type StoryVersionToPost = Pick<StoredStoryVersion, 'slug' | 'version' | 'title' | 'code' | 'summary'>;
