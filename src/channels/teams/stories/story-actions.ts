// The buttons on story cards and reading their clicks back. They carry the story's slug (and the
// version to post again), never an activity id or a thread id: the thread always comes from the
// click itself, so a button can only reach stories of the thread it was clicked in.
import type { StoryActionData, SubmitAction } from '../render/adaptive-card-types.js';
import { submitAction } from '../actions/card-actions.js';

const SLUG_CHARACTER_LIMIT = 200;

export function storyVersionsAction(slug: string): SubmitAction {
  return submitAction('Versions', { datathread: 'story_versions', slug });
}

export function storyRepostAction(slug: string, version: number): SubmitAction {
  return submitAction(`Re-post v${version}`, { datathread: 'story_repost', slug, version });
}

/** The click's data when it came from a story button; undefined for anything else. */
export function readStoryAction(value: unknown): StoryActionData | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const slug = record.slug;
  if (typeof slug !== 'string' || slug === '' || slug.length > SLUG_CHARACTER_LIMIT) return undefined;
  if (record.datathread === 'story_versions') return { datathread: 'story_versions', slug };
  const version = record.version;
  if (record.datathread === 'story_repost' && typeof version === 'number' && Number.isInteger(version) && version >= 1) {
    return { datathread: 'story_repost', slug, version };
  }
  return undefined;
}
