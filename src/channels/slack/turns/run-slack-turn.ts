// Runs one turn for a Slack thread, after the ack, through the shared channel-turn lifecycle: the
// working status appears once the turn starts, the reply plan is rendered as Block Kit and posted
// (stories as messages of their own before the buttons), the asker gets the sign-in prompt when a
// federated database needs it, and the status goes.
import type { TurnJobRun } from '../../../conversations/turn-jobs.js';
import type { TurnHandler, TurnRequest } from '../../../conversations/types.js';
import type { ChannelLogger } from '../../channel-logger.js';
import type { PostRetryPolicy } from '../../retry-transient.js';
import { runChannelTurn } from '../../turn-runner.js';
import { SLACK_CHART_PLACEMENT, SLACK_OFFERS_SCHEDULES } from '../presentation.js';
import { createWorkingIndicator, type AssistantStatusSupport } from '../outbox/working-indicator.js';
import { SlackOutbox } from '../outbox/slack-outbox.js';
import { SlackAnswerStream, type StreamingSupport } from '../streaming/answer-stream.js';
import { sectionBlock } from '../render/answer-blocks.js';
import { renderReply } from '../render/render-reply.js';
import { postSignInPrompt } from '../sign-in/sign-in-prompt.js';
import { postTurnStories } from '../stories/post-story.js';
import type { StorySource } from '../../story-source.js';
import type { ReplyTarget, SlackSignInOptions, SlackWebClient } from '../types.js';
import type { BackgroundTasks } from './background-tasks.js';
import { postSlackReply } from './post-slack-reply.js';

export interface SlackTurnDependencies {
  client: SlackWebClient;
  handler: TurnHandler;
  logger: ChannelLogger;
  now: () => Date;
  assistantStatus: AssistantStatusSupport;
  tasks: BackgroundTasks;
  offerCsv: boolean;
  /** Whether answers end with 👍/👎 (feedback is stored). */
  offerFeedback: boolean;
  /** Whether answers offer Verify (verifiers are configured). */
  offerVerify?: boolean;
  /** With it, the turn's stories are posted as rich messages (stories/post-story.ts). */
  stories?: StorySource;
  /** Federated identity: an outcome that needs sign-in gets the asker an ephemeral Connect button. */
  identity?: SlackSignInOptions | undefined;
  /** How posts into the thread retry transient Slack failures (default DEFAULT_POST_RETRY). */
  postRetry?: PostRetryPolicy | undefined;
  /** Whether answers are streamed (chat.startStream); cleared once Slack says this app cannot stream. */
  streaming: StreamingSupport;
}

export interface TurnHooks {
  /** Runs once the turn passed dedupe and holds the thread (e.g. "@ana asked: …"). */
  beforeWork?: (outbox: SlackOutbox) => Promise<void>;
  /** The turn job being run: its ledger makes a rerun edit what the interrupted run posted. */
  job?: TurnJobRun<unknown>;
}

/** Where the bot cannot post, it tells the asker in a direct message instead of going silent. */
async function tellAskerChannelIsUnreachable(client: SlackWebClient, target: ReplyTarget, userId: string): Promise<void> {
  const text = `I could not post my answer in <#${target.channelId}>: I am not a member there, or the channel is archived or restricted. Invite me with \`/invite @datathread\`, or ask me here in a direct message.`;
  await client.chat.postMessage({ channel: userId, text, blocks: [sectionBlock(text)] });
}

export async function runSlackTurn(dependencies: SlackTurnDependencies, request: TurnRequest, target: ReplyTarget, hooks: TurnHooks = {}): Promise<void> {
  const { client, logger } = dependencies;
  const ledger = hooks.job?.ledger;
  const outbox = new SlackOutbox(client, target, logger, ledger, dependencies.postRetry);
  const indicator = createWorkingIndicator({ outbox, now: dependencies.now, assistantStatus: dependencies.assistantStatus, ledger });
  const stories = dependencies.stories;
  const stream = new SlackAnswerStream({
    client,
    target,
    logger,
    support: dependencies.streaming,
    recipient: { userId: request.actor.userId, teamId: target.askerTeamId ?? target.teamId },
    job: hooks.job ? { ledger: hooks.job.ledger, attempt: hooks.job.attempt, confirmLease: hooks.job.confirmLease } : undefined,
  });
  await runChannelTurn({ channelName: 'Slack', chartPlacement: SLACK_CHART_PLACEMENT, offersSchedules: SLACK_OFFERS_SCHEDULES, handler: dependencies.handler, logger, confirmLease: hooks.job?.confirmLease }, request, {
    onStart: async () => {
      await hooks.beforeWork?.(outbox);
      await indicator.start();
      await stream.removeInterruptedStreams();
    },
    onStatus: (status) => indicator.update(status),
    onTextDelta: (delta) => stream.appendText(delta),
    onToolCallStart: (call) => stream.startTool(call),
    onToolCallEnd: (call) => stream.endTool(call),
    postReply: async (plan) => {
      // A streamed answer is already in the thread: what follows it is the rest of the reply.
      const answerShown = await stream.finish({ removeWithoutText: plan.sentence !== undefined });
      const answerStreamed = answerShown ? { answerStreamed: stream.previewOnly ? ('preview' as const) : ('whole' as const) } : {};
      await postSlackReply(outbox, renderReply(plan, { offerCsv: dependencies.offerCsv, offerFeedback: dependencies.offerFeedback, offerVerify: dependencies.offerVerify === true, storiesAsMessages: stories !== undefined, ...answerStreamed }), {
        beforeControls:
          stories && plan.stories.length > 0
            ? () => postTurnStories({ stories }, outbox, plan.stories)
            : undefined,
        onUnreachable: target.isDirectMessage ? undefined : () => tellAskerChannelIsUnreachable(client, target, request.actor.userId),
        askerUserId: request.actor.userId,
      });
    },
    promptSignIn: (plan) => postSignInPrompt(outbox, dependencies.identity, request.actor.userId, plan.signInRequired),
    postInterrupted: async (sentence) => {
      await stream.finish({ removeWithoutText: true });
      const text = `:warning: ${sentence}`;
      await outbox.post({ text, blocks: [sectionBlock(text)] });
    },
    finish: async () => {
      // A turn that broke before its reply still closes its streamed message.
      await stream.finish();
      await indicator.finish();
    },
  });
}
