// Both Slack manifests (HTTP mode and Socket Mode) follow Slack's manifest rules, and the rules
// catch what Slack would refuse.
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { checkSlackManifest } from './slack-manifest-rules.js';

function load(file: string): Record<string, unknown> {
  return parseYaml(readFileSync(`manifests/slack/${file}`, 'utf8')) as Record<string, unknown>;
}

describe('Slack app manifests', () => {
  it.each(['manifest.yaml', 'manifest.socket-mode.yaml'])('%s follows Slack’s manifest rules', (file) => {
    expect(checkSlackManifest(load(file))).toEqual([]);
  });

  it('the two manifests differ only in how events arrive', () => {
    const http = load('manifest.yaml');
    const socket = load('manifest.socket-mode.yaml');
    expect(socket.oauth_config).toEqual(http.oauth_config);
    expect(socket.features).toEqual(http.features);
    const settings = (manifest: Record<string, unknown>) => manifest.settings as { event_subscriptions: { bot_events: string[] }; socket_mode_enabled: boolean };
    expect(settings(socket).event_subscriptions.bot_events).toEqual(settings(http).event_subscriptions.bot_events);
    expect([settings(http).socket_mode_enabled, settings(socket).socket_mode_enabled]).toEqual([false, true]);
  });

  it('reports what Slack would refuse, naming the key', () => {
    const manifest = load('manifest.yaml');
    const broken = structuredClone(manifest) as {
      display_information: Record<string, unknown>;
      oauth_config: { scopes: { bot: string[] } };
      settings: { event_subscriptions: Record<string, unknown>; interactivity: Record<string, unknown> };
    };
    broken.display_information.name = 'datathread, the data analyst in your threads';
    broken.oauth_config.scopes.bot = broken.oauth_config.scopes.bot.filter((scope) => scope !== 'im:history').concat('chat:write:bot');
    delete broken.settings.interactivity.request_url;
    expect(checkSlackManifest(broken)).toEqual([
      'display_information.name must be 1–35 characters (has 44)',
      'oauth_config.scopes.bot: chat:write:bot is not a Slack bot scope',
      'settings.event_subscriptions.bot_events: message.im needs the im:history bot scope',
      'settings.interactivity.request_url must be an https:// URL when socket_mode_enabled is false',
    ]);
  });

  it('requires the assistant:write scope for the assistant view and a display name for the bot user', () => {
    const manifest = load('manifest.socket-mode.yaml') as { features: { bot_user: Record<string, unknown> }; oauth_config: { scopes: { bot: string[] } } };
    delete manifest.features.bot_user.display_name;
    manifest.oauth_config.scopes.bot = manifest.oauth_config.scopes.bot.filter((scope) => scope !== 'assistant:write');
    expect(checkSlackManifest(manifest)).toEqual([
      'features.bot_user.display_name is required',
      'features.assistant_view needs the assistant:write bot scope',
      'settings.event_subscriptions.bot_events: assistant_thread_started needs the assistant:write bot scope',
      'settings.event_subscriptions.bot_events: assistant_thread_context_changed needs the assistant:write bot scope',
    ]);
  });
});
