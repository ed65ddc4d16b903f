// Composition of the Teams channel: build the Agents SDK adapter, the story and sign-in parts,
// register the /api/messages route, return a stop handle.
import { createAnsweredActivities } from './actions/feedback-invoke.js';
import { SentCardMemory } from './actions/sent-card-memory.js';
import type { ChannelContext } from './channel-context.js';
import { readEntraGroups } from './groups/entra-groups.js';
import { registerActivityRoute, TEAMS_MESSAGES_PATH } from './inbound/activity-route.js';
import { createTeamsAdapter } from './inbound/create-teams-adapter.js';
import { createTeamsSignIn } from './sign-in/teams-sign-in.js';
import { createMemoryThreadValues, createStoryCardLedger } from './stories/story-card-ledger.js';
import { createBackgroundTasks } from './turns/background-tasks.js';
import { createTeamsTurnExecutor } from './turns/teams-turn-jobs.js';
import { createInProcessTurnJobs } from '../in-process-turn-jobs.js';
import type { TeamsChannel, TeamsChannelOptions } from './types.js';
import { createTeamsScheduleDelivery } from './schedules/teams-schedule-delivery.js';
import { createScheduleCardLedger } from './schedules/schedule-card-ledger.js';

export async function attachTeamsChannel(options: TeamsChannelOptions): Promise<TeamsChannel> {
  const { logger } = options;
  const now = options.now ?? (() => new Date());
  const adapter = createTeamsAdapter(options.auth, logger, options.signIn?.tokenServiceUrl ? { tokenServiceUrl: options.signIn.tokenServiceUrl } : {});
  if (options.signIn && !options.signIn.oauthConnectionName) {
    logger.warn('Teams: a federated database is configured but DATATHREAD_TEAMS_OAUTH_CONNECTION is not set, so Teams users cannot sign in (docs/identity.md).');
  }
  if (options.groups) readEntraGroups(options.groups);
  const threadValues = options.storyCardValues ?? createMemoryThreadValues();
  const context: ChannelContext = {
    adapter,
    handler: options.handler,
    turns: options.turns ?? createInProcessTurnJobs({ runDetached: (task) => void task().catch((error: unknown) => logger.error('Teams turn failed unexpectedly; the user may see no answer.', { error })) }),
    logger,
    now,
    work: createBackgroundTasks(adapter, logger, now, options.postRetry),
    sentCards: new SentCardMemory(),
    typingIntervalMs: options.typingIntervalMs,
    streamUpdateIntervalMs: options.streamUpdateIntervalMs,
    maxStreamLifetimeMs: options.maxStreamLifetimeMs,
    streamPersonalChats: options.streamPersonalChats !== false,
    stories: options.store ? { store: options.store, ledger: createStoryCardLedger(threadValues) } : undefined,
    csv: options.csv,
    chartImages: options.chartImages,
    mayReadResult: options.mayReadResult,
    memories: options.memories,
    schedules: options.schedules,
    scheduleCards: createScheduleCardLedger(threadValues),
    scheduleProposals: options.scheduleProposals,
    verification: options.verification,
    groupMembership: options.groups?.membership,
    feedback: options.feedback ? { recorder: options.feedback, activities: createAnsweredActivities(threadValues) } : undefined,
    signIn: options.signIn
      ? createTeamsSignIn({
          options: options.signIn,
          values: options.signIn.pendingValues ?? threadValues,
          appId: options.auth.clientId ?? '',
          logger,
          now,
        })
      : undefined,
  };
  context.turns.register('teams', createTeamsTurnExecutor(context));
  const route = registerActivityRoute(options.app, context);
  logger.info('Teams channel listening', { path: TEAMS_MESSAGES_PATH, authenticated: Boolean(options.auth.clientId) });
  return {
    scheduleDelivery: createTeamsScheduleDelivery(context),
    idle: () => context.work.idle(),
    async stop() {
      route.refuseNew();
      await context.work.idle();
    },
  };
}
