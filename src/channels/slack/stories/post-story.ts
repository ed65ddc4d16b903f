// Posts one story version into its thread: render the charts and tables from the stored query
// results, upload the chart PNGs, post the story message(s) with a Versions button, then mark the
// thread's earlier messages of the same story as superseded. Works the same after a restart: the
// version comes from the store and the earlier messages are found through their metadata.
import { renderStoryAssets, type RenderStoryAssetsOptions } from '../../../stories/index.js';
import { sectionBlock } from '../render/answer-blocks.js';
import { escapeMrkdwn } from '../render/escape-mrkdwn.js';
import { UnreachableChannelError, type SlackOutbox } from '../outbox/slack-outbox.js';
import { postStoryParts, type PostStoryPartsOptions } from './post-story-parts.js';
import { findStoryMessages } from './story-metadata.js';
import { buildStoryMessages } from './story-messages.js';
import { outdatedStoryMessages, supersedeStoryMessages } from './supersede-story.js';
import { inThreadOrder } from './thread-order.js';
import type { StorySource, StoryVersionToPost } from '../../story-source.js';
import { uploadStoryCharts } from './upload-story-charts.js';

export interface StoryPostingDependencies {
  stories: StorySource;
  /** Tests: chart renderer and retry pauses. */
  renderOptions?: RenderStoryAssetsOptions;
  partsOptions?: PostStoryPartsOptions;
}

/** A version to post, and what replaces its change line (e.g. "Re-posted by @ana"). */
type StoryVersionWithNote = StoryVersionToPost & { note?: string };

const storyRenderFailureText = (title: string, version: number) =>
  `:warning: The story *${escapeMrkdwn(title)}* (v${version}) could not be shown here. Ask me to show it again in a moment.`;

/** Posts the stories a turn saved, one after the other (the reply plan holds each story's newest version only). */
export async function postTurnStories(dependencies: StoryPostingDependencies, outbox: SlackOutbox, stories: readonly StoryVersionToPost[]): Promise<void> {
  for (const story of stories) await postStoryVersion(dependencies, outbox, story);
}

export function postStoryVersion(dependencies: StoryPostingDependencies, outbox: SlackOutbox, story: StoryVersionWithNote): Promise<void> {
  return inThreadOrder(outbox.target.threadId, () => postInOrder(dependencies, outbox, story));
}

async function postInOrder(dependencies: StoryPostingDependencies, outbox: SlackOutbox, story: StoryVersionWithNote): Promise<void> {
  const { target, logger } = outbox;
  try {
    const assets = await renderStoryAssets(target.threadId, { code: story.code }, dependencies.stories, dependencies.renderOptions);
    const earlier = await findStoryMessages(outbox);
    const outdated = outdatedStoryMessages(earlier, story.slug, story.version);
    const shownBefore = earlier.some((message) => message.slug === story.slug);
    const note = story.note ?? (shownBefore && story.summary ? `*What changed:* ${escapeMrkdwn(story.summary)}` : undefined);
    const charts = await uploadStoryCharts(outbox, { slug: story.slug, version: story.version, assets });
    const messages = buildStoryMessages({ threadId: target.threadId, slug: story.slug, version: story.version, title: story.title, note, assets, chartFiles: charts.byNode });
    await postStoryParts(outbox, { slug: story.slug, version: story.version, messages, chartFiles: charts.files }, dependencies.partsOptions);
    await supersedeStoryMessages(outbox, outdated, story);
  } catch (error) {
    if (error instanceof UnreachableChannelError) throw error;
    logger.error('A story could not be rendered for Slack.', { threadId: target.threadId, slug: story.slug, version: story.version, error });
    const text = storyRenderFailureText(story.title, story.version);
    await outbox.post({ text, blocks: [sectionBlock(text)] });
  }
}
