// The small story cards around the story itself: the form an old version's card takes when a newer
// one is posted, the list the Versions button answers with (one Re-post button per older
// version), and the note for a story that is not in this thread.
import type { StoryVersionSummary } from '../../../stories/index.js';
import { createCard, textBlock, type AdaptiveCard } from '../render/adaptive-card-types.js';
import { storyRepostAction, storyVersionsAction } from './story-actions.js';
import { buildTable } from '../render/table-element.js';

/** Teams shows about six buttons on a card; the newest older versions get one each. */
export const REPOST_BUTTON_LIMIT = 5;

export function buildSupersededCard(story: { slug: string; title: string; version: number }, newer: { version: number; summary: string }): AdaptiveCard {
  return createCard(
    [
      textBlock(`${story.title} — v${story.version}`, { weight: 'Bolder' }),
      textBlock(`Superseded by v${newer.version}: ${newer.summary}`, { isSubtle: true, spacing: 'None' }),
    ],
    [storyVersionsAction(story.slug)],
  );
}

export function formatVersionTime(createdAt: Date): string {
  return `${createdAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** `versions` oldest first, as the store lists them. */
export function buildVersionsCard(slug: string, versions: readonly StoryVersionSummary[]): AdaptiveCard {
  const latest = versions[versions.length - 1];
  const title = latest?.title ?? slug;
  const rows = [...versions].reverse().map((entry) => [`v${entry.version}`, formatVersionTime(entry.createdAt), entry.summary]);
  const older = [...versions].reverse().slice(1);
  const shown = older.slice(0, REPOST_BUTTON_LIMIT);
  const body = [
    textBlock(`Versions of ${title}`, { weight: 'Bolder' }),
    buildTable(['Version', 'Saved', 'Change'], rows),
  ];
  if (older.length > shown.length) {
    body.push(textBlock(`Buttons are shown for the ${shown.length} newest older versions; ask in this thread for an earlier one.`, { isSubtle: true }));
  }
  return createCard(body, shown.map((entry) => storyRepostAction(slug, entry.version)));
}

export function buildStoryMissingCard(slug: string, version?: number): AdaptiveCard {
  const what = version === undefined ? `The story "${slug}"` : `Version ${version} of the story "${slug}"`;
  return createCard([textBlock(`${what} is not in this thread.`, { isSubtle: true })]);
}

export function buildStoryFailureCard(title: string, version: number): AdaptiveCard {
  return createCard([
    textBlock(`The story "${title}" (v${version}) is saved, but it could not be shown here. Ask in this thread to post it again.`, {
      color: 'Attention',
    }),
  ]);
}
