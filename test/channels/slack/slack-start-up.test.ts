// Start-up checks the bot token with auth.test over HTTP: a token Slack refuses and a Slack that
// cannot be reached are told apart, each with the setting to look at.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachSlackChannel } from '../../../src/channels/slack/index.js';
import { createHttpServer } from '../../../src/server/http-server.js';
import { startFakeSlackApi, type FakeSlackApi } from '../../fakes/slack-api-server.js';
import { RecordingTurnHandler } from './support/recording-turn-handler.js';
import { SIGNING_SECRET } from './support/slack-harness.js';

let slack: FakeSlackApi;

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A loopback port nothing listens on. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

async function startUpFailure(botToken: string, slackApiUrl: string): Promise<string> {
  const server = createHttpServer();
  try {
    await attachSlackChannel({
      botToken,
      signingSecret: SIGNING_SECRET,
      slackApiUrl,
      retryConfig: { retries: 0 },
      app: server.app,
      handler: new RecordingTurnHandler(),
      logger: silent,
    });
  } catch (error) {
    return (error as Error).message;
  } finally {
    await server.close();
  }
  throw new Error('Expected the Slack channel to refuse to start.');
}

beforeAll(async () => {
  slack = await startFakeSlackApi();
});

afterAll(async () => {
  await slack.close();
});

describe('Slack start-up', () => {
  it('says Slack rejected the token when auth.test answers with an error', async () => {
    expect(await startUpFailure('not-a-bot-token', slack.apiUrl)).toBe(
      'Slack rejected the bot token (auth.test: not_authed). Check SLACK_BOT_TOKEN (xoxb-…) and, for GovSlack or tests, SLACK_API_URL.',
    );
  });

  it('says Slack could not be reached when nothing answers, without blaming the token', async () => {
    const url = `http://127.0.0.1:${await deadPort()}/api/`;
    const message = await startUpFailure('xoxb-test-bot-token', url);
    expect(message).toMatch(new RegExp(`^Could not reach Slack at ${url} to check the bot token \\(auth\\.test: .+\\)\\. Check the network, proxy and firewall, and SLACK_API_URL \\(for GovSlack or tests\\)\\.$`));
    expect(message).not.toContain('rejected');
    expect(message).not.toContain('xoxb-test-bot-token');
  });
});
