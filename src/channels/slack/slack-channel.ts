// Slack as a Channel (../channel.ts): its pieces, and how the environment starts it. Slack needs its
// bot token and signing secret (HTTP mode) or app token (Socket Mode).
import { storySourceOf } from '../story-source.js';
import { personEntriesOf } from '../../config/person-entries.js';
import { randomIdFactory, systemClock } from '../../support/clock-and-ids.js';
import { groupIdsWithPrefix, SLACK_GROUP_PREFIX } from '../../support/group-entries.js';
import { createResultReadCheck } from '../../access/result-access.js';
import type { Channel, ChannelStartOptions, StartedChannel } from '../channel.js';
import { registerFeedbackListeners } from './actions/feedback-listeners.js';
import { registerQueryActionListeners } from './actions/query-action-listeners.js';
import { registerStopActionListener } from './actions/stop-action-listener.js';
import { registerTurnActionListeners } from './actions/turn-action-listeners.js';
import { attachSlackChannel } from './attach-slack-channel.js';
import type { ChannelContext } from './channel-context.js';
import { buildSlackTurnRequest } from './inbound/turn-request.js';
import { SlackOutbox } from './outbox/slack-outbox.js';
import { SLACK_CHART_PLACEMENT, SLACK_OFFERS_SCHEDULES } from './presentation.js';
import { renderReply, type RenderedReply } from './render/render-reply.js';
import { postSignInPrompt } from './sign-in/sign-in-prompt.js';
import { createSlackTurnExecutor, type SlackTurnReply } from './turns/slack-turn-jobs.js';

async function startSlack({ app, environment, application, logger }: ChannelStartOptions): Promise<StartedChannel | undefined> {
  const slack = environment.slack;
  if (!slack.botToken || !(slack.signingSecret || slack.appToken)) {
    if (slack.botToken || slack.signingSecret || slack.appToken) {
      logger.warn('Slack is not started: set SLACK_BOT_TOKEN and SLACK_SIGNING_SECRET (HTTP mode) or SLACK_BOT_TOKEN and SLACK_APP_TOKEN (Socket Mode).');
    }
    return undefined;
  }
  const channel = await attachSlackChannel({
    app,
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
    stories: storySourceOf(application.store),
    feedback: application.feedback,
    memories: application.memories,
    schedules: { store: application.store, admins: application.config.featureLists.admin, clock: systemClock, createId: randomIdFactory },
    scheduleProposals: application.scheduleProposals,
    verification: application.verification,
    groups: {
      membership: application.groupMembership,
      userGroupIds: groupIdsWithPrefix(personEntriesOf(application.config), SLACK_GROUP_PREFIX),
    },
    identity: application.identity,
  });
  return { name: slack.appToken ? 'slack (socket mode)' : 'slack (/slack/events)', stop: () => channel.stop(), scheduleDelivery: channel.scheduleDelivery };
}

export const slackChannel = {
  platform: 'slack',
  displayName: 'Slack',
  chartPlacement: SLACK_CHART_PLACEMENT,
  offersSchedules: SLACK_OFFERS_SCHEDULES,
  start: startSlack,
  turnRequest: buildSlackTurnRequest,
  turnExecutor: createSlackTurnExecutor,
  renderReply,
  outbox: SlackOutbox,
  signIn: postSignInPrompt,
  actions: {
    followUp: registerTurnActionListeners,
    clarification: registerTurnActionListeners,
    retry: registerTurnActionListeners,
    stop: registerStopActionListener,
    showSql: registerQueryActionListeners,
    csv: registerQueryActionListeners,
    feedback: registerFeedbackListeners,
  },
} satisfies Channel<ChannelContext, SlackTurnReply, RenderedReply>;
