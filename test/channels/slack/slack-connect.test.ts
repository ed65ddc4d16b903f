// Slack Connect: in a channel shared with another organisation, events from the partner's people carry
// the partner's team_id in the envelope, while the app's installation (authorizations) stays ours.
// Threads must be keyed by the installing workspace so both organisations' messages meet in one.
import { afterEach, describe, expect, it } from 'vitest';
import { problemsInCalls } from './support/block-kit-validator.js';
import { RecordingTurnHandler } from './support/recording-turn-handler.js';
import { startSlackHarness, type SlackHarness } from './support/slack-harness.js';
import { messageEnvelope } from './support/slack-requests.js';

let harness: SlackHarness | undefined;

afterEach(async () => {
  if (harness) expect(problemsInCalls(harness.slack.calls)).toEqual([]);
  await harness?.close();
  harness = undefined;
});

const INSTALLING_TEAM = 'T1';
const PARTNER_TEAM = 'TPARTNER';

/** An event as Slack delivers it to our installation: the writer's team outside, ours in authorizations. */
function connectEnvelope(fields: { user: string; userTeam: string; text: string; ts: string; thread_ts?: string; type?: 'app_mention' | 'message' }) {
  const { userTeam, ...event } = fields;
  const envelope = messageEnvelope({ ...event, channel: 'CSHARED', teamId: userTeam });
  return {
    ...envelope,
    authorizations: [{ team_id: INSTALLING_TEAM, user_id: 'UBOT', is_bot: true, is_enterprise_install: false }],
    event: { ...(envelope.event as object), user_team: userTeam, source_team: userTeam },
  };
}

async function start() {
  const handler = new RecordingTurnHandler((_request, observer) => {
    observer.onTextDelta?.('Answered.');
    return { text: 'Answered.' };
  });
  harness = await startSlackHarness({ handler });
  harness.slack.addUser({ id: 'UANA', name: 'ana' });
  harness.slack.addUser({ id: 'UPAT', name: 'pat' });
  return { handler, harness };
}

describe('Slack Connect threads', () => {
  it("answers a colleague's reply without a mention in a thread a partner started", async () => {
    const { handler, harness } = await start();
    await harness.sendEnvelope(connectEnvelope({ user: 'UPAT', userTeam: PARTNER_TEAM, text: '<@UBOT> sales?', ts: '20.1' }));
    await harness.slack.waitFor(() => handler.requests.length === 1);
    await harness.sendEnvelope(connectEnvelope({ user: 'UANA', userTeam: INSTALLING_TEAM, text: 'and by month?', ts: '20.2', thread_ts: '20.1', type: 'message' }));
    await harness.slack.waitFor(() => handler.requests.length === 2);

    expect(handler.requests.map((request) => request.threadId)).toEqual(['slack:T1:CSHARED:20.1', 'slack:T1:CSHARED:20.1']);
  });

  it("continues an internal thread when a partner mentions the bot in it (same thread, so its history)", async () => {
    const { handler, harness } = await start();
    await harness.sendEnvelope(connectEnvelope({ user: 'UANA', userTeam: INSTALLING_TEAM, text: '<@UBOT> sales?', ts: '21.1' }));
    await harness.slack.waitFor(() => handler.requests.length === 1);
    await harness.sendEnvelope(connectEnvelope({ user: 'UPAT', userTeam: PARTNER_TEAM, text: '<@UBOT> and costs?', ts: '21.2', thread_ts: '21.1' }));
    await harness.slack.waitFor(() => handler.requests.length === 2);

    expect(handler.requests[1]!.threadId).toBe(handler.requests[0]!.threadId);
    expect(handler.requests[1]!.threadId).toBe('slack:T1:CSHARED:21.1');
  });

  it("keys a partner's new thread by the installing workspace, and streams to the partner's own team", async () => {
    const { handler, harness } = await start();
    await harness.sendEnvelope(connectEnvelope({ user: 'UPAT', userTeam: PARTNER_TEAM, text: '<@UBOT> sales?', ts: '22.1' }));
    await harness.slack.waitFor(() => harness.slack.threadMessages('CSHARED', '22.1').find((message) => message.text === 'Answered.'));

    expect(handler.requests[0]!.threadId).toBe('slack:T1:CSHARED:22.1');
    expect(handler.requests[0]!.place).toMatchObject({ teamId: INSTALLING_TEAM });
    // The default fake refuses streaming; the attempt still names the partner as recipient.
    const attempt = harness.slack.calls.find((call) => call.method === 'chat.startStream');
    expect(attempt?.args).toMatchObject({ recipient_user_id: 'UPAT', recipient_team_id: PARTNER_TEAM });
  });
});
