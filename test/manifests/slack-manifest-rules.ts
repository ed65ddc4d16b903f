// Slack's app manifest rules (docs.slack.dev/reference/app-manifest), the ones a manifest pasted
// into "Create New App → From an app manifest" is refused for: required keys, lengths, scope
// names Slack knows, every bot event backed by the scope it needs, request URLs where HTTP mode
// needs them. Problems come back as lines naming the key.

/** Bot events and the scope each needs before Slack delivers it (null: none). */
const BOT_EVENT_SCOPES: Record<string, string | null> = {
  app_mention: 'app_mentions:read',
  app_home_opened: null,
  // Slack's app_context_changed reference lists no scope; it needs features.agent_view instead (checked below).
  app_context_changed: null,
  app_uninstalled: null,
  tokens_revoked: null,
  assistant_thread_started: 'assistant:write',
  assistant_thread_context_changed: 'assistant:write',
  'message.channels': 'channels:history',
  'message.groups': 'groups:history',
  'message.im': 'im:history',
  'message.mpim': 'mpim:history',
  reaction_added: 'reactions:read',
  reaction_removed: 'reactions:read',
  member_joined_channel: 'channels:read',
  file_shared: 'files:read',
  link_shared: 'links:read',
};

const KNOWN_BOT_SCOPES = new Set([
  'app_mentions:read',
  'assistant:write',
  'channels:history',
  'channels:join',
  'channels:read',
  'chat:write',
  'chat:write.customize',
  'chat:write.public',
  'commands',
  'files:read',
  'files:write',
  'groups:history',
  'groups:read',
  'im:history',
  'im:read',
  'im:write',
  'links:read',
  'links:write',
  'metadata.message:read',
  'mpim:history',
  'mpim:read',
  'mpim:write',
  'reactions:read',
  'reactions:write',
  'team:read',
  'users:read',
  'users:read.email',
  'users.profile:read',
  'usergroups:read',
]);

const TOP_LEVEL_KEYS = new Set(['_metadata', 'display_information', 'features', 'oauth_config', 'settings', 'functions', 'workflows', 'outgoing_domains']);

type Node = Record<string, unknown>;

function objectAt(parent: unknown, key: string): Node | undefined {
  const value = (parent as Node | undefined)?.[key];
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : undefined;
}

function stringsAt(parent: unknown, key: string): string[] {
  const value = (parent as Node | undefined)?.[key];
  return Array.isArray(value) ? value.map(String) : [];
}

function checkLength(problems: string[], path: string, value: unknown, min: number, max: number, required: boolean): void {
  if (value === undefined) {
    if (required) problems.push(`${path} is required`);
    return;
  }
  if (typeof value !== 'string') problems.push(`${path} must be a string`);
  else if (value.length < min || value.length > max) problems.push(`${path} must be ${min}–${max} characters (has ${value.length})`);
}

function checkDuplicates(problems: string[], path: string, values: string[]): void {
  const seen = new Set<string>();
  for (const value of values) {
    if (seen.has(value)) problems.push(`${path} lists ${value} twice`);
    seen.add(value);
  }
}

export function checkSlackManifest(manifest: Node): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(manifest)) if (!TOP_LEVEL_KEYS.has(key)) problems.push(`${key} is not a manifest key`);

  const display = objectAt(manifest, 'display_information');
  if (!display) problems.push('display_information is required');
  checkLength(problems, 'display_information.name', display?.name, 1, 35, true);
  checkLength(problems, 'display_information.description', display?.description, 1, 140, false);
  checkLength(problems, 'display_information.long_description', display?.long_description, 175, 4000, false);
  if (display?.background_color !== undefined && !/^#[0-9a-f]{3}([0-9a-f]{3})?$/i.test(String(display.background_color))) {
    problems.push('display_information.background_color must be a hex colour such as #1d3b5c');
  }

  const features = objectAt(manifest, 'features');
  const botUser = objectAt(features, 'bot_user');
  if (botUser) checkLength(problems, 'features.bot_user.display_name', botUser.display_name, 1, 80, true);
  const assistant = objectAt(features, 'assistant_view');
  if (assistant) checkLength(problems, 'features.assistant_view.assistant_description', assistant.assistant_description, 1, 4000, true);
  // Slack's manifest reference gives agent_description no length of its own; the assistant_description it replaces is 1–4,000.
  const agent = objectAt(features, 'agent_view');
  if (agent) checkLength(problems, 'features.agent_view.agent_description', agent.agent_description, 1, 4000, true);

  const scopes = stringsAt(objectAt(objectAt(manifest, 'oauth_config'), 'scopes'), 'bot');
  checkDuplicates(problems, 'oauth_config.scopes.bot', scopes);
  for (const scope of scopes) if (!KNOWN_BOT_SCOPES.has(scope)) problems.push(`oauth_config.scopes.bot: ${scope} is not a Slack bot scope`);
  if (assistant && !scopes.includes('assistant:write')) problems.push('features.assistant_view needs the assistant:write bot scope');
  // assistant.threads.setSuggestedPrompts takes only assistant:write, in either experience.
  if (agent && !scopes.includes('assistant:write')) problems.push('features.agent_view needs the assistant:write bot scope (suggested prompts)');
  if (botUser === undefined && scopes.length > 0) problems.push('bot scopes need features.bot_user');

  const settings = objectAt(manifest, 'settings');
  const socketMode = settings?.socket_mode_enabled === true;
  const events = objectAt(settings, 'event_subscriptions');
  const botEvents = stringsAt(events, 'bot_events');
  checkDuplicates(problems, 'settings.event_subscriptions.bot_events', botEvents);
  for (const event of botEvents) {
    if (!(event in BOT_EVENT_SCOPES)) {
      problems.push(`settings.event_subscriptions.bot_events: ${event} is not a bot event this check knows`);
      continue;
    }
    // "The agent_view feature must be enabled in order to receive this event" (app_context_changed reference).
    if (event === 'app_context_changed' && !agent) problems.push('settings.event_subscriptions.bot_events: app_context_changed needs features.agent_view');
    const needed = BOT_EVENT_SCOPES[event];
    if (needed && !scopes.includes(needed)) problems.push(`settings.event_subscriptions.bot_events: ${event} needs the ${needed} bot scope`);
  }
  const requestUrl = (owner: Node | undefined, path: string) => {
    if (owner === undefined) return;
    if (socketMode) return;
    const url = owner.request_url;
    if (typeof url !== 'string' || !/^https:\/\//.test(url)) problems.push(`${path}.request_url must be an https:// URL when socket_mode_enabled is false`);
  };
  if (botEvents.length > 0) requestUrl(events, 'settings.event_subscriptions');
  const interactivity = objectAt(settings, 'interactivity');
  if (interactivity?.is_enabled === true) requestUrl(interactivity, 'settings.interactivity');
  return problems;
}
