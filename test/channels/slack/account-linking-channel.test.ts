// Slack account linking in the adapter, over real Bolt and signed HTTP, with a recording turn
// handler and an in-memory SlackAccountLinking: the Connect prompt, the resumed question, `unlink`,
// the App Home tab and its Disconnect button. (slack-federated-identity.test.ts runs the real thing.)
import { afterEach, describe, expect, it } from 'vitest';
import { ACTION_IDS } from '../../../src/channels/slack/actions/action-ids.js';
import { HOME_DISCONNECTED_NOTICE, NOT_LINKED_TEXT, unlinkedText } from '../../../src/channels/slack/sign-in/account-linking-listeners.js';
import { CONNECT_BUTTON_TEXT } from '../../../src/channels/slack/sign-in/sign-in-prompt.js';
import type { TurnOutcome } from '../../../src/conversations/types.js';
import { startFakeSlackApi, type FakeSlackApi } from '../../fakes/slack-api-server.js';
import { problemsInCalls } from './support/block-kit-validator.js';
import { FAKE_PUBLIC_URL, FakeAccountLinking } from './support/fake-account-linking.js';
import { RecordingTurnHandler, type OutcomeScript } from './support/recording-turn-handler.js';
import { SIGNING_SECRET, startSlackHarness, type SlackHarness } from './support/slack-harness.js';
import { findButton, sendSlackAction } from './support/slack-requests.js';
import { startViewsApi, type ViewsApi } from './support/views-api.js';

let harness: SlackHarness | undefined;
let slack: FakeSlackApi | undefined;
let views: ViewsApi | undefined;

afterEach(async () => {
  if (slack) expect(problemsInCalls(slack.calls)).toEqual([]);
  await harness?.close();
  await views?.close();
  await slack?.close();
  harness = undefined;
  views = undefined;
  slack = undefined;
});

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
const NEEDS_SIGN_IN: Partial<TurnOutcome> = { text: 'To query warehouse I need to act as you: please sign in with your Microsoft account first.', signInRequired: ['warehouse'] };

async function start(options: { script?: OutcomeScript; linking?: FakeAccountLinking; identity?: 'none' | 'without-public-url' } = {}) {
  slack = await startFakeSlackApi();
  slack.addUser({ id: 'UANA', name: 'ana', email: 'ana@contoso.com' });
  views = await startViewsApi(slack);
  const handler = new RecordingTurnHandler(options.script);
  const identity = options.identity === 'none' ? undefined : options.identity === 'without-public-url' ? { slack: undefined } : { slack: options.linking };
  harness = await startSlackHarness({ handler, slack, slackApiUrl: views.apiUrl, identity });
  return { handler, harness, slack, views };
}

interface UrlButton {
  type: string;
  action_id: string;
  url?: string;
  text: { text: string };
}

function urlButtonIn(blocks: unknown[] | undefined): UrlButton | undefined {
  return findButton(blocks ?? [], ACTION_IDS.connectAccount) as UrlButton | undefined;
}

function homeOpenedEnvelope(userId: string, eventId: string) {
  return {
    token: 'legacy-verification-token',
    team_id: 'T1',
    api_app_id: 'A1',
    type: 'event_callback',
    event_id: eventId,
    event_time: Math.floor(Date.now() / 1000),
    event: { type: 'app_home_opened', user: userId, channel: 'D0HOME', tab: 'home', event_ts: `${Date.now() / 1000}` },
  };
}

/** A block_actions payload for a button on the Home tab (container type `view`, no message). */
function homeClickPayload(view: { blocks: unknown[] }, actionId: string, userId: string) {
  const button = findButton(view.blocks, actionId);
  if (!button) throw new Error(`No button ${actionId} on the Home tab.`);
  return {
    type: 'block_actions',
    team: { id: 'T1', domain: 'fake' },
    user: { id: userId, username: userId.toLowerCase(), team_id: 'T1' },
    api_app_id: 'A1',
    token: 'legacy-verification-token',
    trigger_id: 'trigger-home',
    container: { type: 'view', view_id: 'V0HOME' },
    view: { id: 'V0HOME', type: 'home', blocks: view.blocks },
    actions: [{ ...button, action_ts: String(Date.now() / 1000) }],
  };
}

describe('Slack account linking: the Connect prompt', () => {
  it('a turn that needs sign-in gets the asker alone a Connect button, in the thread, with the signed link', async () => {
    const linking = new FakeAccountLinking();
    const { slack } = await start({ script: () => NEEDS_SIGN_IN, linking });
    await harness!.sendEvent({ user: 'UANA', text: '<@UBOT> what are my sales?', channel: 'C1', ts: '1712.0001' });
    const prompt = await slack.waitFor(() => slack.ephemerals.find((message) => urlButtonIn(message.blocks)));

    expect(prompt).toMatchObject({ channel: 'C1', recipient: 'UANA', thread_ts: '1712.0001' });
    const button = urlButtonIn(prompt.blocks)!;
    expect(button.text.text).toBe(CONNECT_BUTTON_TEXT);
    expect(button.url).toBe(`${FAKE_PUBLIC_URL}/auth/microsoft/start?state=signed-1`);
    expect(linking.signInUrls).toEqual([{ userKey: 'slack:UANA', pendingThreadId: 'slack:T1:C1:1712.0001' }]);
    expect(JSON.stringify(prompt.blocks)).toContain('*warehouse*');
    // The answer itself is public in the thread; the link is not.
    await slack.waitFor(() => slack.threadMessages('C1', '1712.0001').find((message) => message.text.includes('please sign in')));
    expect(JSON.stringify(slack.callsOf('chat.postMessage'))).not.toContain('/auth/microsoft/start');
    // The post of the prompt comes after the answer.
    const methods = slack.calls.map((call) => call.method);
    expect(methods.lastIndexOf('chat.postMessage')).toBeLessThan(methods.indexOf('chat.postEphemeral'));

    // Clicking the URL button opens the browser; the click Slack also sends is acked and does nothing.
    const clicked = await sendSlackAction(harness!.eventsUrl, SIGNING_SECRET, {
      type: 'block_actions',
      team: { id: 'T1', domain: 'fake' },
      user: { id: 'UANA', username: 'ana', team_id: 'T1' },
      api_app_id: 'A1',
      token: 'legacy-verification-token',
      trigger_id: 'trigger-1',
      container: { type: 'message', message_ts: prompt.ts, channel_id: 'C1', is_ephemeral: true },
      channel: { id: 'C1', name: 'analytics' },
      actions: [{ ...button, block_id: 'datathread_sign_in', action_ts: String(Date.now() / 1000) }],
    });
    expect(clicked.status).toBe(200);
    await sleep(200);
    expect(harness!.logs.filter((line) => line.level !== 'info')).toEqual([]);
  });

  it('an answer that needs no sign-in gets no prompt', async () => {
    const { slack } = await start({ script: () => ({ text: 'North sold 300.', signInRequired: [] }), linking: new FakeAccountLinking() });
    await harness!.sendEvent({ user: 'UANA', text: '<@UBOT> sales?', channel: 'C1', ts: '1712.0002' });
    await slack.waitFor(() => slack.threadMessages('C1', '1712.0002').find((message) => message.text === 'North sold 300.'));
    await sleep(200);
    expect(slack.ephemerals).toEqual([]);
  });

  it('without account linking (no DATATHREAD_PUBLIC_URL) the prompt says plainly what an admin must do', async () => {
    const { slack } = await start({ script: () => NEEDS_SIGN_IN, identity: 'without-public-url' });
    await harness!.sendEvent({ user: 'UANA', text: '<@UBOT> what are my sales?', channel: 'C1', ts: '1712.0003' });
    const prompt = await slack.waitFor(() => slack.ephemerals.find((message) => message.recipient === 'UANA'));
    expect(urlButtonIn(prompt.blocks)).toBeUndefined();
    expect(prompt.text).toContain('DATATHREAD_PUBLIC_URL');
    expect(JSON.stringify(prompt.blocks)).toMatch(/An admin must set `DATATHREAD_PUBLIC_URL`/);
  });
});

describe('Slack account linking: after sign-in', () => {
  it('the pending question resumes in its thread, for the person who linked, with the retry kind', async () => {
    const linking = new FakeAccountLinking();
    const { handler, slack } = await start({ script: (request) => (request.kind === 'retry' ? { text: 'Your sales: 250.' } : NEEDS_SIGN_IN), linking });
    await harness!.sendEvent({ user: 'UANA', text: '<@UBOT> what are my sales?', channel: 'C1', ts: '1712.0004' });
    await slack.waitFor(() => slack.ephemerals.find((message) => urlButtonIn(message.blocks)));

    await linking.link('slack:UANA', 'ana@contoso.com', 'slack:T1:C1:1712.0004');
    await slack.waitFor(() => slack.threadMessages('C1', '1712.0004').find((message) => message.text === 'Your sales: 250.'));
    const resumed = handler.requests.at(-1)!;
    expect(resumed).toMatchObject({
      threadId: 'slack:T1:C1:1712.0004',
      platform: 'slack',
      kind: 'retry',
      actor: { platform: 'slack', userId: 'UANA', displayName: 'ana', email: 'ana@contoso.com' },
      place: { channelId: 'C1', teamId: 'T1', isDirectMessage: false },
      interactive: true,
    });
    expect(resumed.eventKey).toMatch(/^slack-linked:UANA:slack:T1:C1:1712\.0004:\d+$/);
    const thread = slack.threadMessages('C1', '1712.0004').map((message) => message.text);
    const announcement = '<@UANA> connected their Microsoft account; answering the question again.';
    expect(thread.indexOf(announcement)).toBeGreaterThan(-1);
    expect(thread.indexOf(announcement)).toBeLessThan(thread.indexOf('Your sales: 250.'));
    // Only the first turn asked to connect.
    expect(slack.ephemerals).toHaveLength(1);
  });

  it('a link started from the Home tab (no question waiting) refreshes the tab; a thread of another platform is left alone', async () => {
    const linking = new FakeAccountLinking();
    const { handler, views } = await start({ linking });
    await linking.link('slack:UANA', 'ana@contoso.com', undefined);
    await linking.link('slack:UANA', 'ana@contoso.com', 'teams:contoso:19:chat-1');
    const home = await slack!.waitFor(() => views.homeViews.get('UANA'));
    expect(JSON.stringify(home.blocks)).toContain('Connected as *ana@contoso.com*');
    await sleep(200);
    expect(handler.requests).toEqual([]);
  });

  it('stopping the channel removes its onLinked listener', async () => {
    const linking = new FakeAccountLinking();
    await start({ linking });
    expect(linking.listenerCount).toBe(1);
    await harness!.close();
    harness = undefined;
    expect(linking.listenerCount).toBe(0);
  });
});

describe('Slack account linking: unlink', () => {
  it('`unlink` in a DM forgets the account and answers the sender only; a redelivery stays quiet', async () => {
    const linking = new FakeAccountLinking();
    linking.accounts.set('slack:UANA', { upn: 'ana@contoso.com', objectId: 'oid-1' });
    const { handler, slack } = await start({ linking });
    await harness!.sendEvent({ type: 'message', user: 'UANA', text: 'unlink', channel: 'D1', ts: '1712.0010', channel_type: 'im', eventId: 'EvUnlink' });
    const reply = await slack.waitFor(() => slack.ephemerals.find((message) => message.recipient === 'UANA'));
    expect(reply).toMatchObject({ channel: 'D1', thread_ts: '1712.0010', text: unlinkedText('ana@contoso.com') });
    expect(linking.unlinked).toEqual(['slack:UANA']);
    expect(await linking.isLinked('slack:UANA')).toBe(false);

    await harness!.sendEvent({ type: 'message', user: 'UANA', text: 'unlink', channel: 'D1', ts: '1712.0010', channel_type: 'im', eventId: 'EvUnlink' }, { retryNum: 1 });
    await sleep(300);
    expect(slack.ephemerals).toHaveLength(1);
    expect(handler.requests).toEqual([]);
    expect(slack.callsOf('chat.postMessage')).toEqual([]);
  });

  it('`@datathread unlink` without a connected account says there is nothing to disconnect', async () => {
    const linking = new FakeAccountLinking();
    const { handler, slack } = await start({ linking });
    await harness!.sendEvent({ user: 'UANA', text: '<@UBOT> Unlink', channel: 'C1', ts: '1712.0011' });
    const reply = await slack.waitFor(() => slack.ephemerals.find((message) => message.recipient === 'UANA'));
    expect(reply.text).toBe(NOT_LINKED_TEXT);
    expect(handler.requests).toEqual([]);
  });

  it('without federated identity, `unlink` is an ordinary question', async () => {
    const { handler, slack } = await start({ script: () => ({ text: 'Unlink what?' }), identity: 'none' });
    await harness!.sendEvent({ user: 'UANA', text: '<@UBOT> unlink', channel: 'C1', ts: '1712.0012' });
    await slack.waitFor(() => slack.threadMessages('C1', '1712.0012').find((message) => message.text === 'Unlink what?'));
    expect(handler.requests.map((request) => request.text)).toEqual(['unlink']);
    expect(slack.ephemerals).toEqual([]);
  });
});

describe('Slack App Home', () => {
  it('shows the connected account (UPN) with Disconnect; Disconnect unlinks and shows Connect again', async () => {
    const linking = new FakeAccountLinking();
    linking.accounts.set('slack:UANA', { upn: 'ana@contoso.com', objectId: 'oid-1' });
    const { views, slack } = await start({ linking });
    expect((await harness!.sendEnvelope(homeOpenedEnvelope('UANA', 'EvHome1'))).status).toBe(200);
    const connected = await slack.waitFor(() => views.homeViews.get('UANA'));
    expect(connected.type).toBe('home');
    expect(JSON.stringify(connected.blocks)).toContain('Connected as *ana@contoso.com*');
    expect(findButton(connected.blocks, ACTION_IDS.disconnectAccount)).toMatchObject({ style: 'danger' });
    expect(urlButtonIn(connected.blocks)).toBeUndefined();

    views.homeViews.clear();
    const click = await sendSlackAction(harness!.eventsUrl, SIGNING_SECRET, homeClickPayload(connected, ACTION_IDS.disconnectAccount, 'UANA'));
    expect(click.status).toBe(200);
    const disconnected = await slack.waitFor(() => views.homeViews.get('UANA'));
    expect(linking.unlinked).toEqual(['slack:UANA']);
    expect(JSON.stringify(disconnected.blocks)).toContain(HOME_DISCONNECTED_NOTICE);
    expect(JSON.stringify(disconnected.blocks)).toContain('Not connected');
    expect(urlButtonIn(disconnected.blocks)?.url).toMatch(new RegExp(`^${FAKE_PUBLIC_URL}/auth/microsoft/start\\?state=`));
    // A Home-tab link resumes no question.
    expect(linking.signInUrls.at(-1)).toEqual({ userKey: 'slack:UANA', pendingThreadId: undefined });
  });

  it('without account linking, the tab says what an admin must set; without federated identity, no account part', async () => {
    const { views, slack } = await start({ identity: 'without-public-url' });
    await harness!.sendEnvelope(homeOpenedEnvelope('UANA', 'EvHome2'));
    const home = await slack.waitFor(() => views.homeViews.get('UANA'));
    expect(JSON.stringify(home.blocks)).toContain('DATATHREAD_PUBLIC_URL');
    await harness!.close();
    harness = undefined;
    await views.close();
    await slack.close();

    const second = await start({ identity: 'none' });
    await harness!.sendEnvelope(homeOpenedEnvelope('UANA', 'EvHome3'));
    const plain = await second.slack.waitFor(() => second.views.homeViews.get('UANA'));
    expect(JSON.stringify(plain.blocks)).not.toContain('Microsoft account');
  });
});
