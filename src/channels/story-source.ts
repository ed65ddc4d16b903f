// What every channel reads to show a story, named once: Slack's story messages and Teams' story
// cards draw the same stored versions from the same stored results.
import type { Store, StoredStoryVersion } from '../store/types.js';

/** What story messages read from the store: versions (Versions, Re-post) and results (charts, tables). */
export type StorySource = Pick<Store, 'getQueryResult' | 'getStoryVersion' | 'listStoryVersions'>;

/** One story version to post into a thread: a turn's new version, or a stored one posted again. */
export type StoryVersionToPost = Pick<StoredStoryVersion, 'slug' | 'version' | 'title' | 'code' | 'summary'>;
