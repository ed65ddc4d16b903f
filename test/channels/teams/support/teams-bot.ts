// Starts the real application with the Teams channel on a real HTTP server, wired as the
// composition root wires it (store-backed story ledger), for end-to-end tests.
import { storySourceOf } from '../../../../src/channels/story-source.js';
import { createApplication, type Application } from '../../../../src/application.js';
import { attachTeamsChannel, type TeamsChannel, type TeamsChannelOptions } from '../../../../src/channels/teams/index.js';
import type { EntraGroupOptions } from '../../../../src/channels/teams/groups/entra-groups.js';
import type { Clock } from '../../../../src/support/clock-and-ids.js';
import type { ScheduleManagement } from '../../../../src/schedules/schedule-controls.js';
import { readEnvironment } from '../../../../src/config/environment.js';
import { loadConfig } from '../../../../src/config/load-config.js';
import { createResultReadCheck } from '../../../../src/access/result-access.js';
import { createLogger } from '../../../../src/logging/logger.js';
import { attachCsvDownloadRoute } from '../../../../src/server/csv-download-route.js';
import type { CsvDownloadLinks } from '../../../../src/server/csv-download-links.js';
import type { ChartImageLinks } from '../../../../src/server/chart-image-links.js';
import { attachChartImageRoute } from '../../../../src/server/chart-image-route.js';
import { storedChartImages } from '../../../../src/server/chart-image-store.js';
import { createHttpServer, type HttpServer } from '../../../../src/server/http-server.js';

export interface RunningTeamsBot {
  application: Application;
  server: HttpServer;
  channel: TeamsChannel;
  baseUrl: string;
}

export interface TeamsBotExtras extends Pick<TeamsChannelOptions, 'postRetry' | 'streamPersonalChats' | 'streamUpdateIntervalMs'> {
  /** Mounts the CSV download route and gives the channel CSV buttons. */
  csvLinks?: CsvDownloadLinks;
  /** Mounts the chart image route and has cards link their charts. */
  chartImageLinks?: ChartImageLinks;
  /** Clicks that show stored data check the config's access rules and the clicker's groups, as attach-channels.ts wires them. */
  checkClickAccess?: boolean;
  /** Reads askers' Entra ID groups as teams-channel.ts wires them (Graph, token claims). */
  entraGroups?: Omit<EntraGroupOptions, 'membership'>;
  /** The application's clock (turns, group refresh). */
  clock?: Clock;
  /** Handles the buttons on scheduled posts with the application's store, these admins, clock and ids. */
  schedules?: Omit<ScheduleManagement, 'store'>;
}

export async function startTeamsBot(variables: Record<string, string>, extras: TeamsBotExtras = {}): Promise<RunningTeamsBot> {
  const { csvLinks, chartImageLinks, checkClickAccess, entraGroups, clock, schedules, ...overrides } = extras;
  const environment = readEnvironment(variables);
  const logger = createLogger({ level: 'error', write: (line) => void process.stdout.write(`${line}\n`) });
  const application = await createApplication({ environment, config: loadConfig(environment), logger, ...(clock ? { clock } : {}) });
  const server = createHttpServer();
  const store = application.store;
  const getQueryResult = (threadId: string, queryId: string) => store.getQueryResult(threadId, queryId);
  if (csvLinks) attachCsvDownloadRoute(server.app, { links: csvLinks, getQueryResult, logger });
  const mayReadResult = checkClickAccess ? createResultReadCheck(application.config.accessRules, application.databases.map((database) => database.name)) : undefined;
  const groups = entraGroups || mayReadResult ? { groups: { membership: application.groupMembership, ...entraGroups } } : {};
  const access = { ...groups, ...(mayReadResult ? { mayReadResult } : {}) };
  const chartImages = chartImageLinks ? storedChartImages(store, chartImageLinks) : undefined;
  if (chartImageLinks && chartImages) attachChartImageRoute(server.app, { links: chartImageLinks, getImage: (threadId, key) => chartImages.get(threadId, key), logger });
  const channel = await attachTeamsChannel({
    app: server.app,
    handler: application.engine,
    auth: environment.teams,
    logger,
    typingIntervalMs: 200,
    store: storySourceOf(store),
    // The mapping of story versions to cards lives in the state file and survives restarts.
    storyCardValues: {
      get: (threadId, key) => store.getThreadValue(threadId, key),
      set: (threadId, key, value) => store.setThreadValue(threadId, key, value, new Date()),
    },
    feedback: application.feedback,
    memories: application.memories,
    scheduleProposals: application.scheduleProposals,
    verification: application.verification,
    ...(csvLinks ? { csv: { linkFor: (threadId: string, queryId: string, userId: string) => csvLinks.linkFor(threadId, queryId, userId), ttlMs: csvLinks.ttlMs, getQueryResult, ...(mayReadResult ? { mayReadResult } : {}) } } : {}),
    ...access,
    ...(chartImages ? { chartImages } : {}),
    ...(schedules ? { schedules: { ...schedules, store } } : {}),
    ...overrides,
  });
  const port = await server.listen(0, '127.0.0.1');
  return { application, server, channel, baseUrl: `http://127.0.0.1:${port}` };
}

export async function stopTeamsBot(bot: RunningTeamsBot | undefined): Promise<void> {
  if (!bot) return;
  await bot.channel.stop();
  await bot.server.close();
  await bot.application.close();
}
