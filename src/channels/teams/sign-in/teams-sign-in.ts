// Federated identity in Teams: the asker's Entra ID token reaches the identity service
// (`saveSsoToken`) before a turn needs it, and a question refused for want of it resumes after
// sign-in.
//  - Before each turn of someone with no stored token: the token service's token for them (they
//    signed in before; the service keeps and refreshes it), saved first.
//  - An outcome with `signInRequired`: the question is remembered (restart-safe, per person) and an
//    OAuth card is posted in the thread (single sign-on in chats, a Sign in button in channels).
//  - `signin/tokenExchange` / `signin/verifyState`: the token is saved, and the person's waiting
//    questions are handed back to be resumed (`kind: 'retry'`) in their threads.
import type { UserTokenClient } from '@microsoft/agents-hosting';
import type { TurnRequest } from '../../../conversations/types.js';
import type { InboundActivity } from '../inbound/inbound-activity.js';
import { PendingSignIns, type PendingSignIn } from './pending-sign-ins.js';
import { SIGN_IN_NOT_CONFIGURED_MESSAGE, SIGN_IN_UNAVAILABLE_MESSAGE, buildSignInCard, buildSignInProblemCard } from './sign-in-card.js';
import {
  answerSignInInvoke,
  saveOwnToken,
  statusOf,
  type InvokeAnswer,
  type TeamsUserTokenClient,
} from './sso-token-exchange.js';
import type { ThreadValues } from '../stories/story-card-ledger.js';
import type { TeamsOutbox } from '../outbox/teams-outbox.js';
import type { ReplyTarget, TeamsSignInOptions } from '../types.js';
import type { ChannelLogger } from '../../channel-logger.js';

export interface TeamsSignIn {
  prepareTurn(client: TeamsUserTokenClient | undefined, parties: ReplyTarget): Promise<void>;
  requestSignIn(client: TeamsUserTokenClient | undefined, outbox: TeamsOutbox, request: TurnRequest, parties: ReplyTarget, databases: string[]): Promise<void>;
  answerInvoke(activity: InboundActivity, client: TeamsUserTokenClient | undefined): Promise<{ response: InvokeAnswer; resume: PendingSignIn[] }>;
  /** Forgets the person's tokens here and at the Bot Framework token service (the `sign out` command). */
  signOut(client: Pick<UserTokenClient, 'signOut'> | undefined, parties: ReplyTarget): Promise<'signed_out' | 'unknown_user'>;
}

export interface TeamsSignInDependencies {
  options: TeamsSignInOptions;
  values: ThreadValues;
  /** The bot's app id (empty in local mode): the token service's sign-in state names it. */
  appId: string;
  logger: ChannelLogger;
  now: () => Date;
  createId?: () => string;
}

/** The dedupe key of the turn that resumes a waiting question (it runs once, even after a restart). */
export function resumeEventKey(entry: PendingSignIn): string {
  return `teams-sign-in-resume:${entry.id}`;
}

/** The request that re-asks the thread's last question, now with a credential. */
export function resumeRequest(entry: PendingSignIn): TurnRequest {
  return { ...entry.request, kind: 'retry', eventKey: resumeEventKey(entry) };
}

export function createTeamsSignIn(dependencies: TeamsSignInDependencies): TeamsSignIn {
  const { options, logger, appId } = dependencies;
  const connectionName = options.oauthConnectionName;
  const tokens = options.identity.teams;
  const pending = new PendingSignIns(dependencies.values, dependencies.now, dependencies.createId);

  return {
    async prepareTurn(client, parties) {
      const aadObjectId = parties.user.aadObjectId;
      const teamsUserId = parties.user.id;
      if (!connectionName || !client || !aadObjectId || !teamsUserId) return;
      try {
        if (await tokens.hasSsoToken(aadObjectId)) return;
        const { token } = await client.getUserToken(connectionName, parties.channelId, teamsUserId);
        if (token && (await saveOwnToken(aadObjectId, token, { tokens, logger }))) {
          logger.info('Teams user token taken from the token service before the turn', { aadObjectId });
        }
      } catch (error) {
        // The turn still runs; a federated query then asks for sign-in.
        logger.warn('Teams token service not reachable before the turn', { status: statusOf(error), aadObjectId });
      }
    },

    async requestSignIn(client, outbox, request, parties, databases) {
      const aadObjectId = parties.user.aadObjectId;
      if (!connectionName) {
        logger.warn('Teams sign-in needed but DATATHREAD_TEAMS_OAUTH_CONNECTION is not set', { threadId: request.threadId });
        await outbox.post(buildSignInProblemCard(SIGN_IN_NOT_CONFIGURED_MESSAGE));
        return;
      }
      if (!client || !aadObjectId) {
        logger.warn('Teams sign-in needed but the asker has no Entra object id or no token client', { threadId: request.threadId });
        await outbox.post(buildSignInProblemCard(SIGN_IN_UNAVAILABLE_MESSAGE));
        return;
      }
      await pending.remember(aadObjectId, request, parties);
      let resource: Awaited<ReturnType<typeof client.getSignInResource>>;
      try {
        resource = await client.getSignInResource(appId, connectionName, {
          channelId: parties.channelId,
          serviceUrl: parties.serviceUrl,
          conversation: parties.conversation,
          agent: parties.bot,
          user: parties.user,
        });
      } catch (error) {
        logger.error('Teams sign-in resource not available', { threadId: request.threadId, status: statusOf(error) });
        await outbox.post(buildSignInProblemCard(SIGN_IN_UNAVAILABLE_MESSAGE));
        return;
      }
      const singleSignOn = parties.conversation.conversationType !== 'channel';
      await outbox.postAttachment(
        buildSignInCard({ connectionName, resource, databases, singleSignOn, ...(request.actor.displayName ? { askerName: request.actor.displayName } : {}) }),
      );
      logger.info('Teams sign-in card sent', { threadId: request.threadId, databases, singleSignOn });
    },

    async signOut(client, parties) {
      const aadObjectId = parties.user.aadObjectId;
      if (!aadObjectId) return 'unknown_user';
      await options.identity.teams.signOut(aadObjectId);
      if (connectionName && client && parties.user.id) {
        // Our copy is gone already; a token service that cannot be reached only keeps its own, which the next sign-in replaces.
        await client.signOut(parties.user.id, connectionName, parties.channelId).catch((error: unknown) => {
          logger.warn('Teams token service sign-out failed; datathread forgot the token anyway', { status: statusOf(error), aadObjectId });
        });
      }
      logger.info('Teams user signed out', { aadObjectId });
      return 'signed_out';
    },

    async answerInvoke(activity, client) {
      if (!connectionName || !client) {
        logger.warn('Teams sign-in invoke received but sign-in is not configured', { name: activity.name });
        return { response: { status: 412 }, resume: [] };
      }
      const result = await answerSignInInvoke(activity, { client, connectionName, tokens, logger });
      const resume = result.signedIn ? await pending.take(result.signedIn.aadObjectId) : [];
      if (resume.length > 0) logger.info('Teams questions resume after sign-in', { threads: resume.map((entry) => entry.threadId) });
      return { response: result.response, resume };
    },
  };
}
