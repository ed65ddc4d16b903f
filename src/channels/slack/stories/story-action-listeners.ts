// The story buttons: "Versions" answers the clicker alone with the version list; "Re-post" (in that
// list) posts an older version into the thread again, rendered from the store, so both work after a
// restart. A Re-post click counts once (its dedupe key is stored like a turn's).
import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import type { StoryVersionSummary } from '../../../stories/index.js';
import { ACTION_IDS, numberedActionPattern } from '../actions/action-ids.js';
import { readButtonClick, type ButtonClick } from '../actions/button-click.js';
import { refusalForStoryRepost } from '../actions/result-access-check.js';
import { eventKeyForClick, outboxFor, type ChannelContext } from '../channel-context.js';
import { postStoryVersion } from './post-story.js';
import { explainSlackError } from '../outbox/slack-api-errors.js';
import type { SlackMessage } from '../render/block-kit.js';
import { storyVersionsMessage } from './story-versions-blocks.js';
import type { StorySource } from '../../story-source.js';

export const STORIES_UNAVAILABLE_TEXT = 'Story versions are not available on this server.';
export const VERSION_GONE_TEXT = 'That story version is no longer stored.';

export function registerStoryActionListeners(app: App, context: ChannelContext): void {
  const listen = (actionId: string | RegExp, work: (click: ButtonClick, stories: StorySource) => Promise<void>) =>
    app.action<BlockAction<ButtonAction>>({ type: 'block_actions', action_id: actionId }, async ({ ack, body }) => {
      await ack();
      const click = readButtonClick(body);
      if (!click?.value.story) {
        context.logger.warn('Ignored a story button without a datathread thread and story in its value.', { actionId: body.actions[0]?.action_id });
        return;
      }
      const stories = context.stories;
      context.tasks.run('story button', () => (stories ? work(click, stories) : replyPrivately(context, click, { text: STORIES_UNAVAILABLE_TEXT, blocks: [] })));
    });
  listen(ACTION_IDS.storyVersions, (click, stories) => showVersions(context, click, stories));
  listen(numberedActionPattern(ACTION_IDS.storyRepost), (click, stories) => repostVersion(context, click, stories));
}

async function versionSummaries(stories: StorySource, threadId: string, slug: string): Promise<StoryVersionSummary[]> {
  const versions = await stories.listStoryVersions(threadId, slug);
  return versions.map(({ version, createdAt, action, author, title, summary }) => ({ version, createdAt, action, author, title, summary }));
}

async function showVersions(context: ChannelContext, click: ButtonClick, stories: StorySource): Promise<void> {
  const slug = click.value.story ?? '';
  const versions = await versionSummaries(stories, click.target.threadId, slug);
  await replyPrivately(context, click, storyVersionsMessage(click.target.threadId, slug, versions));
}

async function repostVersion(context: ChannelContext, click: ButtonClick, stories: StorySource): Promise<void> {
  const { threadId } = click.target;
  const slug = click.value.story ?? '';
  const wanted = click.value.version;
  if (!(await context.handler.markEventProcessed(eventKeyForClick(click.messageTs, click.actionId)))) return;
  const version = wanted === undefined ? undefined : await stories.getStoryVersion(threadId, slug, wanted);
  if (!version) return replyPrivately(context, click, { text: VERSION_GONE_TEXT, blocks: [] });
  const refusal = await refusalForStoryRepost(context, click, stories, version.code);
  if (refusal) return replyPrivately(context, click, { text: refusal, blocks: [] });
  const latest = (await stories.listStoryVersions(threadId, slug)).at(-1)?.version ?? version.version;
  const note = `Re-posted by <@${click.userId}>${latest > version.version ? ` · the latest is v${latest}` : ''}`;
  await postStoryVersion({ stories }, outboxFor(context, click.target), { ...version, note }).catch((error: unknown) =>
    context.logger.warn(explainSlackError('re-post a story version', error), { threadId }),
  );
}

async function replyPrivately(context: ChannelContext, click: ButtonClick, message: SlackMessage): Promise<void> {
  await outboxFor(context, click.target)
    .postPrivately(click.userId, message)
    .catch((error: unknown) => context.logger.warn(explainSlackError('answer a story button', error), { threadId: click.target.threadId }));
}
