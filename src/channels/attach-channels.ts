// Decides which chat platforms to serve from the environment and mounts them on the HTTP app.
// Slack needs its bot token and signing secret (or app token for Socket Mode); Teams runs with the
// app registration, or in local unauthenticated mode for the Agents Playground outside production.
import { personEntriesOf } from '../config/person-entries.js';
import { groupIdsWithPrefix, SLACK_GROUP_PREFIX } from '../support/group-entries.js';
import { createResultReadCheck } from '../conversations/result-access.js';
import type { Express } from 'express';
import type { Application } from '../application.js';
import type { Environment } from '../config/environment.js';
import type { Logger } from '../logging/logger.js';
import type { CsvDownloadLinks } from '../server/csv-download-links.js';
import type { StoredChartImages } from '../server/chart-image-store.js';
import { attachSlackChannel } from './slack/index.js';
import { attachTeamsChannel } from './teams/index.js';

export interface AttachedChannels {
  names: string[];
  stop(): Promise<void>;
}

export interface AttachChannelsOptions {
  app: Express;
  environment: Environment;
  application: Application;
  logger: Logger;
  /** Signed CSV download links (Teams CSV buttons); absent without DATATHREAD_PUBLIC_URL and DATATHREAD_ENCRYPTION_KEY. */
  csvLinks?: CsvDownloadLinks;
  /** Chart images behind signed links (Teams cards link their charts); absent under the same conditions. */
  chartImages?: StoredChartImages;
}

export async function attachChannels(options: AttachChannelsOptions): Promise<AttachedChannels> {
  const { environment, application, logger } = options;
  const stops: Array<() => Promise<void>> = [];
  const names: string[] = [];
  const slack = environment.slack;
  if (slack.botToken && (slack.signingSecret || slack.appToken)) {
    const channel = await attachSlackChannel({
      app: options.app,
      handler: application.engine,
      turns: application.turns,
      botToken: slack.botToken,
      signingSecret: slack.signingSecret ?? '',
      appToken: slack.appToken,
      slackApiUrl: slack.apiUrl,
      logger,
      getQueryResult: (threadId, queryId) => application.store.getQueryResult(threadId, queryId),
      mayReadResult: createResultReadCheck(
        application.config.accessRules,
        application.databases.map((database) => database.name),
      ),
      stories: application.store,
      feedback: application.feedback,
      identity: application.identity,
      groups: {
        membership: application.groupMembership,
        userGroupIds: groupIdsWithPrefix(personEntriesOf(application.config), SLACK_GROUP_PREFIX),
      },
    });
    stops.push(() => channel.stop());
    names.push(slack.appToken ? 'slack (socket mode)' : 'slack (/slack/events)');
  } else if (slack.botToken || slack.signingSecret || slack.appToken) {
    logger.warn('Slack is not started: set SLACK_BOT_TOKEN and SLACK_SIGNING_SECRET (HTTP mode) or SLACK_BOT_TOKEN and SLACK_APP_TOKEN (Socket Mode).');
  }
  const hasTeamsCredentials = Boolean(environment.teams.clientId);
  if (hasTeamsCredentials || environment.nodeEnv !== 'production') {
    const store = application.store;
    const channel = await attachTeamsChannel({
      app: options.app,
      handler: application.engine,
      turns: application.turns,
      auth: environment.teams,
      logger,
      store,
      storyCardValues: { get: (threadId, key) => store.getThreadValue(threadId, key), set: (threadId, key, value) => store.setThreadValue(threadId, key, value, new Date()) },
      feedback: application.feedback,
      ...(options.csvLinks ? { csv: teamsCsvDownloads(options.csvLinks, application) } : {}),
      ...(options.chartImages ? { chartImages: options.chartImages } : {}),
      mayReadResult: createResultReadCheck(
        application.config.accessRules,
        application.databases.map((database) => database.name),
      ),
      groups: { membership: application.groupMembership },
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
    stops.push(() => channel.stop());
    names.push(hasTeamsCredentials ? 'teams (/api/messages)' : 'teams (/api/messages, local unauthenticated mode)');
  } else {
    logger.info('Teams is not started: set clientId, clientSecret and tenantId (the Azure Bot app registration) to serve /api/messages.');
  }
  return {
    names,
    stop: async () => {
      await Promise.allSettled(stops.map((stop) => stop()));
    },
  };
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
