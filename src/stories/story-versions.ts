// Versions of a story in the store: version 1 comes with the story, every change adds latest + 1.
import type { Store, StoredStoryVersion } from '../store/types.js';

export type NewStoryVersion = Omit<StoredStoryVersion, 'version'>;

/** Saves `next` as the story's first version (create) or as latest + 1; returns what was stored. */
export async function saveStoryVersion(store: Store, next: NewStoryVersion, latest: StoredStoryVersion | undefined): Promise<StoredStoryVersion> {
  if (!latest) {
    const first: StoredStoryVersion = { ...next, version: 1 };
    await store.stories.createStory({ threadId: next.threadId, slug: next.slug, title: next.title, createdAt: next.createdAt }, first);
    return first;
  }
  const version: StoredStoryVersion = { ...next, version: latest.version + 1 };
  await store.stories.addStoryVersion(version);
  return version;
}

export interface StoryVersionSummary {
  version: number;
  createdAt: Date;
  action: StoredStoryVersion['action'];
  author: StoredStoryVersion['author'];
  title: string;
  /** One line: what this version changed. */
  summary: string;
}

/** For a "Versions" action: every version with its time and one-line change, oldest first. */
export async function listStoryVersionsSummary(store: Store, threadId: string, slug: string): Promise<StoryVersionSummary[]> {
  const versions = await store.stories.listStoryVersions(threadId, slug);
  return versions.map(({ version, createdAt, action, author, title, summary }) => ({ version, createdAt, action, author, title, summary }));
}

/** "v2 · 2026-03-01 14:05 UTC · assistant · Added chart "Revenue"." — one line per version. */
export function formatStoryVersionsSummary(versions: readonly StoryVersionSummary[]): string {
  return versions
    .map((entry) => `v${entry.version} · ${entry.createdAt.toISOString().slice(0, 16).replace('T', ' ')} UTC · ${entry.author} · ${entry.summary}`)
    .join('\n');
}
