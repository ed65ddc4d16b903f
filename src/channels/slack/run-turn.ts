// Runs one turn for a Slack thread, after the ack: the engine dedupes and queues it; once it
// starts, the working status appears; the outcome is rendered and posted, then the status goes.
import type { TurnRequest } from '../../conversations/types.js';
import type { BackgroundTasks } from './background-tasks.js';
import { sectionBlock } from './answer-blocks.js';
import { postMessage, postReply } from './post-reply.js';
import { postOutcomeStories } from './post-story.js';
import { renderOutcome } from './render-outcome.js';
import { postSignInPrompt } from './sign-in-prompt.js';
import type { ReplyTarget, SlackChannelLogger, SlackIdentityOptions, SlackStorySource, SlackWebClient } from './types.js';
import { createWorkingIndicator, type AssistantStatusSupport } from './working-indicator.js';
import type { TurnHandler } from '../../conversations/types.js';

export const INTERNAL_FAILURE_TEXT = ':warning: Something went wrong on my side while answering. Please ask again in a moment.';

/** Where the bot cannot post, it tells the asker in a direct message instead of going silent. */
async function tellAskerChannelIsUnreachable(client: SlackWebClient, target: ReplyTarget, userId: string): Promise<void> {
  const text = `I could not post my answer in <#${target.channelId}>: I am not a member there, or the channel is archived or restricted. Invite me with \`/invite @datathread\`, or ask me here in a direct message.`;
  await client.chat.postMessage({ channel: userId, text, blocks: [sectionBlock(text)] });
}

export interface TurnRunnerDependencies {
  client: SlackWebClient;
  handler: TurnHandler;
  logger: SlackChannelLogger;
  now: () => Date;
  assistantStatus: AssistantStatusSupport;
  tasks: BackgroundTasks;
  offerCsv: boolean;
  /** With it, the turn's stories are posted as rich messages (post-story.ts). */
  stories?: SlackStorySource;
  /** Federated identity: an outcome that needs sign-in gets the asker an ephemeral Connect button. */
  identity?: SlackIdentityOptions | undefined;
}

export interface TurnHooks {
  /** Runs once the turn passed dedupe and holds the thread (e.g. "@ana asked: …"). */
  beforeWork?: () => Promise<void>;
}

export async function runSlackTurn(dependencies: TurnRunnerDependencies, request: TurnRequest, target: ReplyTarget, hooks: TurnHooks = {}): Promise<void> {
  const { client, handler, logger } = dependencies;
  const indicator = createWorkingIndicator({ client, target, logger, now: dependencies.now, assistantStatus: dependencies.assistantStatus });
  let started: Promise<void> | undefined;
  try {
    const result = await handler.handle(request, {
      onStart: () => {
        started = (async () => {
          await hooks.beforeWork?.();
          await indicator.start();
        })();
      },
      onStatus: (status) => indicator.update(status),
    });
    await started;
    if (result.kind === 'duplicate') {
      logger.info('Slack event already handled; nothing to do.', { threadId: request.threadId, eventKey: request.eventKey });
      return;
    }
    const { outcome } = result;
    const stories = dependencies.stories;
    const reply = renderOutcome(outcome, { offerCsv: dependencies.offerCsv, storiesAsMessages: stories !== undefined });
    await postReply(client, target, reply, logger, {
      beforeControls: stories && outcome.stories.length > 0 ? () => postOutcomeStories({ client, logger, stories }, target, outcome) : undefined,
      onUnreachable: target.isDirectMessage ? undefined : () => tellAskerChannelIsUnreachable(client, target, request.actor.userId),
    });
    const signInRequired = outcome.signInRequired ?? [];
    if (signInRequired.length > 0) await postSignInPrompt({ client, logger, identity: dependencies.identity }, target, request.actor.userId, signInRequired);
  } catch (error) {
    await started?.catch(() => undefined);
    logger.error('Slack turn failed before an answer could be posted.', { threadId: request.threadId, error: error instanceof Error ? error.message : String(error) });
    await postMessage(client, target, { text: INTERNAL_FAILURE_TEXT, blocks: [sectionBlock(INTERNAL_FAILURE_TEXT)] }, logger).catch(() => undefined);
  } finally {
    await indicator.finish();
  }
}
