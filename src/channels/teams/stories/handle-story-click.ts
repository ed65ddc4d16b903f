// A click on a story button, handled by the channel from the store alone (no model turn): Versions
// answers with the list of versions; Re-post vN posts that version again. Each click activity runs
// once (Teams redelivers), and one Versions card re-posts a given version at most once.
import type { StoryActionData } from '../render/adaptive-card-types.js';
import { repostStoryVersion, type StoryPostingDependencies } from './post-story.js';
import { createCard, textBlock } from '../render/adaptive-card-types.js';
import { buildFailureCard } from '../render/status-cards.js';
import { buildStoryMissingCard, buildVersionsCard } from './story-status-cards.js';

export interface StoryClick {
  threadId: string;
  action: StoryActionData;
  /** The click activity's id and the id of the card clicked. */
  activityId: string;
  cardActivityId: string;
}

export interface StoryClickDependencies extends StoryPostingDependencies {
  /** The engine's dedupe (TurnHandler.markEventProcessed): false when the key was seen before. */
  markEventProcessed(eventKey: string): Promise<boolean>;
  /**
   * A re-post shows the story's results again to everyone in the thread: the sentence to answer
   * with when the clicker may not read one of them (access rules), undefined when they may.
   */
  refusalForRepost?(code: string): Promise<string | undefined>;
}

export function storyClickEventKeys(click: StoryClick): string[] {
  const keys = [`teams-activity:${click.activityId}`];
  if (click.action.datathread === 'story_repost') {
    keys.push(`teams-story-repost:${click.cardActivityId}:${click.action.slug}:${click.action.version}`);
  }
  return keys;
}

export const STORY_CLICK_FAILURE_MESSAGE = 'I could not load that story just now. Please try the button again in a moment.';

/** Never throws: a fault is logged and answered with one plain sentence. */
export async function handleStoryClick(click: StoryClick, dependencies: StoryClickDependencies): Promise<'handled' | 'duplicate' | 'failed'> {
  try {
    return await answerStoryClick(click, dependencies);
  } catch (error) {
    dependencies.logger.error('Teams story button failed', { threadId: click.threadId, action: click.action.datathread, error });
    await dependencies.outbox
      .post(buildFailureCard({ kind: 'internal', message: STORY_CLICK_FAILURE_MESSAGE, retryable: false }))
      .catch(() => undefined);
    return 'failed';
  }
}

async function answerStoryClick(click: StoryClick, dependencies: StoryClickDependencies): Promise<'handled' | 'duplicate'> {
  for (const key of storyClickEventKeys(click)) {
    if (!(await dependencies.markEventProcessed(key))) return 'duplicate';
  }
  const { threadId, action } = click;
  const versions = await dependencies.store.listStoryVersions(threadId, action.slug);
  const latest = versions[versions.length - 1];
  if (!latest) {
    await dependencies.outbox.post(buildStoryMissingCard(action.slug));
    return 'handled';
  }
  if (action.datathread === 'story_versions') {
    await dependencies.outbox.post(buildVersionsCard(action.slug, versions));
    return 'handled';
  }
  const wanted = versions.find((entry) => entry.version === action.version);
  if (!wanted) {
    await dependencies.outbox.post(buildStoryMissingCard(action.slug, action.version));
    return 'handled';
  }
  const refusal = await dependencies.refusalForRepost?.(wanted.code);
  if (refusal) {
    dependencies.logger.warn('Refused a Teams story re-post naming a result of a database the clicker may not use.', { threadId, slug: action.slug });
    await dependencies.outbox.post(createCard([textBlock(refusal)]));
    return 'handled';
  }
  await repostStoryVersion(threadId, wanted, latest.version, dependencies);
  return 'handled';
}
