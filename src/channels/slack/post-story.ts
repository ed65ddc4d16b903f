// Posts one story version into its thread: render the charts and tables from the stored query
// results, upload the chart PNGs, post the story message(s) with a Versions button, then mark the
// thread's earlier messages of the same story as superseded. Works the same after a restart: the
// version comes from the store and the earlier messages are found through their metadata.
import type { TurnOutcome } from '../../conversations/types.js';
import { renderStoryAssets, type RenderStoryAssetsOptions } from '../../stories/index.js';
import type { StoryArtifact } from '../../tools/tool-context.js';
import { sectionBlock } from './answer-blocks.js';
import { escapeMrkdwn } from './convert-inline-markdown.js';
import { postMessage, UnreachableChannelError } from './post-reply.js';
import { postStoryParts, type PostStoryPartsOptions } from './post-story-parts.js';
import { findStoryMessages } from './story-metadata.js';
import { buildStoryMessages } from './story-messages.js';
import { outdatedStoryMessages, supersedeStoryMessages } from './supersede-story.js';
import { inThreadOrder } from './thread-order.js';
import type { ReplyTarget, SlackChannelLogger, SlackStorySource, SlackWebClient } from './types.js';
import { uploadStoryCharts } from './upload-story-charts.js';

export interface StoryPostingDependencies {
  client: SlackWebClient;
  logger: SlackChannelLogger;
  stories: SlackStorySource;
  /** Tests: chart renderer and retry pauses. */
  renderOptions?: RenderStoryAssetsOptions;
  partsOptions?: PostStoryPartsOptions;
}

export interface StoryVersionToPost {
  slug: string;
  version: number;
  title: string;
  code: string;
  /** The one-line change, shown when an earlier version of this story is in the thread. */
  summary?: string;
  /** Replaces the change line (e.g. "Re-posted by @ana"). */
  note?: string;
}

export const storyRenderFailureText = (title: string, version: number) =>
  `:warning: The story *${escapeMrkdwn(title)}* (v${version}) could not be shown here. Ask me to show it again in a moment.`;

/** The latest version of each story the turn changed, in the order the stories were first touched. */
export function latestStoryVersions(outcome: Pick<TurnOutcome, 'stories'>): StoryArtifact[] {
  const latest = new Map<string, StoryArtifact>();
  for (const story of outcome.stories) {
    const known = latest.get(story.slug);
    if (!known || story.version > known.version) latest.set(story.slug, story);
  }
  return [...latest.values()];
}

export async function postOutcomeStories(dependencies: StoryPostingDependencies, target: ReplyTarget, outcome: Pick<TurnOutcome, 'stories'>): Promise<void> {
  for (const story of latestStoryVersions(outcome)) await postStoryVersion(dependencies, target, story);
}

export function postStoryVersion(dependencies: StoryPostingDependencies, target: ReplyTarget, story: StoryVersionToPost): Promise<void> {
  return inThreadOrder(target.threadId, () => postInOrder(dependencies, target, story));
}

async function postInOrder(dependencies: StoryPostingDependencies, target: ReplyTarget, story: StoryVersionToPost): Promise<void> {
  const { client, logger } = dependencies;
  try {
    const assets = await renderStoryAssets(target.threadId, { code: story.code }, dependencies.stories, dependencies.renderOptions);
    const earlier = await findStoryMessages(client, target, logger);
    const outdated = outdatedStoryMessages(earlier, story.slug, story.version);
    const shownBefore = earlier.some((message) => message.slug === story.slug);
    const note = story.note ?? (shownBefore && story.summary ? `*What changed:* ${escapeMrkdwn(story.summary)}` : undefined);
    const charts = await uploadStoryCharts(client, target, { slug: story.slug, version: story.version, assets }, logger);
    const messages = buildStoryMessages({ threadId: target.threadId, slug: story.slug, version: story.version, title: story.title, note, assets, chartFiles: charts.byNode });
    await postStoryParts(client, target, { slug: story.slug, version: story.version, messages, chartFiles: charts.files }, logger, dependencies.partsOptions);
    await supersedeStoryMessages(client, target, outdated, story, logger);
  } catch (error) {
    if (error instanceof UnreachableChannelError) throw error;
    logger.error('A story could not be rendered for Slack.', { threadId: target.threadId, slug: story.slug, version: story.version, error });
    const text = storyRenderFailureText(story.title, story.version);
    await postMessage(client, target, { text, blocks: [sectionBlock(text)] }, logger);
  }
}
