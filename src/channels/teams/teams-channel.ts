// Teams as a Channel (../channel.ts): its pieces, and how the environment starts it. Teams runs with
// the app registration, or in local unauthenticated mode for the Agents Playground outside production.
import { storySourceOf } from '../story-source.js';
import { personEntriesOf } from '../../config/person-entries.js';
import { randomIdFactory, systemClock } from '../../support/clock-and-ids.js';
import { createResultReadCheck } from '../../access/result-access.js';
import { graphMemberGroupsFrom } from '../../identity/graph-from-environment.js';
import { ENTRA_GROUP_PREFIX, groupIdsWithPrefix } from '../../support/group-entries.js';
import type { CsvDownloadLinks } from '../../server/csv-download-links.js';
import type { Application } from '../../application.js';
import type { Channel, ChannelStartOptions, StartedChannel } from '../channel.js';
import { readCardAction } from './actions/card-actions.js';
import { startCsvClick } from './actions/csv-click.js';
import { answerFeedbackInvoke } from './actions/feedback-invoke.js';
import { showSqlAction } from './actions/show-sql-action.js';
import { readThreadCommand } from './actions/thread-commands.js';
import { attachTeamsChannel } from './attach-teams-channel.js';
import type { ChannelContext } from './channel-context.js';
import { buildTeamsTurnRequest } from './inbound/turn-request.js';
import { TeamsOutbox } from './outbox/teams-outbox.js';
import { TEAMS_CHART_PLACEMENT, TEAMS_OFFERS_SCHEDULES } from './presentation.js';
import { renderReply, type RenderedReply } from './render/render-reply.js';
import { createTeamsSignIn } from './sign-in/teams-sign-in.js';
import { createTeamsTurnExecutor, type TeamsTurnReply } from './turns/teams-turn-jobs.js';

async function startTeams({ app, environment, application, logger, csvLinks, chartImages }: ChannelStartOptions): Promise<StartedChannel | undefined> {
  const hasTeamsCredentials = Boolean(environment.teams.clientId);
  if (!hasTeamsCredentials && environment.nodeEnv === 'production') {
    logger.info('Teams is not started: set clientId, clientSecret and tenantId (the Azure Bot app registration) to serve /api/messages.');
    return undefined;
  }
  const store = application.store;
  const channel = await attachTeamsChannel({
    app,
    handler: application.engine,
    turns: application.turns,
    auth: environment.teams,
    logger,
    store: storySourceOf(store),
    storyCardValues: { get: (threadId, key) => store.getThreadValue(threadId, key), set: (threadId, key, value) => store.setThreadValue(threadId, key, value, new Date()) },
    feedback: application.feedback,
    memories: application.memories,
    schedules: { store, admins: application.config.featureLists.admin, clock: systemClock, createId: randomIdFactory },
    scheduleProposals: application.scheduleProposals,
    verification: application.verification,
    groups: {
      membership: application.groupMembership,
      groupIds: groupIdsWithPrefix(personEntriesOf(application.config), ENTRA_GROUP_PREFIX),
      checkMemberGroups: graphMemberGroupsFrom(environment, { logger }),
      tokens: application.identity?.teams,
    },
    ...(csvLinks ? { csv: teamsCsvDownloads(csvLinks, application) } : {}),
    ...(chartImages ? { chartImages } : {}),
    mayReadResult: createResultReadCheck(
      application.config.accessRules,
      application.databases.map((database) => database.name),
    ),
    ...(application.identity
      ? {
          signIn: {
            identity: application.identity,
            oauthConnectionName: environment.teamsSignIn.oauthConnectionName,
            tokenServiceUrl: environment.teamsSignIn.tokenServiceUrl,
          },
        }
      : {}),
  });
  return { name: hasTeamsCredentials ? 'teams (/api/messages)' : 'teams (/api/messages, local unauthenticated mode)', stop: () => channel.stop(), scheduleDelivery: channel.scheduleDelivery };
}

function teamsCsvDownloads(links: CsvDownloadLinks, application: Application) {
  return {
    linkFor: (threadId: string, queryId: string, userId: string) => links.linkFor(threadId, queryId, userId),
    ttlMs: links.ttlMs,
    getQueryResult: (threadId: string, queryId: string) => application.store.getQueryResult(threadId, queryId),
    mayReadResult: createResultReadCheck(
      application.config.accessRules,
      application.databases.map((database) => database.name),
    ),
  };
}

export const teamsChannel = {
  platform: 'teams',
  displayName: 'Teams',
  chartPlacement: TEAMS_CHART_PLACEMENT,
  offersSchedules: TEAMS_OFFERS_SCHEDULES,
  start: startTeams,
  turnRequest: buildTeamsTurnRequest,
  turnExecutor: createTeamsTurnExecutor,
  renderReply,
  outbox: TeamsOutbox,
  signIn: createTeamsSignIn,
  actions: {
    followUp: readCardAction,
    clarification: readCardAction,
    retry: readCardAction,
    // Stop: the word `stop` sent in the thread (actions/thread-commands.ts).
    stop: readThreadCommand,
    // A Show SQL card opens in the clicker's client: nothing comes back to the bot.
    showSql: showSqlAction,
    csv: startCsvClick,
    feedback: answerFeedbackInvoke,
  },
} satisfies Channel<ChannelContext, TeamsTurnReply, RenderedReply>;
