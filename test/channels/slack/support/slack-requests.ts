// Builds and sends requests the way Slack does: Events API JSON and interactivity form bodies,
// signed with the v0 HMAC-SHA256 scheme (`v0:<timestamp>:<body>` keyed by the signing secret).
import { createHmac } from 'node:crypto';

export interface SendOptions {
  /** Seconds since the epoch; default now. */
  timestampSeconds?: number;
  /** Replace the computed signature (to test rejection). */
  signature?: string;
  retryNum?: number;
}

export function signSlackBody(signingSecret: string, body: string, timestampSeconds: number): string {
  return `v0=${createHmac('sha256', signingSecret).update(`v0:${timestampSeconds}:${body}`).digest('hex')}`;
}

async function send(url: string, signingSecret: string, body: string, contentType: string, options: SendOptions): Promise<Response> {
  const timestamp = options.timestampSeconds ?? Math.floor(Date.now() / 1000);
  const headers: Record<string, string> = {
    'content-type': contentType,
    'x-slack-request-timestamp': String(timestamp),
    'x-slack-signature': options.signature ?? signSlackBody(signingSecret, body, timestamp),
  };
  if (options.retryNum !== undefined) {
    headers['x-slack-retry-num'] = String(options.retryNum);
    headers['x-slack-retry-reason'] = 'http_timeout';
  }
  return fetch(url, { method: 'POST', headers, body });
}

export function sendSlackEvent(url: string, signingSecret: string, envelope: object, options: SendOptions = {}): Promise<Response> {
  return send(url, signingSecret, JSON.stringify(envelope), 'application/json', options);
}

export function sendSlackAction(url: string, signingSecret: string, payload: object, options: SendOptions = {}): Promise<Response> {
  return send(url, signingSecret, new URLSearchParams({ payload: JSON.stringify(payload) }).toString(), 'application/x-www-form-urlencoded', options);
}

let eventCounter = 0;

export interface MessageEventFields {
  type?: 'app_mention' | 'message';
  user: string;
  text: string;
  channel: string;
  ts: string;
  thread_ts?: string;
  channel_type?: string;
  subtype?: string;
  bot_id?: string;
  eventId?: string;
  teamId?: string;
}

export function messageEnvelope(fields: MessageEventFields): Record<string, unknown> {
  const { eventId, teamId = 'T1', type = 'app_mention', ...event } = fields;
  return {
    token: 'legacy-verification-token',
    team_id: teamId,
    api_app_id: 'A1',
    type: 'event_callback',
    event_id: eventId ?? `Ev${String(++eventCounter).padStart(6, '0')}`,
    event_time: Math.floor(Date.now() / 1000),
    authorizations: [{ team_id: teamId, user_id: 'UBOT', is_bot: true, is_enterprise_install: false }],
    event: { type, ...event, event_ts: event.ts },
  };
}

export interface PostedMessageLike {
  channel: string;
  ts: string;
  thread_ts?: string;
  text: string;
  blocks?: unknown[];
}

/** A block_actions payload for a click on `actionId` in a message the fake server holds. */
export function buttonClickPayload(message: PostedMessageLike, actionId: string, userId: string, teamId = 'T1'): Record<string, unknown> {
  const button = findButton(message.blocks ?? [], actionId);
  if (!button) throw new Error(`No button ${actionId} in message ${message.ts}.`);
  return {
    type: 'block_actions',
    team: { id: teamId, domain: 'fake' },
    user: { id: userId, username: userId.toLowerCase(), team_id: teamId },
    api_app_id: 'A1',
    token: 'legacy-verification-token',
    trigger_id: 'trigger-1',
    response_url: 'https://hooks.slack.invalid/actions/1',
    container: { type: 'message', message_ts: message.ts, channel_id: message.channel, is_ephemeral: false },
    channel: { id: message.channel, name: 'analytics' },
    message: { type: 'message', ts: message.ts, thread_ts: message.thread_ts, text: message.text, blocks: message.blocks, user: 'UBOT', bot_id: 'BBOT' },
    actions: [{ ...button, block_id: button.block_id, action_ts: String(Date.now() / 1000) }],
  };
}

interface FoundButton {
  action_id: string;
  block_id?: string;
  value?: string;
  type: string;
  text: unknown;
}

export function findButton(blocks: unknown[], actionId: string): FoundButton | undefined {
  for (const block of blocks as Array<{ type: string; block_id?: string; elements?: FoundButton[] }>) {
    if (block.type !== 'actions') continue;
    const element = block.elements?.find((candidate) => candidate.action_id === actionId);
    if (element) return { ...element, block_id: block.block_id };
  }
  return undefined;
}

/** A block_actions payload for a 👍 or 👎 on the feedback_buttons element of a message the fake holds. */
export function feedbackClickPayload(message: PostedMessageLike, rating: 'positive' | 'negative', userId: string, triggerId: string, teamId = 'T1'): Record<string, unknown> {
  const block = (message.blocks as Array<{ type: string; block_id?: string; elements?: Array<Record<string, unknown>> }> | undefined)?.find((candidate) => candidate.type === 'context_actions');
  const element = block?.elements?.find((candidate) => candidate.type === 'feedback_buttons');
  if (!block || !element) throw new Error(`No feedback buttons in message ${message.ts}.`);
  const button = element[rating === 'positive' ? 'positive_button' : 'negative_button'] as { value: string; text: unknown };
  return {
    type: 'block_actions',
    team: { id: teamId, domain: 'fake' },
    user: { id: userId, username: userId.toLowerCase(), team_id: teamId },
    api_app_id: 'A1',
    token: 'legacy-verification-token',
    trigger_id: triggerId,
    container: { type: 'message', message_ts: message.ts, channel_id: message.channel, is_ephemeral: false },
    channel: { id: message.channel, name: 'analytics' },
    message: { type: 'message', ts: message.ts, thread_ts: message.thread_ts, text: message.text, blocks: message.blocks, user: 'UBOT', bot_id: 'BBOT' },
    // Slack reports the clicked side's value and text on the element's action.
    actions: [{ type: 'feedback_buttons', action_id: element.action_id, block_id: block.block_id, value: button.value, text: button.text, action_ts: String(Date.now() / 1000) }],
  };
}

/** A view_submission payload for a modal the fake opened, with the typed value of each input (block id → action id → text). */
export function viewSubmissionPayload(view: { id: string; view: Record<string, unknown> }, userId: string, typed: Record<string, Record<string, string>>, teamId = 'T1'): Record<string, unknown> {
  const values = Object.fromEntries(
    Object.entries(typed).map(([blockId, actions]) => [blockId, Object.fromEntries(Object.entries(actions).map(([actionId, value]) => [actionId, { type: 'plain_text_input', value }]))]),
  );
  return {
    type: 'view_submission',
    team: { id: teamId, domain: 'fake' },
    user: { id: userId, username: userId.toLowerCase(), team_id: teamId },
    api_app_id: 'A1',
    token: 'legacy-verification-token',
    trigger_id: `${Date.now()}.1.submitted`,
    view: { ...view.view, id: view.id, team_id: teamId, app_id: 'A1', bot_id: 'BBOT', hash: `${view.id}-hash`, state: { values } },
  };
}
