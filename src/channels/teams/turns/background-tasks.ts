// Turns that run after the HTTP request was answered, each in the conversation of its reply target:
// the Agents SDK's continueConversation gives it a connector for that conversation (Teams gives up
// on a request after about 15 seconds, so replies are sent proactively). Running turns are tracked
// so stop() can wait for every accepted turn to be answered. Slack keeps its own in
// slack/turns/background-tasks.ts under the same name.
import type { CloudAdapter, ConnectorClient, TurnContext } from '@microsoft/agents-hosting';
import type { ChannelLogger } from '../../channel-logger.js';
import { TeamsOutbox } from '../outbox/teams-outbox.js';
import type { PostRetryPolicy } from '../../retry-transient.js';
import type { ReplyTarget } from '../types.js';
import type { PostLedger } from '../../../conversations/turn-jobs.js';

/** Who the request was authenticated as (the claims continueConversation needs). */
export type RequestIdentity = Parameters<CloudAdapter['continueConversation']>[0];

export type ConversationWork = (outbox: TeamsOutbox, context: TurnContext) => Promise<void>;

export interface BackgroundTasks {
  start(target: ReplyTarget, identity: RequestIdentity, threadId: string, work: ConversationWork): void;
  /** Like start, and resolves when the work ended; with a turn job's ledger, the outbox edits what an interrupted run posted. */
  run(target: ReplyTarget, identity: RequestIdentity, threadId: string, work: ConversationWork, ledger?: PostLedger): Promise<void>;
  /** Resolves once every piece of work started so far has ended. */
  idle(): Promise<void>;
}

export function createBackgroundTasks(adapter: CloudAdapter, logger: ChannelLogger, now: () => Date, postRetry?: PostRetryPolicy): BackgroundTasks {
  const running = new Set<Promise<void>>();
  const run = (target: ReplyTarget, identity: RequestIdentity, threadId: string, work: ConversationWork, ledger?: PostLedger): Promise<void> => {
    const startedAt = now();
    const reference = { channelId: target.channelId, serviceUrl: target.serviceUrl, conversation: target.conversation, agent: target.bot, user: target.user };
    const promise = adapter
      .continueConversation(identity, reference, async (context) => work(new TeamsOutbox(context.turnState.get<ConnectorClient>(adapter.ConnectorClientKey), target, ledger, postRetry, logger), context))
      .catch((error: unknown) => {
        logger.error('Teams reply could not be sent', { threadId, error });
      })
      .finally(() => {
        running.delete(promise);
        logger.info('Teams turn finished', { threadId, durationMs: now().getTime() - startedAt.getTime() });
      });
    running.add(promise);
    return promise;
  };
  return {
    start(target, identity, threadId, work) {
      void run(target, identity, threadId, work);
    },
    run,
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
