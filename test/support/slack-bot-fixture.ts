// The shared set-up of the end-to-end tests that run the real bot process (node dist/src/main.js, as
// `npm start` runs it) against the local Slack Web API server and the scripted model: a workspace
// (context folder, DuckDB warehouse, datathread.yaml), the fake Slack, bot processes started with the
// Slack settings and SIGKILLed after each test, and a wait with a deadline.
import { startFakeSlackApi, type FakeSlackApi } from '../fakes/slack-api-server.js';
import { sendSlackEvent } from '../channels/slack/support/slack-requests.js';
import { buildDist, startBotProcess, type BotProcess } from './bot-process.js';
import { createE2eWorkspace, type E2eWorkspace, type E2eWorkspaceOptions } from './e2e-workspace.js';

export interface SlackBotFixture {
  workspace: E2eWorkspace;
  slack: FakeSlackApi;
  signingSecret: string;
  /** Starts a bot process with the workspace's and Slack's settings; `variables` (e.g. DATATHREAD_STATE, a short lease) come last. */
  startBot(variables?: Record<string, string>): Promise<BotProcess>;
  /** Sends a signed Slack event to the bot, as a delivery or its `retryNum`th retry; the HTTP status. */
  deliver(bot: BotProcess, envelope: object, retryNum?: number): Promise<number>;
  /** SIGKILLs every bot this fixture started (afterEach). */
  killBots(): Promise<void>;
  close(): Promise<void>;
}

export interface SlackBotFixtureOptions extends E2eWorkspaceOptions {
  /** Slack users the fake knows (users.info). */
  users?: { id: string; name: string }[];
}

/** Builds dist/ when the sources changed, then starts the workspace and the fake Slack. */
export async function startSlackBotFixture(options: SlackBotFixtureOptions): Promise<SlackBotFixture> {
  await buildDist();
  const { users = [], ...workspaceOptions } = options;
  const workspace = await createE2eWorkspace(workspaceOptions);
  const slack = await startFakeSlackApi();
  for (const user of users) slack.addUser(user);
  const signingSecret = `${options.prefix}-signing-secret`;
  const bots: BotProcess[] = [];
  return {
    workspace,
    slack,
    signingSecret,
    async startBot(variables = {}) {
      const bot = await startBotProcess({
        ...workspace.variables,
        SLACK_BOT_TOKEN: `xoxb-${options.prefix}-test`,
        SLACK_SIGNING_SECRET: signingSecret,
        SLACK_API_URL: slack.apiUrl,
        LOG_LEVEL: 'info',
        ...variables,
      });
      bots.push(bot);
      return bot;
    },
    async deliver(bot, envelope, retryNum) {
      const response = await sendSlackEvent(`${bot.url}/slack/events`, signingSecret, envelope, retryNum === undefined ? {} : { retryNum });
      return response.status;
    },
    async killBots() {
      await Promise.all(bots.splice(0).map((bot) => bot.kill('SIGKILL')));
    },
    async close() {
      await slack.close();
      await workspace.close();
    },
  };
}

/** Polls `probe` every 100 ms until it gives a value (not undefined or false); fails after `timeoutMs`. */
export async function waitUntil<T>(probe: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
