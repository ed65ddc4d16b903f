// The account-linking layouts as exact data (sign-in prompt, App Home), the `unlink` command's
// wording, and the validator's rules for URL buttons and Home views.
import { describe, expect, it } from 'vitest';
import { isUnlinkCommand } from '../../../../src/channels/slack/sign-in/account-linking-listeners.js';
import { homeView } from '../../../../src/channels/slack/sign-in/app-home.js';
import { LINKING_NOT_CONFIGURED_TEXT, SIGN_IN_LINK_NOTE, signInPromptMessage } from '../../../../src/channels/slack/sign-in/sign-in-prompt.js';
import { validateHomeView, validateSlackMessage } from '../support/block-kit-validator.js';

const URL = 'https://datathread.example.com/auth/microsoft/start?state=abc.def';

describe('sign-in prompt', () => {
  it('with account linking: why, the Connect URL button, and a note on the link', () => {
    const message = signInPromptMessage(['warehouse', 'r&d<eu>'], URL);
    expect(message.blocks).toEqual([
      { type: 'section', text: { type: 'mrkdwn', text: ':key: To query *warehouse*, *r&amp;d&lt;eu&gt;* I need to act as you, with your own Microsoft account. Connect it once; your question is answered in this thread right after.' } },
      {
        type: 'actions',
        block_id: 'datathread_sign_in',
        elements: [{ type: 'button', text: { type: 'plain_text', text: 'Connect your Microsoft account', emoji: true }, action_id: 'datathread_connect_account', url: URL, style: 'primary' }],
      },
      { type: 'context', elements: [{ type: 'mrkdwn', text: SIGN_IN_LINK_NOTE }] },
    ]);
    expect(validateSlackMessage({ ...message })).toEqual([]);
  });

  it('without account linking: no button, what the admin must set', () => {
    const message = signInPromptMessage(['warehouse'], undefined);
    expect(message.blocks).toEqual([
      { type: 'section', text: { type: 'mrkdwn', text: ':key: To query *warehouse* I need to act as you, with your own Microsoft account.' } },
      { type: 'context', elements: [{ type: 'mrkdwn', text: LINKING_NOT_CONFIGURED_TEXT }] },
    ]);
    expect(message.text).toContain('DATATHREAD_PUBLIC_URL');
  });
});

describe('App Home view', () => {
  it('connected: the UPN and a Disconnect button; not connected: the Connect URL button', () => {
    const connected = homeView({ kind: 'connected', upn: 'alice@contoso.com' });
    expect(connected.blocks.slice(2)).toEqual([
      { type: 'divider' },
      { type: 'section', text: { type: 'mrkdwn', text: '*Microsoft account*' } },
      { type: 'section', text: { type: 'mrkdwn', text: ':white_check_mark: Connected as *alice@contoso.com*. Queries on databases that use Microsoft sign-in run as you.' } },
      {
        type: 'actions',
        block_id: 'datathread_home_account',
        elements: [{ type: 'button', text: { type: 'plain_text', text: 'Disconnect Microsoft account', emoji: true }, action_id: 'datathread_disconnect_account', value: 'disconnect', style: 'danger' }],
      },
    ]);
    const notConnected = homeView({ kind: 'not_connected', signInUrl: URL }, 'Your Microsoft account was disconnected.');
    expect(JSON.stringify(notConnected.blocks)).toContain(`"url":"${URL}"`);
    expect(notConnected.blocks.at(-1)).toEqual({ type: 'context', elements: [{ type: 'mrkdwn', text: 'Your Microsoft account was disconnected.' }] });
    for (const view of [connected, notConnected, homeView({ kind: 'linking_not_configured' }), homeView({ kind: 'no_federated_databases' })]) {
      expect(validateHomeView({ user_id: 'UANA', view })).toEqual([]);
    }
    expect(JSON.stringify(homeView({ kind: 'no_federated_databases' }).blocks)).not.toContain('Microsoft');
  });
});

describe('the validator checks URL buttons and Home views', () => {
  it('refuses a URL button without an http(s) URL, an over-long URL, and a view that is not a Home view', () => {
    const withUrl = (url: string) => ({ text: 'x', blocks: [{ type: 'actions', elements: [{ type: 'button', text: { type: 'plain_text', text: 'Go' }, action_id: 'a', url }] }] });
    expect(validateSlackMessage(withUrl('javascript:alert(1)'))).toEqual(['block 0 (actions) element 0: url must be an http(s) URL']);
    expect(validateSlackMessage(withUrl(`https://example.com/${'a'.repeat(3_000)}`))).toEqual(['block 0 (actions) element 0: url longer than 3000']);
    expect(validateHomeView({ user_id: 'U1', view: { type: 'modal', blocks: [{ type: 'divider' }] } })).toEqual(['view type modal is not home']);
    expect(validateHomeView({ view: { type: 'home', blocks: [] } })).toEqual(['views.publish needs user_id', 'view needs blocks']);
  });
});

describe('the unlink command', () => {
  it.each([
    ['unlink', true],
    [' Unlink. ', true],
    ['UNLINK!', true],
    ['unlink my account please', false],
    ['how do I unlink?', false],
  ])('%j → %s', (text, expected) => {
    expect(isUnlinkCommand(text)).toBe(expected);
  });
});
