// The Slack request URL's edges: a correctly signed request dated 6 minutes in the future or past
// is refused (401) and runs nothing; a signed JSON body `null` gets a 400, not a 500; a click on a
// button datathread did not create is acknowledged at once (200) with one log line and no error.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RecordingTurnHandler } from './support/recording-turn-handler.js';
import { SIGNING_SECRET, startSlackHarness, type SlackHarness } from './support/slack-harness.js';
import { messageEnvelope, sendSlackAction, sendSlackEvent, signSlackBody } from './support/slack-requests.js';

let harness: SlackHarness;
let handler: RecordingTurnHandler;

beforeEach(async () => {
  handler = new RecordingTurnHandler();
  harness = await startSlackHarness({ handler });
});

afterEach(async () => {
  await harness.close();
});

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('Slack request guards', () => {
  it('refuses a correctly signed request timestamped more than 5 minutes in the future, or in the past', async () => {
    const future = await sendSlackEvent(harness.eventsUrl, SIGNING_SECRET, messageEnvelope({ user: 'UANA', text: '<@UBOT> hi', channel: 'C1', ts: '1.1' }), { timestampSeconds: nowSeconds() + 6 * 60 });
    expect(future.status).toBe(401);
    const past = await sendSlackEvent(harness.eventsUrl, SIGNING_SECRET, messageEnvelope({ user: 'UANA', text: '<@UBOT> hi', channel: 'C1', ts: '1.2' }), { timestampSeconds: nowSeconds() - 6 * 60 });
    expect(past.status).toBe(401);
    // Within the window, the same request is accepted.
    const fine = await sendSlackEvent(harness.eventsUrl, SIGNING_SECRET, messageEnvelope({ user: 'UANA', text: '<@UBOT> hi', channel: 'C1', ts: '1.3' }), { timestampSeconds: nowSeconds() + 60 });
    expect(fine.status).toBe(200);
    await harness.slack.waitFor(() => handler.requests.length === 1 || undefined);
    expect(handler.requests.map((request) => request.text)).toEqual(['hi']);
    expect(harness.logs.some((line) => line.message.includes('outside the 5-minute window'))).toBe(true);
  });

  it('answers a signed JSON body `null` with 400', async () => {
    const timestamp = nowSeconds();
    const response = await fetch(harness.eventsUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-slack-request-timestamp': String(timestamp), 'x-slack-signature': signSlackBody(SIGNING_SECRET, 'null', timestamp) },
      body: 'null',
    });
    expect(response.status).toBe(400);
    expect(handler.requests).toHaveLength(0);
  });

  it('acknowledges a click on a button it did not create, logs it once, and logs no error', async () => {
    const payload = {
      type: 'block_actions',
      team: { id: 'T1', domain: 'fake' },
      user: { id: 'UANA', username: 'ana', team_id: 'T1' },
      api_app_id: 'A1',
      token: 'legacy-verification-token',
      trigger_id: 'trigger-1',
      container: { type: 'message', message_ts: '5.5', channel_id: 'C1', is_ephemeral: false },
      channel: { id: 'C1', name: 'analytics' },
      message: { type: 'message', ts: '5.5', text: 'from another app', user: 'UOTHER' },
      actions: [{ type: 'button', action_id: 'approve_request', block_id: 'b1', value: 'x', action_ts: String(Date.now() / 1000) }],
    };
    const started = Date.now();
    const response = await sendSlackAction(harness.eventsUrl, SIGNING_SECRET, payload);
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(harness.logs.filter((line) => line.message.includes('did not create'))).toHaveLength(1);
    expect(harness.logs.filter((line) => line.level === 'error')).toEqual([]);
    expect(handler.requests).toHaveLength(0);
  });
});
