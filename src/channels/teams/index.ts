// Microsoft Teams on the shared HTTP server: POST /api/messages, authenticated by the Agents SDK
// (JWT middleware) when app credentials are set. The request is answered as soon as the activity
// is accepted; the turn runs afterwards and its reply is sent proactively through
// adapter.continueConversation, because Teams gives up on a request after about 15 seconds.
import express, { type Express, type Request, type Response } from 'express';
import type { ConnectorClient, TurnContext, UserTokenClient } from '@microsoft/agents-hosting';
import type { TurnHandler } from '../../conversations/types.js';
import { createTeamsAdapter, type TeamsAuthOptions, type TeamsLogger } from './create-teams-adapter.js';
import { readInboundActivity, type InboundActivity } from './inbound-activity.js';
import { routeActivity } from './route-activity.js';
import { handleStoryClick } from './handle-story-click.js';
import type { TeamsStoryStore } from './render-story-cards.js';
import { runTeamsTurn, type TeamsTurnJob } from './run-teams-turn.js';
import { SentCardMemory } from './sent-card-memory.js';
import { readStoryAction } from './story-actions.js';
import { createMemoryThreadValues, createStoryCardLedger, type ThreadValues } from './story-card-ledger.js';
import { teamsThreadId, tenantIdOf, threadConversationIdOf } from './teams-thread.js';
import { TeamsOutbox, type ConversationParties } from './teams-outbox.js';
import type { PendingSignIn } from './pending-sign-ins.js';
import { isSignInInvoke } from './sso-token-exchange.js';
import { createTeamsSignIn, resumeRequest, type TeamsSignIn, type TeamsSignInOptions } from './teams-sign-in.js';

export { PRODUCTION_WITHOUT_CREDENTIALS_MESSAGE } from './create-teams-adapter.js';
export type { TeamsAuthOptions, TeamsLogger } from './create-teams-adapter.js';
export type { TeamsStoryStore } from './render-story-cards.js';
export type { ThreadValues } from './story-card-ledger.js';
export type { TeamsSignInOptions } from './teams-sign-in.js';

export const TEAMS_MESSAGES_PATH = '/api/messages';

export interface TeamsChannelOptions {
  app: Express;
  handler: TurnHandler;
  auth: TeamsAuthOptions;
  logger: TeamsLogger;
  now?: () => Date;
  /** How often the typing indicator is re-sent (tests shorten it). */
  typingIntervalMs?: number;
  /**
   * The state store: stories are posted as cards (charts and tables drawn from stored results) with
   * Versions and Re-post buttons. Without it a story shows as a one-line note in the answer.
   */
  store?: TeamsStoryStore;
  /**
   * Where the activity ids of story cards are kept (to mark an old version superseded). In memory
   * unless given; pass store-backed values to keep them across restarts (docs/teams.md, Stories).
   */
  storyCardValues?: ThreadValues;
  /**
   * Federated identity (docs/identity.md, Teams): present when a database uses
   * `auth_mode: azure_entra_id`. The asker's token is saved before their turns, a question that
   * needs sign-in gets an OAuth card, and resumes once they have signed in.
   */
  signIn?: TeamsSignInOptions;
}

export interface TeamsChannel {
  /** Refuses new activities (503) and waits for the turns already accepted. */
  stop(): Promise<void>;
  /** Resolves once every turn accepted so far has been answered (tests, graceful shutdown). */
  idle(): Promise<void>;
}

export async function attachTeamsChannel(options: TeamsChannelOptions): Promise<TeamsChannel> {
  const { handler, logger } = options;
  const now = options.now ?? (() => new Date());
  const adapter = createTeamsAdapter(options.auth, logger, options.signIn?.tokenServiceUrl ? { tokenServiceUrl: options.signIn.tokenServiceUrl } : {});
  const sentCards = new SentCardMemory();
  const turns = new Set<Promise<void>>();
  let stopping = false;

  const stories = options.store
    ? { store: options.store, ledger: createStoryCardLedger(options.storyCardValues ?? createMemoryThreadValues()) }
    : undefined;
  const signIn: TeamsSignIn | undefined = options.signIn
    ? createTeamsSignIn({
        options: options.signIn,
        values: options.signIn.pendingValues ?? options.storyCardValues ?? createMemoryThreadValues(),
        appId: options.auth.clientId ?? '',
        logger,
        now,
      })
    : undefined;
  if (options.signIn && !options.signIn.oauthConnectionName) {
    logger.warn('Teams: a federated database is configured but DATATHREAD_TEAMS_OAUTH_CONNECTION is not set, so Teams users cannot sign in (docs/identity.md).');
  }
  type Identity = Parameters<typeof adapter.continueConversation>[0];
  const userTokenClientOf = (context: TurnContext) => context.turnState.get<UserTokenClient | undefined>(adapter.UserTokenClientKey);

  /** Runs `work` after the request was answered, with an outbox for the conversation of `parties`. */
  const startWork = (parties: ConversationParties, identity: Identity, threadId: string, work: (outbox: TeamsOutbox, context: TurnContext) => Promise<void>) => {
    const startedAt = now();
    const turn = adapter
      .continueConversation(
        identity,
        { channelId: parties.channelId, serviceUrl: parties.serviceUrl, conversation: parties.conversation, agent: parties.bot, user: parties.user },
        async (context) => work(new TeamsOutbox(context.turnState.get<ConnectorClient>(adapter.ConnectorClientKey), parties), context),
      )
      .catch((error: unknown) => {
        logger.error('Teams reply could not be sent', { threadId, error: error instanceof Error ? error.message : String(error) });
      })
      .finally(() => {
        turns.delete(turn);
        logger.info('Teams turn finished', { threadId, durationMs: now().getTime() - startedAt.getTime() });
      });
    turns.add(turn);
  };

  const startTurn = (parties: ConversationParties, job: TeamsTurnJob, identity: Identity) =>
    startWork(parties, identity, job.request.threadId, (outbox, context) =>
      runTeamsTurn(job, {
        handler,
        outbox,
        sentCards,
        logger,
        ...(options.typingIntervalMs ? { typingIntervalMs: options.typingIntervalMs } : {}),
        ...(stories ? { stories } : {}),
        ...(signIn
          ? {
              signIn: {
                beforeTurn: () => signIn.prepareTurn(userTokenClientOf(context), parties),
                onSignInRequired: (outcome) => signIn.requestSignIn(userTokenClientOf(context), outbox, job.request, parties, outcome),
              },
            }
          : {}),
      }),
    );

  /** `signin/tokenExchange` / `signin/verifyState`: answered in the request; waiting questions resume after. */
  const answerSignIn = async (activity: InboundActivity, context: TurnContext): Promise<void> => {
    const { response, resume } = signIn
      ? await signIn.answerInvoke(activity, userTokenClientOf(context))
      : { response: { status: 501 }, resume: [] as PendingSignIn[] };
    await context.sendActivity({ type: 'invokeResponse', value: response } as Parameters<TurnContext['sendActivity']>[0]);
    for (const entry of resume) startTurn(entry.parties, { request: resumeRequest(entry) }, context.identity);
  };

  /** Versions / Re-post buttons: answered from the store, without a model turn. */
  const startStoryClick = (activity: InboundActivity, identity: Identity): boolean => {
    const action = stories ? readStoryAction(activity.value) : undefined;
    if (!stories || !action || activity.type !== 'message' || !activity.id || !activity.replyToId) return false;
    const click = { threadId: teamsThreadId(tenantIdOf(activity), threadConversationIdOf(activity)), action, activityId: activity.id, cardActivityId: activity.replyToId };
    startWork(partiesOf(activity), identity, click.threadId, async (outbox) => {
      const result = await handleStoryClick(click, { ...stories, outbox, logger, markEventProcessed: (key) => handler.markEventProcessed(key) });
      logger.info('Teams story button handled', { threadId: click.threadId, action: action.datathread, result });
    });
    return true;
  };

  const receive = async (request: Request, response: Response) => {
    if (stopping) {
      response.status(503).json({ error: 'datathread is shutting down; Teams will redeliver the activity.' });
      return;
    }
    const activity = readInboundActivity(request.body);
    await adapter.process(request, response, async (context) => {
      if (isSignInInvoke(activity)) return answerSignIn(activity, context);
      if (startStoryClick(activity, context.identity)) return;
      const decision = await routeActivity(activity, handler);
      if (decision.kind === 'ignore') {
        logger.info('Teams activity ignored', { reason: decision.reason, activityId: activity.id });
        return;
      }
      // The context is revoked when this callback returns: keep only what the later turn needs.
      startTurn(partiesOf(activity), { request: decision.request, ...(decision.action ? { action: decision.action } : {}), ...(activity.replyToId ? { replyToId: activity.replyToId } : {}) }, context.identity);
    });
  };

  options.app.post(
    TEAMS_MESSAGES_PATH,
    express.json({ limit: '1mb' }),
    (request, response, next) => {
      adapter.authorizeRequest(request, response, next).catch(next);
    },
    (request, response, next) => {
      receive(request, response).catch((error: unknown) => {
        logger.error('Teams activity rejected', { error: error instanceof Error ? error.message : String(error) });
        if (!response.headersSent) response.status(400).json({ error: 'Not a valid Bot Framework activity.' });
        else next(error);
      });
    },
  );
  logger.info('Teams channel listening', { path: TEAMS_MESSAGES_PATH, authenticated: Boolean(options.auth.clientId) });

  const idle = async () => {
    while (turns.size > 0) await Promise.allSettled([...turns]);
  };
  return {
    idle,
    async stop() {
      stopping = true;
      await idle();
    },
  };
}

function partiesOf(activity: InboundActivity): ConversationParties {
  const conversation = activity.conversation ?? {};
  return {
    channelId: activity.channelId ?? 'msteams',
    serviceUrl: activity.serviceUrl ?? '',
    conversation: {
      id: threadConversationIdOf(activity),
      ...(conversation.conversationType ? { conversationType: conversation.conversationType } : {}),
      ...(conversation.tenantId ? { tenantId: conversation.tenantId } : {}),
      ...(conversation.isGroup !== undefined ? { isGroup: conversation.isGroup } : {}),
    },
    bot: { ...(activity.recipient?.id ? { id: activity.recipient.id } : {}), ...(activity.recipient?.name ? { name: activity.recipient.name } : {}) },
    user: {
      ...(activity.from?.id ? { id: activity.from.id } : {}),
      ...(activity.from?.name ? { name: activity.from.name } : {}),
      ...(activity.from?.aadObjectId ? { aadObjectId: activity.from.aadObjectId } : {}),
    },
  };
}
