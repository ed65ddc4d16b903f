// Starts what a Slack test needs: the fake Slack Web API, the shared HTTP server with the Slack
// channel attached (real Bolt, HTTP mode) and helpers to send signed events and clicks.
import type { TurnHandler } from '../../../../src/conversations/types.js';
import { attachSlackChannel, type SlackChannel, type SlackChannelOptions } from '../../../../src/channels/slack/index.js';
import { createHttpServer, type HttpServer } from '../../../../src/server/http-server.js';
import { startFakeSlackApi, type FakeSlackApi, type FakeSlackMessage } from '../../../fakes/slack-api-server.js';
import { buttonClickPayload, messageEnvelope, sendSlackAction, sendSlackEvent, type MessageEventFields, type SendOptions } from './slack-requests.js';

export const SIGNING_SECRET = 'test-signing-secret-0123456789';
export const BOT_TOKEN = 'xoxb-test-bot-token';

export interface TestLogLine {
  level: 'info' | 'warn' | 'error';
  message: string;
  fields?: Record<string, unknown>;
}

export interface SlackHarness {
  slack: FakeSlackApi;
  eventsUrl: string;
  logs: TestLogLine[];
  sendEvent(fields: MessageEventFields, options?: SendOptions): Promise<Response>;
  sendEnvelope(envelope: object, options?: SendOptions): Promise<Response>;
  click(message: FakeSlackMessage, actionId: string, userId: string): Promise<Response>;
  /** Detaches Slack and closes the HTTP server (the fake Slack API stays up). */
  stopChannel(): Promise<void>;
  /** A new HTTP server + channel (a restarted bot process) with another handler. */
  restart(handler: TurnHandler): Promise<void>;
  close(): Promise<void>;
}

export interface HarnessOptions extends Partial<Omit<SlackChannelOptions, 'app' | 'handler' | 'logger'>> {
  handler: TurnHandler;
  slack?: FakeSlackApi;
}

export async function startSlackHarness(options: HarnessOptions): Promise<SlackHarness> {
  const slack = options.slack ?? (await startFakeSlackApi());
  const logs: TestLogLine[] = [];
  const logger = {
    info: (message: string, fields?: Record<string, unknown>) => void logs.push({ level: 'info', message, fields }),
    warn: (message: string, fields?: Record<string, unknown>) => void logs.push({ level: 'warn', message, fields }),
    error: (message: string, fields?: Record<string, unknown>) => void logs.push({ level: 'error', message, fields }),
  };
  let server: HttpServer;
  let channel: SlackChannel;
  let eventsUrl = '';

  const start = async (handler: TurnHandler) => {
    server = createHttpServer();
    const { handler: _handler, slack: _slack, ...channelOptions } = options;
    channel = await attachSlackChannel({
      botToken: BOT_TOKEN,
      signingSecret: SIGNING_SECRET,
      slackApiUrl: slack.apiUrl,
      // Fast retries keep the 429 test short; the wait for Retry-After itself is not shortened.
      retryConfig: { retries: 3, factor: 1, minTimeout: 10, maxTimeout: 50 },
      ...channelOptions,
      app: server.app,
      handler,
      logger,
    });
    const port = await server.listen(0, '127.0.0.1');
    eventsUrl = `http://127.0.0.1:${port}/slack/events`;
  };
  await start(options.handler);

  const harness: SlackHarness = {
    slack,
    get eventsUrl() {
      return eventsUrl;
    },
    logs,
    sendEvent: (fields, sendOptions) => sendSlackEvent(eventsUrl, SIGNING_SECRET, messageEnvelope(fields), sendOptions),
    sendEnvelope: (envelope, sendOptions) => sendSlackEvent(eventsUrl, SIGNING_SECRET, envelope, sendOptions),
    click: (message, actionId, userId) => sendSlackAction(eventsUrl, SIGNING_SECRET, buttonClickPayload(message, actionId, userId)),
    async stopChannel() {
      await channel.stop();
      await server.close();
    },
    async restart(handler) {
      await start(handler);
    },
    async close() {
      await channel.stop();
      await server.close();
      if (!options.slack) await slack.close();
    },
  };
  return harness;
}
