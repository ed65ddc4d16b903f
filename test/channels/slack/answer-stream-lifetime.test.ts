// SlackAnswerStream against the fake Slack Web API, with short limits: a streamed message that
// reaches its lifetime is stopped and the answer goes on in a new message, before Slack would end it.
import { webApi } from '@slack/bolt';
import { afterEach, describe, expect, it } from 'vitest';
import { SlackAnswerStream } from '../../../src/channels/slack/streaming/answer-stream.js';
import { startFakeSlackApi, type FakeSlackApi } from '../../fakes/slack-api-server.js';

let slack: FakeSlackApi | undefined;

afterEach(async () => {
  await slack?.close();
  slack = undefined;
});

const target = { threadId: 'slack:T1:C1:50.1', teamId: 'T1', channelId: 'C1', threadTs: '50.1', isDirectMessage: false };
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

describe('SlackAnswerStream lifetime', () => {
  it('moves on to a new streamed message before Slack ends an old one', async () => {
    // Slack (the fake) ends streams after 2 s; the adapter rolls over after 200 ms.
    slack = await startFakeSlackApi({ streaming: { lifetimeMs: 2_000 } });
    const client = new webApi.WebClient('xoxb-test', { slackApiUrl: slack.apiUrl });
    const stream = new SlackAnswerStream({ client, target, logger: silent, support: { available: true }, recipient: { userId: 'UANA', teamId: 'T1' }, updateIntervalMs: 50, maxMessageLifetimeMs: 200 });
    stream.appendText('First words. ');
    await slack.waitFor(() => slack!.callsOf('chat.startStream').length === 1);
    await sleep(300);
    stream.appendText('Later words.');
    expect(await stream.finish()).toBe(true);

    const streamed = slack.threadMessages('C1', '50.1').filter((message) => message.chunks !== undefined);
    expect(streamed.map((message) => message.text)).toEqual(['First words. ', 'Later words.']);
    expect(streamed.every((message) => message.streaming === false)).toBe(true);
    expect(slack.calls.filter((call) => call.failedWith !== undefined)).toEqual([]);
  });

  it('finishes a table row before moving on, and starts the new message with the table\'s header', async () => {
    slack = await startFakeSlackApi({ streaming: { lifetimeMs: 2_000 } });
    const client = new webApi.WebClient('xoxb-test', { slackApiUrl: slack.apiUrl });
    const stream = new SlackAnswerStream({ client, target, logger: silent, support: { available: true }, recipient: { userId: 'UANA', teamId: 'T1' }, updateIntervalMs: 50, maxMessageLifetimeMs: 200 });
    stream.appendText('| region | total |\n|---|---|\n| North | ');
    await slack.waitFor(() => slack!.callsOf('chat.startStream').length === 1);
    await sleep(300);
    stream.appendText('300 |\n| South | 50 |\n');
    expect(await stream.finish()).toBe(true);

    const streamed = slack.threadMessages('C1', '50.1').filter((message) => message.chunks !== undefined);
    expect(streamed.map((message) => message.text)).toEqual(['| region | total |\n|---|---|\n| North | 300 |\n', '| region | total |\n|---|---|\n| South | 50 |\n']);
    expect(stream.previewOnly).toBe(false);
  });

  it('reports the answer as not shown when Slack ended the stream first, and removes the partial message', async () => {
    slack = await startFakeSlackApi({ streaming: { lifetimeMs: 100 } });
    const client = new webApi.WebClient('xoxb-test', { slackApiUrl: slack.apiUrl, retryConfig: { retries: 0 } });
    const stream = new SlackAnswerStream({ client, target, logger: silent, support: { available: true }, recipient: { userId: 'UANA', teamId: 'T1' }, updateIntervalMs: 50 });
    stream.appendText('First words. ');
    await sleep(250);
    stream.appendText('Later words.');
    expect(await stream.finish()).toBe(false);

    expect(slack.calls.some((call) => call.failedWith === 'message_not_in_streaming_state')).toBe(true);
    expect(slack.threadMessages('C1', '50.1').filter((message) => message.chunks !== undefined)).toEqual([]);
  });
});
