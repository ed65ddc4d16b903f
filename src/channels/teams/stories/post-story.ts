// Posting stories into the thread. A new version is posted as its card(s), remembered as the
// story's current cards, and the cards of the version shown before are updated in place to a short
// "Superseded by vN" card. An older version posted again on request is shown as such and does not
// become the current card.
import { latestStoryVersions } from '../../../conversations/story-selection.js';
import type { StoryArtifact } from '../../../store/turn-artifacts.js';
import type { AdaptiveCard } from '../render/adaptive-card-types.js';
import type { StorySource, StoryVersionToPost } from '../../story-source.js';
import { renderStoryCards } from './render-story-cards.js';
import type { StoryCardLedger } from './story-card-ledger.js';
import { buildStoryFailureCard, buildSupersededCard } from './story-status-cards.js';
import type { TeamsOutbox } from '../outbox/teams-outbox.js';
import type { ChannelLogger } from '../../channel-logger.js';

export interface StoryPostingDependencies {
  store: StorySource;
  ledger: StoryCardLedger;
  outbox: Pick<TeamsOutbox, 'post' | 'update'>;
  logger: ChannelLogger;
}

/** Posts the newest version of each story a turn saved (a turn that made v2 and v3 posts v3 only). */
export async function postTurnStories(threadId: string, stories: readonly StoryArtifact[], dependencies: StoryPostingDependencies): Promise<void> {
  for (const story of latestStoryVersions(stories)) {
    await postStoryVersion(threadId, story, dependencies);
  }
}

export async function postStoryVersion(threadId: string, story: StoryVersionToPost, dependencies: StoryPostingDependencies): Promise<void> {
  const { ledger, logger } = dependencies;
  const cards = await renderOrExplain(threadId, story, dependencies);
  const activityIds = await sendAll(cards, dependencies);
  if (activityIds.length === 0) return;
  const previous = await ledger.current(threadId, story.slug);
  if (previous && previous.version >= story.version) return;
  await ledger.setCurrent(threadId, story.slug, { version: story.version, activityIds });
  if (!previous) return;
  const superseded = buildSupersededCard({ slug: story.slug, title: story.title, version: previous.version }, story);
  for (const activityId of previous.activityIds) {
    try {
      await dependencies.outbox.update(activityId, superseded);
    } catch (error) {
      logger.warn('Superseded story card could not be updated', { threadId, slug: story.slug, activityId, error });
    }
  }
}

export async function repostStoryVersion(
  threadId: string,
  story: StoryVersionToPost,
  latestVersion: number,
  dependencies: StoryPostingDependencies,
): Promise<void> {
  await sendAll(await renderOrExplain(threadId, story, dependencies, latestVersion), dependencies);
}

async function renderOrExplain(
  threadId: string,
  story: StoryVersionToPost,
  dependencies: StoryPostingDependencies,
  latestVersion?: number,
): Promise<AdaptiveCard[]> {
  try {
    return await renderStoryCards(threadId, story, dependencies.store, latestVersion === undefined ? {} : { latestVersion });
  } catch (error) {
    dependencies.logger.error('Story could not be rendered for Teams', { threadId, slug: story.slug, version: story.version, error });
    return [buildStoryFailureCard(story.title, story.version)];
  }
}

async function sendAll(cards: AdaptiveCard[], dependencies: StoryPostingDependencies): Promise<string[]> {
  const activityIds: string[] = [];
  for (const card of cards) {
    const activityId = await dependencies.outbox.post(card);
    if (activityId) activityIds.push(activityId);
  }
  return activityIds;
}
